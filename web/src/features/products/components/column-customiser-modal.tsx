import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PRODUCT_COLUMNS, PRODUCT_COLUMN_IDS } from '../model/product-columns';
import { Dialog } from '../../../components/ui/dialog';

interface ColumnCustomiserModalProps {
  opened: boolean;
  onClose: () => void;
  visibleColumns: readonly string[];
  onChange: (visibleColumns: string[]) => void;
  onResetWidths: () => void;
}

/** A checkbox per column; each change shows at once and is remembered for the user. */
export function ColumnCustomiserModal({ opened, onClose, visibleColumns, onChange, onResetWidths }: ColumnCustomiserModalProps) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...visibleColumns, id] : visibleColumns.filter((c) => c !== id));
  return (
    <Dialog opened={opened} onClose={onClose} title="Customise Columns" size="lg">
      <Stack gap="md">
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onChange([...PRODUCT_COLUMN_IDS])}>
            Select All
          </Button>
          <Button size="xs" variant="light" onClick={() => onChange([])}>
            Deselect All
          </Button>
          <Button size="xs" variant="subtle" onClick={onResetWidths}>
            Reset Widths
          </Button>
          <Text size="xs" c="dimmed" ml="auto">
            {visibleColumns.length} of {PRODUCT_COLUMNS.length} columns shown
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="group" aria-label="Visible columns">
          {PRODUCT_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              label={column.label}
              checked={visibleColumns.includes(column.id)}
              onChange={(event) => toggle(column.id, event.currentTarget.checked)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
