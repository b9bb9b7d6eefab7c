import type { ImportProfile } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { formatMismatch, preselectedProfile, profileMappingFor, sameHeaderRow } from './import-profile-choice';

const profile = (id: number, headers: string[], lastUsedAt: string | null, updatedAt = '2026-01-01T00:00:00.000Z') =>
  ({ id, headers, lastUsedAt, updatedAt, mapping: {} }) as unknown as ImportProfile;

describe('the profile the wizard starts from', () => {
  it('compares header rows as sets of names, empty names left out', () => {
    expect(sameHeaderRow(['SKU', 'Stock', ''], ['Stock', 'SKU'])).toBe(true);
    expect(sameHeaderRow(['SKU', 'Stock'], ['SKU', 'Stock', 'Price'])).toBe(false);
  });

  it('preselects the most recently used profile whose header row is the file’s; none when none matches', () => {
    const file = ['SKU', 'Stock'];
    const profiles = [profile(1, file, '2026-05-01T00:00:00.000Z'), profile(2, file, '2026-06-01T00:00:00.000Z'), profile(3, ['SKU'], '2026-07-01T00:00:00.000Z'), profile(4, file, null)];
    expect(preselectedProfile(profiles, file)?.id).toBe(2);
    expect(preselectedProfile(profiles, ['Code'])).toBeNull();
  });

  it("applies a profile's mapping by header name and names the headers the file lacks", () => {
    const keys = new Set(['sku', 'stock', 'list_price']);
    const applied = profileMappingFor({ mapping: { sku: 'SKU', stock: 'Qty', list_price: 'Price', gone_field: 'SKU' } }, ['Price', 'SKU'], keys);
    expect(applied).toEqual({ mapping: { sku: 'SKU', list_price: 'Price' }, missingHeaders: ['Qty'] });
  });
});

describe("the profile's fixed file format", () => {
  const fixed = { name: 'Daily stock', encoding: 'utf-8' as const, delimiter: ';' as const };
  it('says where the file read differs from the encoding or delimiter the profile fixes', () => {
    expect(formatMismatch(fixed, { encoding: 'utf-8', delimiter: ';' })).toBeNull();
    expect(formatMismatch(fixed, { encoding: 'windows-1252', delimiter: ',' })).toBe(
      "The profile 'Daily stock' expects files encoded utf-8 (this one is windows-1252) and semicolon delimited (this one is comma delimited): is this the right file?",
    );
  });

  it('says nothing for a format left to detection, or for a workbook', () => {
    expect(formatMismatch({ ...fixed, encoding: 'auto', delimiter: 'auto' }, { encoding: 'windows-1252', delimiter: ',' })).toBeNull();
    expect(formatMismatch(fixed, { encoding: 'utf-8', delimiter: ',', sheet: 'Sheet1' })).toBeNull();
  });
});
