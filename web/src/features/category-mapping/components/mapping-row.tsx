import type { CategoryMappingRow, StoreCategoryRef } from '@bosun/shared';
import { plural } from '@bosun/shared';
import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { TruncatedText } from '../../../components/ui/truncated-text';

interface MappingRowProps {
  row: CategoryMappingRow;
  selected: boolean;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onAccept: (suggestion: StoreCategoryRef) => void;
  onMap: () => void;
  onUnmap: () => void;
}

/** One vendor category: where its products go (its own mapping, an inherited one, or nowhere) and what to do about it. */
export function MappingRow({ row, selected, busy, onSelect, onAccept, onMap, onUnmap }: MappingRowProps) {
  const label = row.vendor_name ? `${row.path} (${row.vendor_name})` : row.path;
  return (
    <Paper withBorder p="sm" aria-label={`Vendor category ${label}`} data-testid="mapping-row">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {row.suggestions.length > 0 && (
            <Checkbox aria-label={`Select ${row.path}`} checked={selected} onChange={(event) => onSelect(event.currentTarget.checked)} mt={2} />
          )}
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.path}
            </Text>
            <Text size="xs" c="dimmed">
              {row.vendor_name ? `${row.vendor_name} · ` : ''}
              {plural(row.product_count, 'product')}
            </Text>
          </Stack>
          {row.mapping ? (
            <Badge color="teal" variant="light">Mapped</Badge>
          ) : row.inherited ? (
            <Badge color="blue" variant="light">Inherited</Badge>
          ) : (
            <Badge color="orange" variant="light">Unmapped</Badge>
          )}
        </Group>
        {row.mapping && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            → {row.mapping.path}
          </Text>
        )}
        {row.inherited && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            → {row.inherited.path} <Text span size="xs" c="dimmed">(from {row.inherited.from})</Text>
          </Text>
        )}
        {row.suggestions.length > 0 && (
          <Group gap={6} aria-label="Suggestions">
            <Text size="xs" c="dimmed">
              Suggestions:
            </Text>
            {row.suggestions.map((s) => (
              <Button key={s.id} size="compact-xs" variant="light" disabled={busy} onClick={() => onAccept(s)} style={{ maxWidth: '100%' }}>
                <Text size="xs" component="div" miw={0}>
                  <TruncatedText full={`Map to ${s.path}`}>{s.path}</TruncatedText>
                </Text>
              </Button>
            ))}
          </Group>
        )}
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={onMap}>
            {row.mapping ? 'Change…' : 'Map…'}
          </Button>
          {row.mapping && (
            <Button size="compact-sm" variant="subtle" color="red" disabled={busy} onClick={onUnmap}>
              Remove mapping
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
