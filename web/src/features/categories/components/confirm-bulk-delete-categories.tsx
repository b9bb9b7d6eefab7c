import { List, ScrollArea, Stack, Text } from '@mantine/core';
import { openConfirm } from '../../../components/ui/confirm';
import { moreLabel, selectionSummary } from '../category-tree-logic';
import { plural } from '../../../lib/format';

/** The confirmation names this many, then '+N more...'. */
const CONFIRM_NAMES_SHOWN = 50;

/** The bulk delete confirmation: which categories go, and that their subcategories go with them. */
export function openBulkDeleteCategoriesConfirm(names: string[], onConfirm: () => Promise<void>) {
  openConfirm({
    title: 'Delete categories',
    children: <BulkDeleteCategoriesMessage names={names} />,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

function BulkDeleteCategoriesMessage({ names }: { names: string[] }) {
  const { shown, more } = selectionSummary(names, CONFIRM_NAMES_SHOWN);
  const count = names.length;
  return (
    <Stack gap="sm">
      <Text size="sm">
        Are you sure you want to delete {plural(count, 'category', 'categories')}?
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <List size="sm" aria-label="Categories to delete">
          {shown.map((name, index) => (
            <List.Item key={`${index}-${name}`}>{name}</List.Item>
          ))}
        </List>
        {more > 0 && (
          <Text size="sm" c="dimmed">
            {moreLabel(more)}
          </Text>
        )}
      </ScrollArea.Autosize>
      <Text size="sm" c="red.7" fw={500}>
        All their subcategories will be deleted too. This cannot be undone.
      </Text>
    </Stack>
  );
}
