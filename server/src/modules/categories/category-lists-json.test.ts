import { describe, expect, it } from 'vitest';
import { layoutCategoryLists, renderCategoryLists, type CategoryJsonRow } from './category-lists-json.js';

/** Rows in tree order (level first), as the database writes them. */
function row(id: number, parent_id: number | null, direct_product_count: number, name: string): CategoryJsonRow {
  return { id, parent_id, direct_product_count, json: JSON.stringify({ id, name, parent_id }) };
}

describe('category lists JSON', () => {
  const rows = [row(3, null, 0, 'Deck ⚓'), row(1, null, 9, 'Sails "main"'), row(2, 3, 10, 'Cleats'), row(5, 3, 1_234_567, 'Blocks'), row(4, 2, 99_999, 'Horn {')];

  it('writes every subtree total into the nested tree and the flat list, whatever the digits', () => {
    const layout = layoutCategoryLists(rows, { tree: 'categories', flat: 'flatCategories' });
    const body = JSON.parse(renderCategoryLists(layout, rows.map((r) => r.direct_product_count)).toString('utf8'));
    expect(body.flatCategories.map((c: { id: number; product_count: number }) => [c.id, c.product_count])).toEqual([
      [3, 1_334_576],
      [1, 9],
      [2, 100_009],
      [5, 1_234_567],
      [4, 99_999],
    ]);
    expect(body.categories).toEqual([
      {
        id: 3, name: 'Deck ⚓', parent_id: null, product_count: 1_334_576,
        subcategories: [
          { id: 2, name: 'Cleats', parent_id: 3, product_count: 100_009, subcategories: [{ id: 4, name: 'Horn {', parent_id: 2, product_count: 99_999, subcategories: [] }] },
          { id: 5, name: 'Blocks', parent_id: 3, product_count: 1_234_567, subcategories: [] },
        ],
      },
      { id: 1, name: 'Sails "main"', parent_id: null, product_count: 9, subcategories: [] },
    ]);
  });

  it('renders the same layout again with new counts, and an empty list', () => {
    const layout = layoutCategoryLists(rows, { tree: 'categories' });
    const body = JSON.parse(renderCategoryLists(layout, [0, 0, 0, 0, 0]).toString('utf8'));
    expect(Object.keys(body)).toEqual(['categories']);
    expect(body.categories[0].product_count).toBe(0);
    expect(JSON.parse(renderCategoryLists(layoutCategoryLists([], { tree: 'categories', flat: 'flatCategories' }), []).toString())).toEqual({
      categories: [],
      flatCategories: [],
    });
  });
});
