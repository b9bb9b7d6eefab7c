import type { ImportProfile } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { preselectedProfile, profileMappingFor, sameHeaderRow } from './import-profile-choice';

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
