import { Checkbox } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { productsUrlFor, type VisibleCategoryRow } from '../category-tree-logic';
import { CategoryRowButtons, type CategoryRowActions } from './category-row-actions';
import classes from './category-rows.module.css';
import { LIST_HEIGHT, useCategoryVirtualizer } from './category-tree-list';
import { TruncatedText } from '../../../components/ui/truncated-text';

/** SPEC §9: the table indents names 20 px per level. */
export const TABLE_INDENT_PX = 20;
const ROW_HEIGHT = 45;
const COLUMNS = 7;

interface CategoryTableProps {
  /** Every category of the filtered tree, depth first. */
  rows: VisibleCategoryRow[];
  selected: ReadonlySet<number>;
  allSelected: boolean;
  onToggleAll: () => void;
  actions: CategoryRowActions;
  scrollResetKey?: string;
}

/** The table view; rows out of sight are replaced by two spacer rows, so thousands scroll smoothly. */
export function CategoryTable({ rows, selected, allSelected, onToggleAll, actions, scrollResetKey }: CategoryTableProps) {
  const { scrollRef, virtualizer } = useCategoryVirtualizer(rows, ROW_HEIGHT, scrollResetKey);
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0]!.start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const someSelected = !allSelected && rows.some((row) => selected.has(row.node.id));

  return (
    <div ref={scrollRef} style={{ height: LIST_HEIGHT, overflow: 'auto' }}>
      <table className={classes.table} aria-label="Categories" aria-rowcount={rows.length + 1}>
        <colgroup>
          <col style={{ width: 48 }} />
          <col />
          <col style={{ width: 100 }} />
          <col style={{ width: 80 }} />
          <col style={{ width: 100 }} />
          <col style={{ width: 110 }} />
          <col style={{ width: 156 }} />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th>
              <Checkbox aria-label="Select all shown categories" checked={allSelected} indeterminate={someSelected} onChange={onToggleAll} size="sm" />
            </th>
            <th>Name</th>
            <th>Type</th>
            <th>Level</th>
            <th>Products</th>
            <th>Status</th>
            <th style={{ textAlign: 'right' }}>Actions</th>
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS} className={classes.spacer} style={{ height: padTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return <TableRow key={item.key} row={row} selected={selected.has(row.node.id)} actions={actions} rowIndex={item.index + 2} />;
          })}
          {padBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS} className={classes.spacer} style={{ height: padBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const VIEW_EDIT_ADD_DELETE = ['view', 'edit', 'add', 'delete'] as const;

const TableRow = memo(function TableRow({
  row,
  selected,
  actions,
  rowIndex,
}: {
  row: VisibleCategoryRow;
  selected: boolean;
  actions: CategoryRowActions;
  rowIndex: number;
}) {
  const { node, depth } = row;
  return (
    <tr style={{ height: ROW_HEIGHT }} aria-rowindex={rowIndex} data-selected={selected || undefined}>
      <td>
        <input type="checkbox" className={classes.checkbox} aria-label={`Select ${node.name}`} checked={selected} onChange={() => actions.toggleSelected(node.id)} />
      </td>
      <td style={{ paddingLeft: 10 + depth * TABLE_INDENT_PX }}>
        <TruncatedText lines={false} className={classes.name} full={node.name}>
          <Link className={classes.nameLink} to={productsUrlFor(node)} onClick={() => actions.announceNavigation(node)}>
            {node.name}
          </Link>
        </TruncatedText>
      </td>
      <td>
        <span className={classes.badge} data-color={node.type === 'vendor' ? 'grape' : 'blue'}>
          {node.type}
        </span>
      </td>
      <td>{node.level}</td>
      <td>{node.product_count}</td>
      <td>
        <span className={classes.status} data-inactive={node.status !== 'active' || undefined}>
          {node.status}
        </span>
      </td>
      <td>
        <CategoryRowButtons node={node} actions={actions} order={VIEW_EDIT_ADD_DELETE} />
      </td>
    </tr>
  );
});
