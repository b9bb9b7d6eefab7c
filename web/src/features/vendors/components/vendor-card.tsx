import type { Vendor } from '@bosun/shared';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconUser, IconWorld } from '@tabler/icons-react';
import { memo } from 'react';
import { formatDate } from '../../../lib/format';
import { DetailLine, ExternalLink, VendorActionButtons, VendorCounts, VendorLogo, vendorLocation, type VendorItemActions } from './vendor-item-parts';
import { VendorNameField } from './vendor-name-field';
import { VendorStatusMenu } from './vendor-status-menu';

const ICON = 16;

/** Memoised: the grid redraws its rows on every scroll step, and a card only changes with its vendor. */
export const VendorCard = memo(function VendorCard({ vendor, actions }: { vendor: Vendor; actions: VendorItemActions }) {
  return (
    <Card withBorder padding="md" h="100%" component="article" aria-label={vendor.name} data-vendor-id={vendor.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <VendorLogo vendor={vendor} size={48} />
        <Stack gap={4} miw={0} style={{ flex: 1 }} align="flex-start">
          <div style={{ width: '100%', minWidth: 0 }}>
            <VendorNameField
              vendor={vendor}
              size="lg"
              editing={actions.renamingId === vendor.id}
              onStartEditing={() => actions.onRenamingChange(vendor.id)}
              onStopEditing={() => actions.onRenamingChange(null)}
              onRename={actions.onRename}
            />
          </div>
          <VendorStatusMenu vendor={vendor} onChange={actions.onStatusChange} pending={actions.statusSavingIds.has(vendor.id)} />
        </Stack>
      </Group>

      <Stack gap={6} mt="md">
        <DetailLine icon={<IconMail size={ICON} />} label="Email">
          {vendor.email && <ExternalLink href={`mailto:${vendor.email}`}>{vendor.email}</ExternalLink>}
        </DetailLine>
        <DetailLine icon={<IconPhone size={ICON} />} label="Phone">
          {vendor.phone}
        </DetailLine>
        <DetailLine icon={<IconUser size={ICON} />} label="Contact">
          {vendor.contact_person}
        </DetailLine>
        <DetailLine icon={<IconWorld size={ICON} />} label="Website">
          {vendor.website && <ExternalLink href={vendor.website}>{vendor.website.replace(/^https?:\/\//i, '')}</ExternalLink>}
        </DetailLine>
        <DetailLine icon={<IconMapPin size={ICON} />} label="Location">
          {vendorLocation(vendor)}
        </DetailLine>
      </Stack>

      <Card.Section withBorder inheritPadding py="sm" my="md" bg="var(--mantine-color-gray-0)">
        <VendorCounts vendor={vendor} />
      </Card.Section>

      <Group justify="space-between" wrap="nowrap" mt="auto">
        <Text size="xs" c="dimmed">
          Added {formatDate(vendor.created_at)}
        </Text>
        <VendorActionButtons vendor={vendor} actions={actions} />
      </Group>
    </Card>
  );
});
