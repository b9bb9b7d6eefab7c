import type { Vendor } from '@bosun/shared';
import { Anchor, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, type ReactNode } from 'react';
import { useDeferredMeasure, usePageOffsetTop } from '../../../components/ui/window-virtual-grid';
import { formatCount, formatDate } from '../../../lib/format';
import { NOT_SET, VendorActionButtons, vendorLocation, type VendorItemActions } from './vendor-item-parts';
import { VendorNameField } from './vendor-name-field';
import { VendorStatusMenu } from './vendor-status-menu';
import { TruncatedText } from '../../../components/ui/truncated-text';

const ROW_HEIGHT_ESTIMATE = 63;
const COLUMN_COUNT = 7;

const dash = (
  <Text span size="sm" c="dimmed">
    {NOT_SET}
  </Text>
);

function Line({ children, dimmed = false }: { children: ReactNode; dimmed?: boolean }) {
  if (!children) return dash;
  return typeof children === 'string' ? (
    <Text size="sm" c={dimmed ? 'dimmed' : undefined} component="div">
      <TruncatedText full={children}>{children}</TruncatedText>
    </Text>
  ) : (
    children
  );
}

const link = (href: string, label: string, external: boolean) => (
  <Anchor href={href} size="sm" display="block" {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
    <TruncatedText full={label}>{label}</TruncatedText>
  </Anchor>
);

const count = formatCount;

const VendorRow = memo(function VendorRow({ vendor, actions, index, measure }: { vendor: Vendor; actions: VendorItemActions; index: number; measure: (node: Element | null) => void }) {
  return (
    <Table.Tr data-vendor-id={vendor.id} data-index={index} ref={measure} aria-rowindex={index + 2}>
      <Table.Td>
        <VendorNameField
          as="span"
          size="sm"
          vendor={vendor}
          editing={actions.renamingId === vendor.id}
          onStartEditing={() => actions.onRenamingChange(vendor.id)}
          onStopEditing={() => actions.onRenamingChange(null)}
          onRename={actions.onRename}
        />
        {vendorLocation(vendor) && (
          <Text size="sm" c="dimmed" component="div">
            <TruncatedText full={vendorLocation(vendor)}>{vendorLocation(vendor)}</TruncatedText>
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <VendorStatusMenu vendor={vendor} onChange={actions.onStatusChange} pending={actions.statusSavingIds.has(vendor.id)} />
      </Table.Td>
      <Table.Td>
        <Line>{vendor.contact_person}</Line>
        {/* A phone number is never cut: the column is as wide as a full international number. */}
        {vendor.phone ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {vendor.phone}
          </Text>
        ) : (
          dash
        )}
      </Table.Td>
      <Table.Td>
        <Line>{vendor.email && link(`mailto:${vendor.email}`, vendor.email, false)}</Line>
        <Line>{vendor.website && link(vendor.website, vendor.website.replace(/^https?:\/\//i, ''), true)}</Line>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" fw={600}>
          {count(vendor.product_count)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <VisuallyHidden>In stock: </VisuallyHidden>
          <Text span inherit c="green.8">
            <TruncatedText lines={false} full={`In stock: ${count(vendor.in_stock_count)}`}>
              {count(vendor.in_stock_count)}
            </TruncatedText>
          </Text>
          {' / '}
          <VisuallyHidden>Out of stock: </VisuallyHidden>
          <Text span inherit c={vendor.out_of_stock_count > 0 ? 'red.8' : undefined}>
            <TruncatedText lines={false} full={`Out of stock: ${count(vendor.out_of_stock_count)}`}>
              {count(vendor.out_of_stock_count)}
            </TruncatedText>
          </Text>
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDate(vendor.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <VendorActionButtons vendor={vendor} actions={actions} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

function SpacerRow({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden>
      <td colSpan={COLUMN_COUNT} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * Every vendor in one table; only the rows near the viewport are drawn, with spacer rows standing in
 * for the rest, so 500 vendors scroll as smoothly as 20. Fixed column widths keep the columns still
 * while different rows come and go.
 */
export function VendorTableView({ vendors, actions }: { vendors: Vendor[]; actions: VendorItemActions }) {
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollMargin = usePageOffsetTop(tableRef);
  const virtualizer = useWindowVirtualizer({
    count: vendors.length,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: 8,
    scrollMargin,
    useFlushSync: false,
  });
  const measureRow = useDeferredMeasure(virtualizer.measureElement);
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    // Positioned, so that the cells' visually hidden labels (absolutely placed) scroll inside it:
    // placed against the page instead, they widened a phone's page to 762 px (issue 24's walk).
    <Table.ScrollContainer minWidth={960} type="native" pos="relative">
      <Table
        ref={tableRef}
        verticalSpacing="xs"
        highlightOnHover
        withTableBorder
        aria-label="Vendors"
        aria-rowcount={vendors.length + 1}
        style={{ tableLayout: 'fixed' }}
        bg="var(--mantine-color-body)"
      >
        <colgroup>
          {/* Name and Email / Website share what the fixed columns leave. */}
          <col />
          <col style={{ width: 136 }} />
          <col style={{ width: 176 }} />
          <col />
          <col style={{ width: 120 }} />
          <col style={{ width: 116 }} />
          <col style={{ width: 84 }} />
        </colgroup>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <Table.Th>
              Name
              <Text size="xs" c="dimmed" fw={400}>
                City / State
              </Text>
            </Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Contact / Phone</Table.Th>
            <Table.Th>Email / Website</Table.Th>
            <Table.Th ta="right">
              Products
              <Text size="xs" c="dimmed" fw={400} style={{ whiteSpace: 'nowrap' }}>
                In / Out of Stock
              </Text>
            </Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <SpacerRow height={before} />
          {rows.map((row) => {
            const vendor = vendors[row.index]!;
            return <VendorRow key={vendor.id} vendor={vendor} actions={actions} index={row.index} measure={measureRow} />;
          })}
          <SpacerRow height={after} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
