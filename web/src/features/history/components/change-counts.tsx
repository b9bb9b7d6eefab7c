import { Group, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format';

/** Products created, updated and deleted by one operation; the zero ones left out. */
export function ChangeCounts({ created, updated, deleted }: { created: number; updated: number; deleted: number }) {
  const parts: Array<[string, number, string]> = [
    ['created', created, 'teal'],
    ['updated', updated, 'blue'],
    ['deleted', deleted, 'red'],
  ];
  const shown = parts.filter(([, count]) => count > 0);
  if (shown.length === 0) return <Text size="sm">No products</Text>;
  return (
    <Group gap={8} wrap="wrap">
      {shown.map(([label, count, color]) => (
        <Text key={label} size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
          {formatCount(count)} {label}
        </Text>
      ))}
    </Group>
  );
}
