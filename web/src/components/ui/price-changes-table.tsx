import { ScrollArea, Table } from '@mantine/core';
import { changeFieldLabel, type DryRunChanges } from '../../lib/dry-run-fields';
import { formatCurrency } from '../../lib/format';

interface Props {
  changes: DryRunChanges['topPriceChanges'];
  currency: string;
  minWidth: number;
}

/** A dry run's largest price changes (issue 22): the wizard's preview and a held feed run show the same table. */
export function PriceChangesTable({ changes, currency, minWidth }: Props) {
  return (
    <ScrollArea type="auto">
      <Table withTableBorder fz="xs" aria-label="Largest price changes" miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>From → to</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={`${change.sku}-${change.field}`}>
              <Table.Td>{change.sku}</Table.Td>
              <Table.Td>{change.name}</Table.Td>
              <Table.Td>{changeFieldLabel(change.field)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatCurrency(change.from, currency)} → {formatCurrency(change.to, currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
