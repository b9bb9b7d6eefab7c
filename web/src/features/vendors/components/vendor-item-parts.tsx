import type { Vendor } from '@bosun/shared';
import { ActionIcon, Anchor, Avatar, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { VendorStatus } from '../vendor-list-options';
import type { RenameVendor } from './vendor-name-field';
import { formatCount } from '../../../lib/format';
import { TruncatedText } from '../../../components/ui/truncated-text';

/** What every view can do with a vendor; the screen owns the calls and the rename state. */
export interface VendorItemActions {
  onEdit: (vendor: Vendor) => void;
  onDelete: (vendor: Vendor) => void;
  onStatusChange: (vendor: Vendor, status: VendorStatus) => void;
  onRename: RenameVendor;
  renamingId: number | null;
  onRenamingChange: (id: number | null) => void;
  statusSavingIds: ReadonlySet<number>;
}

export const vendorLocation = (vendor: Vendor) => [vendor.city, vendor.state].filter(Boolean).join(', ');

/** Shown for an unset field, so that every card has the same lines in the same places. */
export const NOT_SET = '—';

export function VendorLogo({ vendor, size = 44 }: { vendor: Vendor; size?: number }) {
  return <Avatar src={vendor.logo_url || null} name={vendor.name} color="initials" radius="md" size={size} alt="" aria-hidden />;
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" display="block">
      {typeof children === 'string' ? <TruncatedText full={children}>{children}</TruncatedText> : children}
    </Anchor>
  );
}

/** An icon, a hidden label for screen readers, and the value (or a dash). */
export function DetailLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Group gap={8} wrap="nowrap" miw={0}>
      <Text c="dimmed" display="flex" aria-hidden>
        <TruncatedText lines={false} full={label}>
          {icon}
        </TruncatedText>
      </Text>
      <VisuallyHidden>{label}:</VisuallyHidden>
      <div style={{ minWidth: 0, flex: 1 }}>
        {empty ? (
          <Text size="sm" c="dimmed">
            {NOT_SET}
          </Text>
        ) : typeof children === 'string' ? (
          <Text size="sm" component="div">
            <TruncatedText full={children}>{children}</TruncatedText>
          </Text>
        ) : (
          children
        )}
      </div>
    </Group>
  );
}

export function VendorActionButtons({ vendor, actions }: { vendor: Vendor; actions: VendorItemActions }) {
  return (
    <Group gap={4} wrap="nowrap">
      <>
        <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${vendor.name}`} onClick={() => actions.onEdit(vendor)}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </>
      <>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${vendor.name}`} onClick={() => actions.onDelete(vendor)}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </>
    </Group>
  );
}

const COUNT_COLORS = { products: 'blue', inStock: 'green', outOfStock: 'red' } as const;

/** Products / In Stock / Out of Stock, as three figures side by side. */
export function VendorCounts({ vendor, compact = false }: { vendor: Vendor; compact?: boolean }) {
  const items = [
    { label: 'Products', value: vendor.product_count, color: COUNT_COLORS.products },
    { label: 'In Stock', value: vendor.in_stock_count, color: COUNT_COLORS.inStock },
    { label: 'Out of Stock', value: vendor.out_of_stock_count, color: COUNT_COLORS.outOfStock },
  ];
  return (
    <Group gap={compact ? 'md' : 0} wrap="nowrap" grow={!compact} component="dl" m={0}>
      {items.map((item) => (
        // The term comes first in the markup; the figure is shown above it.
        <div
          key={item.label}
          style={{ display: 'flex', flexDirection: 'column-reverse', alignItems: compact ? 'flex-start' : 'center', minWidth: 0 }}
        >
          <Text component="dt" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} size={compact ? 'sm' : 'lg'} c={`${item.color}.7`} lh={1.2}>
            {formatCount(item.value)}
          </Text>
        </div>
      ))}
    </Group>
  );
}
