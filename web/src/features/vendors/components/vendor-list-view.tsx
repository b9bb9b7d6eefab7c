import type { Vendor } from '@bosun/shared';
import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconMail, IconMapPin, IconPhone, IconUser, IconWorld } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { WindowVirtualGrid } from '../../../components/ui/window-virtual-grid';
import { formatDate } from '../../../lib/format';
import { ExternalLink, VendorActionButtons, VendorCounts, VendorLogo, vendorLocation, type VendorItemActions } from './vendor-item-parts';
import { VendorNameField } from './vendor-name-field';
import { VendorStatusMenu } from './vendor-status-menu';
import { TruncatedText } from '../../../components/ui/truncated-text';

const ICON = 14;

/** One detail in the row's second line; a field that is not set is left out rather than dashed. */
function Meta({ icon, label, children, spoken = true }: { icon: ReactNode; label: string; children: ReactNode; spoken?: boolean }) {
  if (!children) return null;
  return (
    <Group gap={5} wrap="nowrap" miw={0} maw={300}>
      <Text c="dimmed" display="flex" aria-hidden>
        <TruncatedText lines={false} full={label}>
          {icon}
        </TruncatedText>
      </Text>
      {spoken && <VisuallyHidden>{label}:</VisuallyHidden>}
      <Text component="div" size="sm" c="dimmed" truncate="end" miw={0}>
        {children}
      </Text>
    </Group>
  );
}

const VendorListRow = memo(function VendorListRow({ vendor, actions }: { vendor: Vendor; actions: VendorItemActions }) {
  const editing = actions.renamingId === vendor.id;
  return (
    <Paper withBorder px="md" py="sm" component="article" aria-label={vendor.name} data-vendor-id={vendor.id}>
      {/* The details and the figures share a line when there is room; on a phone the figures wrap below. */}
      <Group wrap="wrap" gap="md" align="center">
        <Group wrap="nowrap" gap="md" align="center" style={{ flex: '1 1 340px', minWidth: 0 }}>
          <VendorLogo vendor={vendor} size={44} />
          <Stack gap={6} miw={0} style={{ flex: 1 }}>
            <Group gap="sm" wrap="nowrap" miw={0}>
              <div style={{ minWidth: 0, flex: editing ? 1 : '0 1 auto' }}>
                <VendorNameField
                  vendor={vendor}
                  editing={editing}
                  onStartEditing={() => actions.onRenamingChange(vendor.id)}
                  onStopEditing={() => actions.onRenamingChange(null)}
                  onRename={actions.onRename}
                />
              </div>
              <VendorStatusMenu vendor={vendor} onChange={actions.onStatusChange} pending={actions.statusSavingIds.has(vendor.id)} />
            </Group>
            <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
              <Meta icon={<IconMail size={ICON} />} label="Email">
                {vendor.email && <ExternalLink href={`mailto:${vendor.email}`}>{vendor.email}</ExternalLink>}
              </Meta>
              <Meta icon={<IconPhone size={ICON} />} label="Phone">
                {vendor.phone}
              </Meta>
              <Meta icon={<IconUser size={ICON} />} label="Contact">
                {vendor.contact_person}
              </Meta>
              <Meta icon={<IconWorld size={ICON} />} label="Website">
                {vendor.website && <ExternalLink href={vendor.website}>{vendor.website.replace(/^https?:\/\//i, '')}</ExternalLink>}
              </Meta>
              <Meta icon={<IconMapPin size={ICON} />} label="Location">
                {vendorLocation(vendor)}
              </Meta>
              <Meta icon={<IconCalendar size={ICON} />} label="Date added" spoken={false}>
                {`Added ${formatDate(vendor.created_at)}`}
              </Meta>
            </Group>
          </Stack>
        </Group>
        <Group wrap="nowrap" gap="md" ml="auto">
          <VendorCounts vendor={vendor} compact />
          <VendorActionButtons vendor={vendor} actions={actions} />
        </Group>
      </Group>
    </Paper>
  );
});

export function VendorListView({ vendors, actions }: { vendors: Vendor[]; actions: VendorItemActions }) {
  return (
    <WindowVirtualGrid
      aria-label="Vendors"
      items={vendors}
      getKey={(vendor) => vendor.id}
      renderItem={(vendor) => <VendorListRow vendor={vendor} actions={actions} />}
      minColumnWidth={600}
      maxColumns={1}
      gap={8}
      estimateRowHeight={100}
    />
  );
}
