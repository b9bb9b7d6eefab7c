import type { ListedVariation, Product, SortColumn } from '@bosun/shared';
import { ActionIcon, Anchor, Checkbox, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconCopy, IconEdit, IconExternalLink, IconListDetails, IconTrash } from '@tabler/icons-react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnSizingState,
  type Header,
  type RowSelectionState,
  type Updater,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMediaQuery } from '@mantine/hooks';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import type { SortState } from '../hooks/use-product-list-state';
import { useResetOnChange } from '../hooks/use-reset-on-change';
import {
  ACTIONS_COLUMN_WIDTH,
  columnWidths as fitColumnWidths,
  fixedColumnsWidth,
  FILL_COLUMN,
  ROW_HEIGHT,
  SELECT_COLUMN_WIDTH,
  THUMBNAIL_COLUMN_WIDTH,
  THUMBNAIL_SIZE,
} from '../model/list-layout';
import { buildListRows, variationsPath, type ListRow } from '../model/list-rows';
import {
  clampColumnWidth,
  defaultColumnWidth,
  isSortableColumn,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  PRODUCT_COLUMNS,
  type Units,
} from '../model/product-columns';
import { ProductThumbnail } from './product-thumbnail';
import classes from './products-table.module.css';
import { formatCount } from '../../../lib/format';

const KEYBOARD_RESIZE_STEP = 10;

/** What the list's two layouts (the table, and the cards on a phone) are given alike. */
export interface ProductListLayoutProps {
  products: Product[];
  /** With 'Show variations': the variations the server answered for the page's variable products, drawn under each. */
  variations?: ListedVariation[];
  units: Units;
  sort: SortState | null;
  onToggleSort: (column: SortColumn) => void;
  rowSelection: RowSelectionState;
  onRowSelectionChange: (selection: RowSelectionState) => void;
  onQuickEdit: (product: Product) => void;
  onViewDetails: (product: Product) => void;
  onDuplicate: (product: Product) => void;
  onDelete: (product: Product) => void;
  /** Scrolls back to the top when this changes (a new page, filter or sort). */
  scrollKey: string;
  busy?: boolean;
  emptyState?: ReactNode;
}

interface ProductsTableProps extends ProductListLayoutProps {
  visibleColumns: readonly string[];
  columnWidths: Record<string, number>;
  /** Called once a resize ends (mouse up, or key up), with every width that differs from the default. */
  onColumnWidthsChange: (widths: Record<string, number>) => void;
  maxHeight?: string;
}

function SortIcon({ order }: { order: 'asc' | 'desc' | null }) {
  if (order === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (order === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden style={{ opacity: 0.35 }} />;
}

function HeaderCell({
  header,
  sort,
  onToggleSort,
  onKeyboardResize,
  onKeyboardResizeEnd,
  onResetWidth,
}: {
  header: Header<Product, unknown>;
  sort: SortState | null;
  onToggleSort: (column: SortColumn) => void;
  onKeyboardResize: (id: string, width: number) => void;
  onKeyboardResizeEnd: () => void;
  /** Back to the column's default width (for the name: the room the others leave). */
  onResetWidth: (id: string) => void;
}) {
  const id = header.column.id;
  const label = String(header.column.columnDef.header);
  const order = sort?.column === id ? sort.order : null;
  const sortable = isSortableColumn(id);
  const width = header.getSize();
  return (
    <th
      role="columnheader"
      className={classes.th}
      style={{ width }}
      aria-sort={sortable ? (order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none') : undefined}
    >
      {sortable ? (
        <UnstyledButton className={classes.sortButton} onClick={() => onToggleSort(id)} aria-label={`Sort by ${label}`}>
          <span className={classes.cellText}>{label}</span>
          <SortIcon order={order} />
        </UnstyledButton>
      ) : (
        <span className={classes.cellText}>{label}</span>
      )}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label} column`}
        aria-valuenow={width}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        tabIndex={0}
        className={classes.resizer}
        data-resizing={header.column.getIsResizing() || undefined}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => onResetWidth(id)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          onKeyboardResize(id, width + (event.key === 'ArrowRight' ? KEYBOARD_RESIZE_STEP : -KEYBOARD_RESIZE_STEP));
        }}
        onKeyUp={(event) => {
          if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') onKeyboardResizeEnd();
        }}
      />
    </th>
  );
}

interface CellLayout {
  id: string;
  width: number;
  align?: 'right';
  cell: (product: Product, units: Units) => ReactNode;
}

/** What a product's row (or, on a phone, its card) can do. */
export interface RowActions {
  toggle: (id: number, checked: boolean) => void;
  edit: (product: Product) => void;
  view: (product: Product) => void;
  duplicate: (product: Product) => void;
  remove: (product: Product) => void;
}

interface ProductRowProps {
  product: Product;
  index: number;
  start: number;
  selected: boolean;
  layout: CellLayout[];
  units: Units;
  actions: RowActions;
  actionsWidth: number;
}

/** A row's cells of the shown columns, a product's or a variation's under its parent alike. */
function ColumnCells({ product, layout, units }: { product: Product; layout: CellLayout[]; units: Units }) {
  return layout.map((column) => (
    <td key={column.id} role="cell" className={column.align === 'right' ? `${classes.td} ${classes.right}` : classes.td} style={{ width: column.width }}>
      <span className={classes.cellText}>{column.cell(product, units)}</span>
    </td>
  ));
}

function ThumbnailCell({ product }: { product: Product }) {
  return (
    <td role="cell" className={`${classes.td} ${classes.thumbnail}`} style={{ width: THUMBNAIL_COLUMN_WIDTH }}>
      <ProductThumbnail src={product.image_url} size={THUMBNAIL_SIZE} />
    </td>
  );
}

const ProductRow = memo(function ProductRow({ product, index, start, selected, layout, units, actions, actionsWidth }: ProductRowProps) {
  return (
    <tr
      role="row"
      aria-rowindex={index + 2}
      data-selected={selected || undefined}
      className={`${classes.tr} ${classes.row}`}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
    >
      <td role="cell" className={classes.td} style={{ width: SELECT_COLUMN_WIDTH }}>
        <Checkbox size="xs" aria-label={`Select ${product.name}`} checked={selected} onChange={(event) => actions.toggle(product.id, event.currentTarget.checked)} />
      </td>
      <ThumbnailCell product={product} />
      <ColumnCells product={product} layout={layout} units={units} />
      <td role="cell" className={`${classes.td} ${classes.actions}`} style={{ width: actionsWidth }}>
        <div className={classes.actionButtons}>
          {[
            { label: 'Quick Edit', icon: <IconEdit size={16} />, run: () => actions.edit(product) },
            { label: 'View Details', icon: <IconExternalLink size={16} />, run: () => actions.view(product) },
            { label: 'Duplicate', icon: <IconCopy size={16} />, run: () => actions.duplicate(product) },
            { label: 'Delete Product', icon: <IconTrash size={16} />, run: () => actions.remove(product), color: 'red' },
          ].map(({ label, icon, run, color }) => (
            <Tooltip key={label} label={label} withArrow openDelay={400}>
              <ActionIcon variant="subtle" color={color} aria-label={label} onClick={run}>
                {icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </div>
      </td>
    </tr>
  );
});

interface VariationRowProps {
  row: Extract<ListRow, { type: 'variation' }>;
  index: number;
  start: number;
  layout: CellLayout[];
  units: Units;
  actionsWidth: number;
}

/**
 * A variation under its parent: the same columns, no checkbox (bulk actions act on products), and
 * one action, its parent's variations screen, where a variation is edited.
 */
const VariationRow = memo(function VariationRow({ row, index, start, layout, units, actionsWidth }: VariationRowProps) {
  const { product, parent } = row;
  return (
    <tr
      role="row"
      aria-rowindex={index + 2}
      data-variation
      className={`${classes.tr} ${classes.row} ${classes.variationRow}`}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
    >
      <td role="cell" className={classes.td} style={{ width: SELECT_COLUMN_WIDTH }} />
      <ThumbnailCell product={product} />
      <ColumnCells product={product} layout={layout} units={units} />
      <td role="cell" className={`${classes.td} ${classes.actions}`} style={{ width: actionsWidth }}>
        <div className={classes.actionButtons}>
          <Tooltip label="Open variations" withArrow openDelay={400}>
            <ActionIcon variant="subtle" component={Link} to={variationsPath(parent.id)} aria-label={`Open the variations of ${parent.name}`}>
              <IconListDetails size={16} />
            </ActionIcon>
          </Tooltip>
        </div>
      </td>
    </tr>
  );
});

/** After the variations the list shows of a parent: how many more it has, and where they are. */
function MoreVariationsRow({ row, index, start }: { row: Extract<ListRow, { type: 'more' }>; index: number; start: number }) {
  return (
    <tr
      role="row"
      aria-rowindex={index + 2}
      className={`${classes.tr} ${classes.row} ${classes.variationRow}`}
      style={{ transform: `translateY(${start}px)`, height: ROW_HEIGHT }}
    >
      <td role="cell" className={`${classes.td} ${classes.moreCell}`} style={{ width: '100%' }}>
        <span className={classes.cellText}>
          and {formatCount(row.remaining)} more:{' '}
          <Anchor component={Link} to={variationsPath(row.parent.id)} size="sm">
            open variations
          </Anchor>
        </span>
      </td>
    </tr>
  );
}

/** The scroll box's inner width, followed as the window or the sidebar changes (0 until measured). */
function useInnerWidth(ref: RefObject<HTMLElement | null>) {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * The products grid: only the rows in view are in the page (a 500-row page scrolls like a 20-row
 * one), widths are dragged on the header edges, the name column takes the room the others leave,
 * and row actions show on hover or focus.
 */
export function ProductsTable({
  products,
  variations,
  units,
  visibleColumns,
  columnWidths,
  onColumnWidthsChange,
  sort,
  onToggleSort,
  rowSelection,
  onRowSelectionChange,
  onQuickEdit,
  onViewDetails,
  onDuplicate,
  onDelete,
  scrollKey,
  busy,
  emptyState,
  maxHeight = 'calc(100vh - 330px)',
}: ProductsTableProps) {
  // Saved widths are the starting point; a drag changes them here first and is saved when it ends.
  const [sizing, setSizing] = useResetOnChange<ColumnSizingState>(JSON.stringify(columnWidths), columnWidths);
  const sizingRef = useRef(sizing);
  sizingRef.current = sizing;

  const scrollRef = useRef<HTMLDivElement>(null);
  const innerWidth = useInnerWidth(scrollRef);
  // Without hover (a touch screen) the row actions always show, so they get a column of their own.
  const actionsTakeColumn = useMediaQuery('(hover: none)') ?? false;
  const actionsWidth = actionsTakeColumn ? ACTIONS_COLUMN_WIDTH : 0;
  // The widths the columns start from: the name's grows with the box while the user has not sized it.
  const startWidths = fitColumnWidths(visibleColumns, sizing, innerWidth, actionsTakeColumn);
  const startWidthsKey = JSON.stringify(startWidths);
  const columns = useMemo<ColumnDef<Product>[]>(
    () =>
      PRODUCT_COLUMNS.map((spec) => ({
        id: spec.id,
        header: spec.label,
        size: startWidths[spec.id] ?? defaultColumnWidth(spec.id),
        minSize: MIN_COLUMN_WIDTH,
        maxSize: MAX_COLUMN_WIDTH,
      })),
    // The key holds every width the columns read.
    [startWidthsKey],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c.id, visibleColumns.includes(c.id)])),
    [visibleColumns],
  );

  const table = useReactTable({
    data: products,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (product) => String(product.id),
    state: { columnVisibility, columnSizing: sizing, rowSelection },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => setSizing((current) => (typeof updater === 'function' ? updater(current) : updater)),
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection) : updater),
    columnResizeMode: 'onChange',
    enableRowSelection: true,
    manualSorting: true,
  });

  // A width equal to the column's default is not kept; the name's, once dragged, always is (its default moves with the window).
  const saveWidths = (sized = sizingRef.current) => {
    const widths = Object.fromEntries(
      Object.entries(sized)
        .map(([id, width]) => [id, clampColumnWidth(width)] as const)
        .filter(([id, width]) => id === FILL_COLUMN || width !== defaultColumnWidth(id)),
    );
    if (JSON.stringify(widths) !== JSON.stringify(columnWidths)) onColumnWidthsChange(widths);
  };
  const resetWidth = (id: string) => {
    const { [id]: _reset, ...rest } = sizingRef.current;
    setSizing(rest);
    saveWidths(rest);
  };

  const resizingColumn = table.getState().columnSizingInfo.isResizingColumn;
  const wasResizing = useRef(false);
  useEffect(() => {
    if (wasResizing.current && !resizingColumn) saveWidths();
    wasResizing.current = Boolean(resizingColumn);
    // saveWidths reads the latest sizes through a ref; only the end of a drag matters here.
  }, [resizingColumn]);

  const rows = table.getRowModel().rows;
  // The table's own rows are the products (what selection acts on); variations are drawn between them.
  const listRows = useMemo(() => buildListRows(rows.map((row) => row.original), variations), [rows, variations]);
  const virtualizer = useVirtualizer({
    count: listRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => listRows[index]?.key ?? index,
  });

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [scrollKey]);

  const headers = table.getHeaderGroups()[0]!.headers;
  const layoutKey = headers.map((h) => `${h.column.id}:${h.getSize()}`).join(',');
  // Rows re-render only when their own product, selection or the column layout changes, so
  // scrolling mounts the few rows that come into view and leaves the others alone.
  const layout = useMemo<CellLayout[]>(
    () =>
      headers.map((header) => {
        const spec = PRODUCT_COLUMNS.find((c) => c.id === header.column.id)!;
        return { id: spec.id, width: header.getSize(), align: spec.align, cell: spec.cell };
      }),
    // The key names every visible column and its width: the headers changed exactly when it did.
    [layoutKey],
  );
  const latest = useRef({ rowSelection, onRowSelectionChange, onQuickEdit, onViewDetails, onDuplicate, onDelete });
  latest.current = { rowSelection, onRowSelectionChange, onQuickEdit, onViewDetails, onDuplicate, onDelete };
  const rowActions = useMemo<RowActions>(
    () => ({
      toggle: (id, checked) => {
        const { rowSelection: current, onRowSelectionChange: change } = latest.current;
        const next = { ...current };
        if (checked) next[String(id)] = true;
        else delete next[String(id)];
        change(next);
      },
      edit: (product) => latest.current.onQuickEdit(product),
      view: (product) => latest.current.onViewDetails(product),
      duplicate: (product) => latest.current.onDuplicate(product),
      remove: (product) => latest.current.onDelete(product),
    }),
    [],
  );
  const totalWidth = fixedColumnsWidth(actionsTakeColumn) + table.getTotalSize();
  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();

  return (
    <div ref={scrollRef} className={classes.scroller} style={{ maxHeight }} aria-busy={busy || undefined}>
      <table role="table" aria-label="Products" aria-rowcount={listRows.length + 1} className={classes.table} style={{ width: totalWidth }}>
        <thead role="rowgroup" className={classes.thead}>
          <tr role="row" aria-rowindex={1} className={classes.tr}>
            <th role="columnheader" className={classes.th} style={{ width: SELECT_COLUMN_WIDTH }}>
              <Checkbox
                size="xs"
                aria-label="Select all products on this page"
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                disabled={rows.length === 0}
                onChange={(event) => table.toggleAllRowsSelected(event.currentTarget.checked)}
              />
            </th>
            <th role="columnheader" className={classes.th} style={{ width: THUMBNAIL_COLUMN_WIDTH }}>
              <VisuallyHidden>Image</VisuallyHidden>
            </th>
            {headers.map((header) => (
              <HeaderCell
                key={header.id}
                header={header}
                sort={sort}
                onToggleSort={onToggleSort}
                onKeyboardResize={(id, width) => setSizing((current) => ({ ...current, [id]: clampColumnWidth(width) }))}
                onKeyboardResizeEnd={() => saveWidths()}
                onResetWidth={resetWidth}
              />
            ))}
            <th role="columnheader" className={`${classes.th} ${classes.actionsHead}`} style={{ width: actionsWidth }}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={classes.tbody} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = listRows[item.index]!;
            if (row.type === 'variation') {
              return (
                <VariationRow key={row.key} row={row} index={item.index} start={item.start} layout={layout} units={units} actionsWidth={actionsWidth} />
              );
            }
            if (row.type === 'more') return <MoreVariationsRow key={row.key} row={row} index={item.index} start={item.start} />;
            const product = row.product;
            return (
              <ProductRow
                key={row.key}
                product={product}
                index={item.index}
                start={item.start}
                selected={Boolean(rowSelection[String(product.id)])}
                layout={layout}
                units={units}
                actions={rowActions}
                actionsWidth={actionsWidth}
              />
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && emptyState && <div className={classes.empty}>{emptyState}</div>}
    </div>
  );
}
