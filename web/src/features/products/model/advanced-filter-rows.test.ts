import { describe, expect, it } from 'vitest';
import { appliedFilterRows, newFilterRow, serializeFilterRows, withColumn, withOperator, type FilterRowDraft } from './advanced-filter-rows';
import { buildListFilter } from './list-filter';

const row = (fields: Partial<FilterRowDraft>): FilterRowDraft => ({ ...newFilterRow(), ...fields });

describe('advanced filter rows', () => {
  it('applies only rows with a column, an operator and the values the operator needs', () => {
    const rows = [
      row({ column: 'name' }),
      row({ column: 'name', operator: 'contains' }),
      row({ column: 'name', operator: 'contains', value: 'rope' }),
      row({ column: 'stock', operator: 'is_zero' }),
      row({ column: 'list_price', operator: 'between', value: '10' }),
      row({ column: 'list_price', operator: 'between', value: '10', value2: '20' }),
    ];
    expect(appliedFilterRows(rows).map((r) => [r.column, r.operator])).toEqual([
      ['name', 'contains'],
      ['stock', 'is_zero'],
      ['list_price', 'between'],
    ]);
  });

  it('serialises applied rows with only the values their operator takes', () => {
    const rows = [
      row({ column: 'stock', operator: 'is_zero', value: 'stale' }),
      row({ column: 'list_price', operator: 'between', value: ' 10 ', value2: '20.5' }),
      row({ column: 'brand', operator: 'is', value: 'Lewmar', value2: 'ignored' }),
      row({ column: 'sku', operator: '' }),
    ];
    expect(JSON.parse(serializeFilterRows(rows)!)).toEqual([
      { column: 'stock', operator: 'is_zero' },
      { column: 'list_price', operator: 'between', value: '10', value2: '20.5' },
      { column: 'brand', operator: 'is', value: 'Lewmar' },
    ]);
    expect(serializeFilterRows([row({ column: 'sku' })])).toBeUndefined();
  });

  it('keeps an operator that fits the new column and drops values of another type', () => {
    const priced = row({ column: 'list_price', operator: 'greater_than', value: '5' });
    expect(withColumn(priced, 'stock')).toMatchObject({ column: 'stock', operator: 'greater_than', value: '' });
    expect(withColumn(priced, 'market_price')).toMatchObject({ operator: 'greater_than', value: '5' });
    expect(withColumn(priced, 'name')).toMatchObject({ column: 'name', operator: '', value: '' });
  });

  it('clears values an operator does not take', () => {
    const between = row({ column: 'stock', operator: 'between', value: '1', value2: '9' });
    expect(withOperator(between, 'greater_than')).toMatchObject({ value: '1', value2: '' });
    expect(withOperator(between, 'is_set')).toMatchObject({ value: '', value2: '' });
  });

  it('builds the API filter with empty parts left out', () => {
    expect(
      buildListFilter({
        url: { search: 'cleat', vendor_id: 3, vendor_category_ids: [4], store_category_ids: [], tags: ['wool'], problem: 'below_margin' },
        stockStatus: 'out_of_stock',
        published: 'draft',
        filterRows: [row({ column: 'featured', operator: 'is_true' })],
      }),
    ).toEqual({
      search: 'cleat',
      vendor_id: 3,
      vendor_category_ids: [4],
      tags: ['wool'],
      stock_status: 'out_of_stock',
      published: false,
      advanced_filters: '[{"column":"featured","operator":"is_true"}]',
      problem: 'below_margin',
    });
    expect(
      buildListFilter({ url: { search: '', vendor_id: null, vendor_category_ids: [], store_category_ids: [], tags: [], problem: null }, stockStatus: '', published: '', filterRows: [] }),
    ).toEqual({});
  });
});
