import type { Attribute, GeneratePreview } from '@bosun/shared';
import { Badge, ScrollArea, Table, Text } from '@mantine/core';

type Combination = GeneratePreview['combinations'][number];

/** One combination's SKU, marked when it exists already (skipped) or cannot be made (its problem). */
function CombinationCell({ combination }: { combination: Combination | undefined }) {
  if (!combination) return <Text size="xs" c="dimmed">—</Text>;
  return (
    <div>
      <Text size="xs" ff="monospace" c={combination.exists ? 'dimmed' : combination.problem ? 'red' : undefined}>
        {combination.sku}
      </Text>
      {combination.exists && (
        <Badge size="xs" color="gray" variant="light">
          exists
        </Badge>
      )}
      {combination.problem && (
        <Text size="xs" c="red">
          {combination.problem}
        </Text>
      )}
    </div>
  );
}

/**
 * The preview: for two attributes a matrix (rows the first attribute's values, columns the
 * second's), otherwise a list, one line per combination.
 */
export function PreviewTable({ preview, attributes, chosen }: { preview: GeneratePreview; attributes: readonly Attribute[]; chosen: string[][] }) {
  if (attributes.length === 2) {
    const byKey = new Map(preview.combinations.map((c) => [JSON.stringify(c.values), c]));
    const [rows, columns] = chosen as [string[], string[]];
    return (
      <ScrollArea.Autosize mah="45vh" type="auto">
        <Table withTableBorder withColumnBorders striped aria-label="Preview matrix" style={{ minWidth: 120 + columns.length * 150 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {attributes[0]!.name} \ {attributes[1]!.name}
              </Table.Th>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row}>
                <Table.Th scope="row">{row}</Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column}>
                    <CombinationCell combination={byKey.get(JSON.stringify([row, column]))} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );
  }
  return (
    <ScrollArea.Autosize mah="45vh" type="auto">
      <Table withTableBorder striped aria-label="Preview list">
        <Table.Thead>
          <Table.Tr>
            {attributes.map((a) => (
              <Table.Th key={a.name}>{a.name}</Table.Th>
            ))}
            <Table.Th>SKU</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.combinations.map((combination) => (
            <Table.Tr key={JSON.stringify(combination.values)}>
              {combination.values.map((value, i) => (
                <Table.Td key={i}>{value}</Table.Td>
              ))}
              <Table.Td>
                <CombinationCell combination={combination} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
