import { SORTABLE_COLUMNS, type ListedVariation, type Product, type SortColumn } from '@bosun/shared';
import { ActionIcon, Anchor, Checkbox, Group, Menu, NativeSelect, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconDots, IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { memo, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { WindowVirtualGrid } from '../../../components/ui/window-virtual-grid';
import { formatCount, plural } from '../../../lib/format';
import type { SortState } from '../hooks/use-product-list-state';
import { buildListRows, variationsPath, type ListRow } from '../model/list-rows';
import { columnLabel, type Units } from '../model/product-columns';
import { listPriceText } from '../model/variant-cells';
import { ProductThumbnail } from './product-thumbnail';
import classes from './product-cards.module.css';
import type { ProductListLayoutProps, RowActions } from './products-table';
import { StockBadge } from './stock-badge';

const productPath = (id: number) => `/product/${id}`;

interface ProductCardsProps extends ProductListLayoutProps {
  onClearSort: () => void;
}

const SORT_OPTIONS = [{ value: '', label: 'Default order' }, ...SORTABLE_COLUMNS.map((id) => ({ value: id, label: columnLabel(id) }))];

/** The first line under the name: the code and the price. */
function CodeAndPrice({ product, currency }: { product: Product; currency?: string }) {
  return (
    <Text size="xs" c="dimmed" className={classes.meta}>
      <span className={classes.sku}>{product.sku}</span>
      <span aria-hidden>·</span>
      <span className={classes.price}>{listPriceText(product, currency)}</span>
    </Text>
  );
}

const ProductCard = memo(function ProductCard({ product, selected, units, actions }: { product: Product; selected: boolean; units: Units; actions: RowActions }) {
  return (
    <div className={classes.card} data-selected={selected || undefined}>
      <Checkbox
        className={classes.check}
        aria-label={`Select ${product.name}`}
        checked={selected}
        onChange={(event) => actions.toggle(product.id, event.currentTarget.checked)}
      />
      <Link to={productPath(product.id)} className={classes.open}>
        <ProductThumbnail src={product.image_url} size={48} />
        <span className={classes.body}>
          <span className={classes.name}>{product.name || '—'}</span>
          <CodeAndPrice product={product} currency={units.currency} />
          <span className={classes.badges}>
            <StockBadge size="sm" product={product} withWords />
            {product.kind === 'variable' && (
              <Text component="span" size="xs" c="grape">
                {plural(product.variation_count, 'variation')}
              </Text>
            )}
          </span>
        </span>
      </Link>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${product.name}`} className={classes.menu}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => actions.edit(product)}>
            Quick Edit
          </Menu.Item>
          <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => actions.view(product)}>
            View Details
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(product)}>
            Duplicate
          </Menu.Item>
          <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => actions.remove(product)}>
            Delete Product
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
});

/** A variation under its parent's card: its values, code, price and stock; a tap opens the parent's variations. */
function VariationCard({ row, units }: { row: Extract<ListRow, { type: 'variation' }>; units: Units }) {
  const { product, parent } = row;
  return (
    <div className={`${classes.card} ${classes.variation}`} data-variation>
      <Link to={variationsPath(parent.id)} className={classes.open} aria-label={`${product.name}: open the variations of ${parent.name}`}>
        <ProductThumbnail src={product.image_url} size={32} />
        <span className={classes.body}>
          <span className={classes.name}>{product.variation_values.join(' / ') || product.name}</span>
          <CodeAndPrice product={product} currency={units.currency} />
          <span className={classes.badges}>
            <StockBadge size="sm" product={product} withWords />
          </span>
        </span>
      </Link>
    </div>
  );
}

/**
 * The products list on a phone: one card per product (thumbnail, name in two lines, SKU, price and
 * stock); a tap opens the product, its other actions are in its ⋯ menu beside the name, and the
 * tick box keeps bulk actions in reach. The page scrolls; only the cards near the screen are drawn.
 */
export function ProductCards({
  products,
  variations,
  units,
  rowSelection,
  onRowSelectionChange,
  sort,
  onToggleSort,
  onClearSort,
  onQuickEdit,
  onViewDetails,
  onDuplicate,
  onDelete,
  scrollKey,
  busy,
  emptyState,
}: ProductCardsProps) {
  const rows = useMemo(() => buildListRows(products, variations), [products, variations]);
  const latest = useRef({ rowSelection, onRowSelectionChange, onQuickEdit, onViewDetails, onDuplicate, onDelete });
  latest.current = { rowSelection, onRowSelectionChange, onQuickEdit, onViewDetails, onDuplicate, onDelete };
  // One stable set of handlers, so a card re-renders only when its own product or tick changes.
  const actions = useMemo<RowActions>(
    () => ({
      toggle: (id, checked) => {
        const next = { ...latest.current.rowSelection };
        if (checked) next[String(id)] = true;
        else delete next[String(id)];
        latest.current.onRowSelectionChange(next);
      },
      edit: (product) => latest.current.onQuickEdit(product),
      view: (product) => latest.current.onViewDetails(product),
      duplicate: (product) => latest.current.onDuplicate(product),
      remove: (product) => latest.current.onDelete(product),
    }),
    [],
  );

  const topRef = useRef<HTMLDivElement>(null);
  const firstKey = useRef(scrollKey);
  useEffect(() => {
    if (scrollKey === firstKey.current) return;
    firstKey.current = scrollKey;
    // Paging from the bottom of the list: the new page starts at its top.
    const top = topRef.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }, [scrollKey]);

  const selectedOnPage = products.filter((p) => rowSelection[String(p.id)]).length;
  const allSelected = products.length > 0 && selectedOnPage === products.length;

  return (
    <div ref={topRef} aria-busy={busy || undefined}>
      <Group className={classes.toolbar} justify="space-between" wrap="nowrap" gap="xs">
        <Checkbox
          label="Select all"
          aria-label="Select all products on this page"
          checked={allSelected}
          indeterminate={selectedOnPage > 0 && !allSelected}
          disabled={products.length === 0}
          onChange={(event) =>
            onRowSelectionChange(event.currentTarget.checked ? Object.fromEntries(products.map((p) => [String(p.id), true])) : {})
          }
        />
        <Group gap={4} wrap="nowrap">
          <NativeSelect
            size="xs"
            aria-label="Sort by"
            data={SORT_OPTIONS}
            value={sort?.column ?? ''}
            onChange={(event) => {
              const column = event.currentTarget.value as SortColumn | '';
              if (column === '') onClearSort();
              else if (column !== sort?.column) onToggleSort(column);
            }}
          />
          {sort && (
            <ActionIcon
              variant="default"
              size="md"
              aria-label={sort.order === 'asc' ? 'Sorted ascending: sort descending' : 'Sorted descending: sort ascending'}
              onClick={() => onToggleSort(sort.column)}
            >
              {sort.order === 'asc' ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
            </ActionIcon>
          )}
        </Group>
      </Group>
      {rows.length === 0 ? (
        emptyState && <div className={classes.empty}>{emptyState}</div>
      ) : (
        <WindowVirtualGrid
          aria-label="Products"
          items={rows}
          getKey={(row) => row.key}
          renderItem={(row) =>
            row.type === 'product' ? (
              <ProductCard product={row.product} selected={Boolean(rowSelection[String(row.product.id)])} units={units} actions={actions} />
            ) : row.type === 'variation' ? (
              <VariationCard row={row} units={units} />
            ) : (
              <Text size="sm" c="dimmed" className={`${classes.card} ${classes.variation} ${classes.more}`}>
                and {formatCount(row.remaining)} more:{' '}
                <Anchor component={Link} to={variationsPath(row.parent.id)} size="sm">
                  open variations
                </Anchor>
              </Text>
            )
          }
          minColumnWidth={1}
          maxColumns={1}
          gap={0}
          estimateRowHeight={88}
        />
      )}
    </div>
  );
}
