import { describe, expect, it } from 'vitest';
import {
  filterCategories,
  findCategory,
  moreLabel,
  parentOptions,
  productsUrlFor,
  selectableCategoryIds,
  selectionSummary,
  visibleCategoryRows,
} from './category-tree-logic';
import { HARKEN, largeCatalogue, sampleCategories } from './testing/category-fixtures';

const names = (rows: { node: { name: string } }[]) => rows.map((row) => row.node.name);
const noFilter = { type: 'all', vendorId: null, search: '' } as const;

describe('parentOptions', () => {
  const { categories } = sampleCategories();

  it('offers only categories of the same type below level 5, in tree order', () => {
    const store = parentOptions(categories, { type: 'store' });
    expect(store.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(store.find((o) => o.id === 9)).toBeUndefined(); // 'Grade 30' is at level 5
    expect(store.map((o) => o.level)).toEqual([1, 2, 3, 2, 1, 2, 3, 4]);

    const vendor = parentOptions(categories, { type: 'vendor' });
    expect(vendor.map((o) => o.id)).toEqual([10, 11, 12]);
    expect(vendor[0]).toMatchObject({ name: 'Harken Blocks', vendorName: HARKEN.name });
  });

  it('never offers the category itself or one of its own descendants', () => {
    // Cleats (2) has Horn Cleats (3) below it.
    expect(parentOptions(categories, { type: 'store', editingId: 2 }).map((o) => o.id)).toEqual([1, 4, 5, 6, 7, 8]);
    // Anchoring (5) owns the whole chain 6..9.
    expect(parentOptions(categories, { type: 'store', editingId: 5 }).map((o) => o.id)).toEqual([1, 2, 3, 4]);
    // A leaf excludes only itself.
    expect(parentOptions(categories, { type: 'store', editingId: 4 }).map((o) => o.id)).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });
});

describe('filterCategories', () => {
  const data = sampleCategories();

  it('keeps the ancestors of a deep match, and drops branches without one', () => {
    const tree = filterCategories(data, { ...noFilter, search: 'grade' });
    expect(names(visibleCategoryRows(tree))).toEqual(['Anchoring', 'Anchor Chain', 'Galvanised Chain', 'Short Link', 'Grade 30']);
    expect(visibleCategoryRows(tree).map((row) => row.depth)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the whole subtree of a match, and matches without regard to case', () => {
    const tree = filterCategories(data, { ...noFilter, search: 'CLEATS' });
    expect(names(visibleCategoryRows(tree))).toEqual(['Deck Hardware', 'Cleats', 'Horn Cleats']);
  });

  it('narrows by type and by vendor before searching', () => {
    expect(filterCategories(data, { ...noFilter, type: 'vendor' }).map((n) => n.name)).toEqual(['Harken Blocks', 'Lewmar Winches']);
    expect(names(visibleCategoryRows(filterCategories(data, { ...noFilter, vendorId: HARKEN.id })))).toEqual(['Harken Blocks', 'Ratchet Blocks']);
    expect(filterCategories(data, { type: 'store', vendorId: null, search: 'blocks' })).toEqual([]);
  });
});

describe('selectableCategoryIds', () => {
  it('takes every category of the filtered tree, nested ones included', () => {
    const data = sampleCategories();
    expect(selectableCategoryIds(filterCategories(data, noFilter))).toHaveLength(12);
    expect(selectableCategoryIds(filterCategories(data, { ...noFilter, search: 'grade' }))).toEqual([5, 6, 7, 8, 9]);
    expect(selectableCategoryIds(filterCategories(data, { ...noFilter, search: 'deck' }))).toEqual([1, 2, 3, 4]);
  });
});

describe('visibleCategoryRows', () => {
  it('hides the subcategories of collapsed nodes', () => {
    const { categories } = sampleCategories();
    const rows = visibleCategoryRows(categories, (id) => id === 1 || id === 6);
    expect(names(rows)).toEqual(['Deck Hardware', 'Anchoring', 'Anchor Chain', 'Harken Blocks', 'Ratchet Blocks', 'Lewmar Winches']);
    expect(rows[0]).toMatchObject({ hasChildren: true, expanded: false });
    expect(rows.at(-1)).toMatchObject({ hasChildren: false, expanded: false });
  });

  it('flattens thousands of categories in one pass', () => {
    const { categories, flatCategories } = largeCatalogue(50, 10); // 5,550 categories
    const started = performance.now();
    const rows = visibleCategoryRows(categories);
    expect(rows).toHaveLength(flatCategories.length);
    expect(performance.now() - started).toBeLessThan(200);
    expect(findCategory(categories, flatCategories.at(-1)!.id)?.name).toBe('Root 49 / Child 9 / Leaf 9');
  });
});

describe('bulk bar texts', () => {
  it('names at most 5 and counts the rest', () => {
    expect(selectionSummary(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(selectionSummary(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 });
    expect(moreLabel(2)).toBe('+2 more...');
  });
});

describe('productsUrlFor', () => {
  it('filters by store category, or by vendor category with its vendor', () => {
    const { flatCategories } = sampleCategories();
    expect(productsUrlFor(flatCategories[1]!)).toBe('/products?store_category_ids=2');
    expect(productsUrlFor(flatCategories[10]!)).toBe('/products?vendor_category_ids=11&vendor_id=1');
    expect(productsUrlFor({ id: 4, type: 'vendor', vendor_id: null })).toBe('/products?vendor_category_ids=4');
  });
});
