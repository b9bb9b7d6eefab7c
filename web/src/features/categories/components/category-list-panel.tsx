import { Card, Stack, Text } from '@mantine/core';
import type { VisibleCategoryRow } from '../category-tree-logic';
import type { CategoryViewMode } from '../hooks/use-category-management';
import type { CategoryRowActions } from './category-row-actions';
import { CategoryTable } from './category-table';
import { CategoryTreeList } from './category-tree-list';
import { formatCount, plural } from '../../../lib/format';

interface CategoryListPanelProps {
  view: CategoryViewMode;
  /** The filtered tree without the children of collapsed nodes. */
  treeRows: VisibleCategoryRow[];
  /** Every filtered category; only filled in the table view. */
  tableRows: VisibleCategoryRow[];
  selected: ReadonlySet<number>;
  allShownSelected: boolean;
  onToggleAll: () => void;
  actions: CategoryRowActions;
  scrollResetKey: string;
  shownCount: number;
  totalCount: number;
}

/** The categories the filters show, as a tree or a table, and how many of all they are. */
export function CategoryListPanel({
  view,
  treeRows,
  tableRows,
  selected,
  allShownSelected,
  onToggleAll,
  actions,
  scrollResetKey,
  shownCount,
  totalCount,
}: CategoryListPanelProps) {
  return (
    <Stack gap={6}>
      <Card withBorder padding={0}>
        {view === 'tree' ? (
          <CategoryTreeList rows={treeRows} selected={selected} actions={actions} scrollResetKey={scrollResetKey} />
        ) : (
          <CategoryTable
            rows={tableRows}
            selected={selected}
            allSelected={allShownSelected}
            onToggleAll={onToggleAll}
            actions={actions}
            scrollResetKey={scrollResetKey}
          />
        )}
      </Card>
      <Text size="xs" c="dimmed" aria-live="polite">
        {shownCount === totalCount ? plural(totalCount, 'category', 'categories') : `Showing ${formatCount(shownCount)} of ${plural(totalCount, 'category', 'categories')}`}
      </Text>
    </Stack>
  );
}
