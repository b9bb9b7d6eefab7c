import { IMPORT_FIELD_GROUPS } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { assignHeader, fieldKeysOf, initialMapping, loadRememberedMapping, mappingMemoryKey, rememberMapping, unmappedHeaders } from './field-mapping';

const keys = fieldKeysOf(IMPORT_FIELD_GROUPS);

describe('assignHeader', () => {
  it('maps a header to one field only: mapping it elsewhere clears the other field', () => {
    const start = { sku: 'Code', name: 'Title' };
    expect(assignHeader(start, 'mfn', 'Code')).toEqual({ name: 'Title', mfn: 'Code' });
  });

  it('replaces a field’s header and clears a field with null', () => {
    expect(assignHeader({ sku: 'Code' }, 'sku', 'Ref')).toEqual({ sku: 'Ref' });
    expect(assignHeader({ sku: 'Code', name: 'Title' }, 'sku', null)).toEqual({ name: 'Title' });
  });
});

describe('initialMapping', () => {
  it('guesses from the headers, WooCommerce’s included', () => {
    const headers = ['SKU', 'Name', 'Regular price', 'Sale price', 'Categories', 'Images', 'Is featured?', 'Notes'];
    const mapping = initialMapping(headers, keys, null);
    expect(mapping).toMatchObject({ sku: 'SKU', name: 'Name', list_price: 'Regular price', special_price: 'Sale price', featured: 'Is featured?' });
    expect(new Set(Object.values(mapping)).size).toBe(Object.values(mapping).length);
    expect(unmappedHeaders(headers, mapping)).toContain('Notes');
  });

  it('prefers a remembered mapping and drops headers the file no longer has', () => {
    const mapping = initialMapping(['Code', 'Title'], keys, { sku: 'Code', name: 'Title', brand: 'Gone', bogus: 'Code' });
    expect(mapping).toEqual({ sku: 'Code', name: 'Title' });
  });
});

describe('remembered mappings', () => {
  it('are kept per vendor and header row', () => {
    rememberMapping(3, ['Code', 'Title'], { sku: 'Code', name: 'Title' }, new Date('2026-03-04T10:00:00Z'));
    expect(loadRememberedMapping(3, ['Code', 'Title'])).toEqual({ mapping: { sku: 'Code', name: 'Title' }, savedAt: '2026-03-04T10:00:00.000Z' });
    expect(loadRememberedMapping(4, ['Code', 'Title'])).toBeNull();
    expect(loadRememberedMapping(3, ['Code', 'Title', 'Price'])).toBeNull();
    expect(loadRememberedMapping(null, ['Code', 'Title'])).toBeNull();
  });

  it('reads a mapping saved before the date was kept, without a date', () => {
    localStorage.setItem(mappingMemoryKey(5, ['Ref']), JSON.stringify({ sku: 'Ref' }));
    expect(loadRememberedMapping(5, ['Ref'])).toEqual({ mapping: { sku: 'Ref' }, savedAt: null });
  });
});
