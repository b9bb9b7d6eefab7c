import type { Variation } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { variation } from '../testing/variation-fixtures';
import {
  applyChanges,
  buildPatchBody,
  cellError,
  changedRowCount,
  draftOf,
  emptyGrid,
  keepRows,
  pasteColumn,
  rowMessagesFromFields,
  splitPastedColumn,
  undo,
} from './variation-grid';

const rows: Variation[] = [1, 2, 3, 4, 5].map((id) => variation(id, { values: ['8 mm', `${id * 10} m`] }));
const byId = new Map(rows.map((v) => [v.id, v]));

describe('change tracking', () => {
  it('keeps an edit apart from the server value, and a change back to it is no change', () => {
    let state = applyChanges(emptyGrid(), byId, [{ id: 1, field: 'list_price', value: '19.90' }]);
    expect(draftOf(state, rows[0]!, 'list_price')).toBe('19.90');
    expect(changedRowCount(state)).toBe(1);
    // 20 is what the server holds: typed as '20.00' it says the same.
    state = applyChanges(state, byId, [{ id: 1, field: 'list_price', value: '20.00' }]);
    expect(changedRowCount(state)).toBe(0);
    expect(draftOf(state, rows[0]!, 'list_price')).toBe('20');
  });

  it('counts the same value typed again as nothing, and makes no undo step of it', () => {
    const state = applyChanges(emptyGrid(), byId, [{ id: 2, field: 'sku', value: rows[1]!.sku }]);
    expect(state).toEqual(emptyGrid());
  });

  it('drops the edits of rows that are gone', () => {
    const state = applyChanges(emptyGrid(), byId, [
      { id: 1, field: 'stock', value: '3' },
      { id: 2, field: 'stock', value: '4' },
    ]);
    expect(Object.keys(keepRows(state, new Set([2])).edits)).toEqual(['2']);
  });
});

describe('undo', () => {
  it('takes back one edit at a time, a paste or a bulk toggle whole', () => {
    const one = applyChanges(emptyGrid(), byId, [{ id: 1, field: 'sku', value: 'A' }]);
    const two = pasteColumn(one, rows, 1, 'stock', ['7', '8', '9']).state;
    const three = applyChanges(two, byId, rows.map((r) => ({ id: r.id, field: 'enabled' as const, value: false })));
    expect(changedRowCount(three)).toBe(5);
    const back = undo(three);
    expect(back.edits).toEqual(two.edits);
    expect(undo(back).edits).toEqual(one.edits);
    expect(undo(undo(back)).edits).toEqual({});
    expect(undo(emptyGrid())).toEqual(emptyGrid());
  });
});

describe('paste', () => {
  it('splits a column from a spreadsheet: Windows line ends, the trailing line end is no value', () => {
    expect(splitPastedColumn('4\r\n5\r\n6\r\n')).toEqual(['4', '5', '6']);
    expect(splitPastedColumn('4\n5\n\n6')).toEqual(['4', '5', '', '6']);
    expect(splitPastedColumn('single')).toEqual(['single']);
  });

  it('fills the column from the row down, in the order given, and says what was cut off', () => {
    const order = [rows[4]!, rows[2]!, rows[0]!, rows[1]!, rows[3]!];
    const { state, pasted, cutOff } = pasteColumn(emptyGrid(), order, 2, 'stock', ['11', '12', '13', '14']);
    expect({ pasted, cutOff }).toEqual({ pasted: 3, cutOff: 1 });
    expect(state.edits).toEqual({ 1: { stock: '11' }, 2: { stock: '12' }, 4: { stock: '13' } });
    expect(state.history).toHaveLength(1);
  });

  it('keeps a pasted value that is wrong, for the cell to show its message', () => {
    const { state } = pasteColumn(emptyGrid(), rows, 0, 'list_price', ['12,5', '-1']);
    expect(state.edits[1]).toEqual({ list_price: '12,5' });
    expect(cellError('list_price', '12,5')).toBe('List price must be a number');
    expect(cellError('list_price', '-1')).toBe('List price cannot be negative');
  });
});

describe('cell checks, with the shared schema', () => {
  it.each([
    ['sku', '', 'SKU is required'],
    ['sku', 'x'.repeat(101), 'SKU must be at most 100 characters'],
    ['stock', '2.5', 'Stock must be a whole number'],
    ['list_price', '1.234', 'List price must have at most 2 decimals'],
    ['weight', 'heavy', 'Weight must be a number'],
  ] as const)('%s %j: %s', (field, value, message) => {
    expect(cellError(field, value)).toBe(message);
  });

  it('accepts blanks where the field may be empty', () => {
    expect(cellError('gtin', '')).toBeUndefined();
    expect(cellError('weight', '')).toBeUndefined();
    expect(cellError('list_price', '19.90')).toBeUndefined();
  });
});

describe('the Save body', () => {
  it('holds each changed row once with only its changed fields, as the server reads them', () => {
    const state = applyChanges(emptyGrid(), byId, [
      { id: 3, field: 'list_price', value: '19.90' },
      { id: 3, field: 'gtin', value: '' },
      { id: 3, field: 'enabled', value: false },
      { id: 5, field: 'stock', value: ' 12 ' },
      { id: 5, field: 'weight', value: '' },
    ]);
    // gtin '' on a row that has no GTIN is no change.
    expect(buildPatchBody(state, byId)).toEqual({
      body: {
        variations: [
          { id: 3, list_price: 19.9, enabled: false },
          { id: 5, stock: 12 },
        ],
      },
    });
  });

  it('clears a value with null, and an emptied stock stops tracking the quantity with the row\'s status (issue 19)', () => {
    const withValues = new Map([[9, variation(9, { gtin: '4006381333931', weight: 1.5, stock: 3 })]]);
    const state = applyChanges(emptyGrid(), withValues, [
      { id: 9, field: 'gtin', value: '' },
      { id: 9, field: 'weight', value: '' },
      { id: 9, field: 'stock', value: '' },
    ]);
    expect(buildPatchBody(state, withValues).body).toEqual({ variations: [{ id: 9, gtin: null, weight: null, stock: null, stock_status: 'in_stock' }] });
  });

  it('is refused while a cell is wrong, naming the cells', () => {
    const state = applyChanges(emptyGrid(), byId, [
      { id: 1, field: 'sku', value: '' },
      { id: 2, field: 'stock', value: '5' },
    ]);
    expect(buildPatchBody(state, byId)).toEqual({ invalid: [{ id: 1, field: 'sku', message: 'SKU is required' }] });
  });
});

describe('the server refusal, by row', () => {
  it('maps variations.<index>.<field> to the row the request listed at that index', () => {
    const body = { variations: [{ id: 4, sku: 'A' }, { id: 2, sku: 'B' }, { id: 5, list_price: -1 }] };
    expect(
      rowMessagesFromFields(
        {
          'variations.1.sku': 'SKU B is already taken',
          'variations.2.values': 'A variation 8 mm / 10 m already exists',
          'variations.2.list_price': 'List price cannot be negative',
          attributes: 'not about rows',
        },
        body,
      ),
    ).toEqual({
      2: { sku: 'SKU B is already taken' },
      5: { row: 'A variation 8 mm / 10 m already exists', list_price: 'List price cannot be negative' },
    });
  });
});
