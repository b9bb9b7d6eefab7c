import { IconChevronDown, IconChevronRight, IconFileText, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { productCountLabel, productsUrlFor, type VisibleCategoryRow } from '../category-tree-logic';
import { CategoryRowButtons, type CategoryRowActions } from './category-row-actions';
import classes from './category-rows.module.css';
import { TruncatedText } from '../../../components/ui/truncated-text';

/** SPEC §9: the tree indents 24 px per level; on a phone 14, so a fifth level still leaves room for its name. */
export const TREE_INDENT_PX = 24;
const PHONE_TREE_INDENT_PX = 14;

/** The left padding of a row at this depth. */
export const treeRowIndent = (depth: number, phone: boolean) => 12 + depth * (phone ? PHONE_TREE_INDENT_PX : TREE_INDENT_PX);
const ROW_HEIGHT = 46;
/** On a phone a row takes two lines: the name with its actions, then the badges. */
export const PHONE_ROW_HEIGHT = 72;
export const LIST_HEIGHT = 'max(360px, calc(100vh - 370px))';

interface CategoryTreeListProps {
  rows: VisibleCategoryRow[];
  selected: ReadonlySet<number>;
  actions: CategoryRowActions;
  /** A new value (another filter or search) scrolls back to the top, where the first matches are. */
  scrollResetKey?: string;
}

/** Scrolls a virtual list back to its top whenever `key` changes (not on the first render). */
export function useScrollReset(virtualizer: { scrollToOffset: (offset: number) => void }, key: string | undefined) {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    virtualizer.scrollToOffset(0);
  }, [key, virtualizer]);
}

/** A virtualizer over tree rows, keyed by category id. */
export function useCategoryVirtualizer(rows: VisibleCategoryRow[], rowHeight: number, scrollResetKey: string | undefined) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The same key function for as long as the rows are the same: a new one on every render would make
  // the virtualizer remeasure every row of a long list on each scrolled frame.
  const getItemKey = useCallback((index: number) => rows[index]?.node.id ?? -index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey,
    overscan: 10,
  });
  useScrollReset(virtualizer, scrollResetKey);
  // The row height changes when the page turns out to be a phone's (known only after the first
  // render): the cached positions are thrown away, or the two-line rows would overlap.
  const measured = useRef(rowHeight);
  useEffect(() => {
    if (measured.current === rowHeight) return;
    measured.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  return { scrollRef, virtualizer };
}

/** The tree view: rows with their checkbox, type, level, count and actions. */
export function CategoryTreeList({ rows, selected, actions, scrollResetKey }: CategoryTreeListProps) {
  const phone = useIsPhone();
  return (
    <VirtualTreeList
      rows={rows}
      rowHeight={phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT}
      scrollResetKey={scrollResetKey}
      renderRow={(row) => <TreeRow row={row} selected={selected.has(row.node.id)} actions={actions} phone={phone} />}
    />
  );
}

interface VirtualTreeListProps {
  rows: VisibleCategoryRow[];
  rowHeight: number;
  scrollResetKey?: string;
  /** A memoised row, so that each re-renders only when its own node, state or checkbox changes. */
  renderRow: (row: VisibleCategoryRow) => ReactNode;
}

/**
 * A category tree as a list whose items carry their level, for both tree screens. Only the rows in
 * sight are in the page: thousands of categories scroll, expand and select without delay.
 */
export function VirtualTreeList({ rows, rowHeight, scrollResetKey, renderRow }: VirtualTreeListProps) {
  const { scrollRef, virtualizer } = useCategoryVirtualizer(rows, rowHeight, scrollResetKey);
  return (
    <div ref={scrollRef} className={classes.scroller} style={{ height: LIST_HEIGHT }} role="list" aria-label="Category tree">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-level={row.depth + 1}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${item.start}px)` }}
            >
              {renderRow(row)}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The expand/collapse toggle, or a spacer of its width for a leaf. */
export function ExpandToggle({ row, onToggle }: { row: VisibleCategoryRow; onToggle: (id: number) => void }) {
  if (!row.hasChildren) return <span className={classes.toggleSpacer} aria-hidden />;
  const { node, expanded } = row;
  return (
    <button
      type="button"
      className={classes.toggle}
      aria-label={`${expanded ? 'Collapse' : 'Expand'} ${node.name}`}
      aria-expanded={expanded}
      onClick={() => onToggle(node.id)}
    >
      {expanded ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
    </button>
  );
}

/** A folder (open or closed) for a category with subcategories, a document for one without. */
export function CategoryIcon({ row }: { row: VisibleCategoryRow }) {
  const Icon = row.hasChildren ? (row.expanded ? IconFolderOpen : IconFolder) : IconFileText;
  return <Icon size={18} className={classes.icon} data-folder={row.hasChildren || undefined} aria-hidden />;
}

const TreeRow = memo(function TreeRow({ row, selected, actions, phone }: { row: VisibleCategoryRow; selected: boolean; actions: CategoryRowActions; phone: boolean }) {
  const { node, depth } = row;
  return (
    <div className={classes.row} data-selected={selected || undefined} data-phone={phone || undefined} style={{ paddingLeft: treeRowIndent(depth, phone) }}>
      <input
        type="checkbox"
        className={classes.checkbox}
        aria-label={`Select ${node.name}`}
        checked={selected}
        onChange={() => actions.toggleSelected(node.id)}
      />
      <ExpandToggle row={row} onToggle={actions.toggleExpanded} />
      <CategoryIcon row={row} />
      <TruncatedText lines={false} className={classes.name} full={node.name}>
        <Link className={classes.nameLink} to={productsUrlFor(node)} onClick={() => actions.announceNavigation(node)}>
          {node.name}
        </Link>
      </TruncatedText>
      <span className={classes.meta}>
        <span className={classes.muted}>[{node.type}]</span>
        <span className={classes.badge}>Level {node.level}</span>
        <span className={classes.badge} data-color={node.product_count > 0 ? 'teal' : undefined}>
          {productCountLabel(node.product_count)}
        </span>
        {node.vendor_name && (
          <TruncatedText lines={false} className={classes.vendor} full={node.vendor_name}>
            {node.vendor_name}
          </TruncatedText>
        )}
      </span>
      <CategoryRowButtons node={node} actions={actions} />
    </div>
  );
});
