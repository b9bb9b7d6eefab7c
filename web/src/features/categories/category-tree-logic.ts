import {
  buildCategoryTree,
  collectSubtreeIds,
  filterCategoryTree,
  MAX_CATEGORY_LEVEL,
  type Category,
  type CategoryNode,
  type CategoryType,
} from '@bosun/shared';
import { plural } from '../../lib/format';

export type CategoryTypeFilter = 'all' | CategoryType;

export interface CategoryFilters {
  type: CategoryTypeFilter;
  /** Only categories of this vendor; null for all vendors. */
  vendorId: number | null;
  search: string;
}

/**
 * The tree the management screen shows. Type and vendor narrow the flat list first (a category whose
 * parent is filtered out is shown as a root); the search then keeps the matches together with the
 * ancestors that lead to them.
 */
export function filterCategories(
  data: { categories: CategoryNode[]; flatCategories: Category[] },
  filters: CategoryFilters,
): CategoryNode[] {
  const narrowed =
    filters.type === 'all' && filters.vendorId === null
      ? data.categories
      : buildCategoryTree(
          data.flatCategories.filter(
            (c) => (filters.type === 'all' || c.type === filters.type) && (filters.vendorId === null || c.vendor_id === filters.vendorId),
          ),
        );
  return filterCategoryTree(narrowed, filters.search);
}

/** Every category in a (filtered) tree, nested ones included: what Select All selects. */
export const selectableCategoryIds = (tree: readonly CategoryNode[]): number[] => collectSubtreeIds(tree);

export interface VisibleCategoryRow {
  node: CategoryNode;
  /** 0 for a root of the shown tree. */
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
}

/**
 * The rows a tree shows, depth first, skipping the subcategories of collapsed nodes. Iterative, so a
 * deep or wide tree of thousands costs one pass and no recursion.
 */
export function visibleCategoryRows(tree: readonly CategoryNode[], isCollapsed: (id: number) => boolean = () => false): VisibleCategoryRow[] {
  const rows: VisibleCategoryRow[] = [];
  const stack: { node: CategoryNode; depth: number }[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push({ node: tree[i]!, depth: 0 });
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    const children = node.subcategories ?? [];
    const hasChildren = children.length > 0;
    const expanded = hasChildren && !isCollapsed(node.id);
    rows.push({ node, depth, hasChildren, expanded });
    if (expanded) for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return rows;
}

/** The ids of every node that has subcategories: the rows a toggle can collapse. */
export function parentIds(tree: readonly CategoryNode[]): number[] {
  return visibleCategoryRows(tree)
    .filter((row) => row.hasChildren)
    .map((row) => row.node.id);
}

export interface ParentOption {
  id: number;
  name: string;
  level: number;
  vendorName: string | null;
}

/**
 * The categories a category may be put under (SPEC §5): the same type, a level below 5, and never the
 * category itself or one of its own descendants (that would make a cycle). In tree order, so the
 * list can be indented by level.
 */
export function parentOptions(tree: readonly CategoryNode[], { type, editingId }: { type: CategoryType; editingId?: number | null }): ParentOption[] {
  const options: ParentOption[] = [];
  for (const { node } of visibleCategoryRows(tree, (id) => id === editingId)) {
    if (node.id === editingId || node.type !== type || node.level >= MAX_CATEGORY_LEVEL) continue;
    options.push({ id: node.id, name: node.name, level: node.level, vendorName: node.vendor_name });
  }
  return options;
}

/** Finds a node anywhere in a tree. */
export function findCategory(tree: readonly CategoryNode[], id: number): CategoryNode | undefined {
  return visibleCategoryRows(tree).find((row) => row.node.id === id)?.node;
}

/** The bulk bar names at most this many of the selected categories (SPEC §9). */
export const BULK_NAMES_SHOWN = 5;

/** The names the bulk bar lists, and how many it leaves for '+N more...'. */
export function selectionSummary(names: readonly string[], max = BULK_NAMES_SHOWN): { shown: string[]; more: number } {
  return { shown: names.slice(0, max), more: Math.max(0, names.length - max) };
}

export const moreLabel = (count: number) => `+${count} more...`;

/** The products list filtered by one category: store categories by store_category_ids, vendor ones with their vendor. */
export function productsUrlFor(category: Pick<Category, 'id' | 'type' | 'vendor_id'>): string {
  const params = new URLSearchParams();
  if (category.type === 'vendor') {
    params.set('vendor_category_ids', String(category.id));
    if (category.vendor_id !== null) params.set('vendor_id', String(category.vendor_id));
  } else {
    params.set('store_category_ids', String(category.id));
  }
  return `/products?${params.toString()}`;
}

export const productCountLabel = (count: number) => plural(count, 'product');
