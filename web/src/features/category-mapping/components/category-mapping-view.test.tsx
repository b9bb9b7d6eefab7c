import type { CategoryMappingRow } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { shareText } from '../mapping-logic';
import { CategoryMappingView } from './category-mapping-view';

const row = (id: number, path: string, fields: Partial<CategoryMappingRow> = {}): CategoryMappingRow => ({
  id,
  name: path.split(' > ').at(-1)!,
  path,
  vendor_id: 1,
  vendor_name: 'Lewmar',
  level: path.split(' > ').length,
  product_count: 4,
  mapping: null,
  inherited: null,
  suggestions: [],
  ...fields,
});

const ROWS = [
  row(11, 'Winches', { suggestions: [{ id: 5, path: 'Deck > Winches' }, { id: 6, path: 'Deck' }] }),
  row(12, 'Blocks', { suggestions: [{ id: 7, path: 'Deck > Blocks' }] }),
  row(13, 'Hardware', { mapping: { id: 6, path: 'Deck' } }),
  row(14, 'Hardware > Cleats', { inherited: { id: 6, path: 'Deck', from: 'Hardware' } }),
];

let posts: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ url, body });
        return jsonResponse({ message: `${body.mappings.length} mapped`, mapped: body.mappings.length, updated_products: 8 });
      }
      if (url.startsWith('/api/vendors/names')) return jsonResponse({ vendors: [{ id: 1, name: 'Lewmar', product_count: 16 }] });
      if (url.startsWith('/api/category-mappings')) return jsonResponse({ rows: ROWS, total: 4, summary: { categories: 4, unmapped: 2, products: 16, with_store_category: 8 } });
      return jsonResponse({}, { status: 404 });
    }),
  );
});

describe('CategoryMappingView', () => {
  it('shows each row as unmapped, mapped or inherited, and the share of products with a shop category', async () => {
    renderWithProviders(<CategoryMappingView />);
    expect(await screen.findByText('2 of 4 vendor categories unmapped · 50% of 16 products have a shop category')).toBeTruthy();
    const cleats = screen.getByLabelText('Vendor category Hardware > Cleats (Lewmar)');
    expect(within(cleats).getByText('Inherited')).toBeTruthy();
    expect(within(cleats).getByText('(from Hardware)')).toBeTruthy();
    expect(within(screen.getByLabelText('Vendor category Hardware (Lewmar)')).getByRole('button', { name: 'Remove mapping' })).toBeTruthy();
  });

  it('accepts one suggestion with one click, and the first suggestion of each selected row at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryMappingView />);
    const winches = await screen.findByLabelText('Vendor category Winches (Lewmar)');
    await user.click(within(winches).getByRole('button', { name: 'Deck' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ mappings: [{ vendor_category_id: 11, store_category_id: 6 }], apply: 'missing' });
    expect(await screen.findByText('1 mapped')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select Winches' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Blocks' }));
    await user.click(screen.getByRole('button', { name: 'Accept selected suggestions (2)' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body).toEqual({
      mappings: [
        { vendor_category_id: 11, store_category_id: 5 },
        { vendor_category_id: 12, store_category_id: 7 },
      ],
      apply: 'missing',
    });
  });
});

describe('shareText', () => {
  it('never says 100% while one product is still missing, and 0% of nothing', () => {
    expect(shareText(999, 1000)).toBe('99%');
    expect(shareText(1000, 1000)).toBe('100%');
    expect(shareText(0, 0)).toBe('0%');
    expect(shareText(1, 3)).toBe('33%');
  });
});
