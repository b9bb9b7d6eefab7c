import type { ListedVariation, Product } from '@bosun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fixedColumnsWidth } from '../model/list-layout';
import { DEFAULT_VISIBLE_COLUMNS, defaultColumnWidth, PRODUCT_COLUMN_IDS } from '../model/product-columns';
import { product } from '../testing/product-fixtures';
import { ProductsTable } from './products-table';

const COLUMNS = [...DEFAULT_VISIBLE_COLUMNS, 'market_price'];

/** Renders the table and waits for its rows (the virtualiser draws them once it has measured). */
async function renderTable(
  products: Product[],
  variations?: ListedVariation[],
  { columns = COLUMNS, widths = { name: 400 }, boxWidth = 1200 }: { columns?: string[]; widths?: Record<string, number>; boxWidth?: number } = {},
) {
  const onRowSelectionChange = vi.fn();
  // happy-dom lays nothing out: the scroll box gets room for 20 rows so that the virtualised rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(20 * 44);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(boxWidth);
  renderWithProviders(
    <ProductsTable
      products={products}
      variations={variations}
      units={{ weight: 'kg', dimension: 'cm' }}
      visibleColumns={columns}
      columnWidths={widths}
      onColumnWidthsChange={() => {}}
      sort={null}
      onToggleSort={() => {}}
      rowSelection={{}}
      onRowSelectionChange={onRowSelectionChange}
      onQuickEdit={() => {}}
      onViewDetails={() => {}}
      onDuplicate={() => {}}
      onDelete={() => {}}
      scrollKey="k"
    />,
  );
  await screen.findAllByRole('checkbox', { name: /^Select (?!all)/ });
  return { onRowSelectionChange };
}

/** The body rows, each as the text of its cells. */
const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent ?? ''));
/** Cells follow the columns' display order, after the checkbox and thumbnail cells. */
const columnIndex = (id: string) => PRODUCT_COLUMN_IDS.filter((c) => COLUMNS.includes(c)).indexOf(id) + 2;

function variation(id: number, parentId: number, values: string[], fields: Partial<ListedVariation> = {}): ListedVariation {
  return {
    id, parent_id: parentId, sku: `V-${id}`, gtin: null, mfn: null, stock: 4, stock_status: 'in_stock', list_price: 20, market_price: 25, vendor_cost: 8, special_price: null,
    weight: null, length: null, width: null, height: null, image_url: null, enabled: true, values,
    created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', ...fields,
  };
}

const rope = product(7, { name: 'Rope', kind: 'variable', variation_count: 12, stock: 48, list_price: 19.9, variation_price_max: 34.5, market_price: 99 });

describe('ProductsTable: variable products', () => {
  it('shows the variation count as a link to the variations, the price range, the total stock, and no own market price', async () => {
    await renderTable([product(1), rope, product(8, { kind: 'variable', variation_count: 2, list_price: 15, variation_price_max: 15 })]);
    const link = screen.getByRole('link', { name: '12 variations' });
    expect(link.getAttribute('href')).toBe('/product/7/variations');
    const [simple, variable, samePrice] = bodyRows();
    expect(simple![columnIndex('list_price')]).toBe('$11.00');
    expect(simple![columnIndex('name')]).toBe('Product 1');
    expect(variable![columnIndex('name')]).toBe('Rope12 variations');
    expect(variable![columnIndex('list_price')]).toBe('$19.90 – $34.50');
    expect(variable![columnIndex('stock')]).toBe('48');
    expect(variable![columnIndex('market_price')]).toBe('—');
    // One price when the variations agree.
    expect(samePrice![columnIndex('list_price')]).toBe('$15.00');
    expect(screen.getByRole('link', { name: '2 variations' })).toBeTruthy();
  });

  it("says where the variation count leads in a tooltip on hover, not a browser title", async () => {
    await renderTable([rope]);
    const link = screen.getByRole('link', { name: '12 variations' });
    expect(link.getAttribute('title')).toBeNull();
    const user = userEvent.setup();
    await user.hover(link);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Open the variations');
    await user.unhover(link);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('names the variation a search found the product through, under its name', async () => {
    await renderTable([{ ...rope, matched_variation: { id: 70, sku: 'ROPE-10-50', values: ['10 mm', '50 m'] } }]);
    expect(screen.getByText('matches variation ROPE-10-50 (10 mm / 50 m)')).toBeTruthy();
  });

  it('lists the variations under their parent, with their own codes, stock and prices, without a checkbox, and says how many more there are', async () => {
    const shackle = product(9, { name: 'Shackle', kind: 'variable', variation_count: 2, list_price: 5, variation_price_max: 6 });
    await renderTable(
      [rope, product(8, { name: 'Cleat' }), shackle],
      [
        variation(71, 7, ['10 mm', '50 m'], { sku: 'ROPE-10-50', gtin: '5012345678900', stock: 0, list_price: 34.5, market_price: 40 }),
        variation(72, 7, ['12 mm', '50 m'], { enabled: false }),
        variation(91, 9, ['S']),
        variation(92, 9, ['M'], { list_price: 6 }),
      ],
    );
    const rows = bodyRows();
    // The 'more' row is one cell wide.
    const names = rows.map((cells) => (cells.length === 1 ? cells[0] : cells[columnIndex('name')]));
    expect(names).toEqual(['Rope12 variations', 'Rope — 10 mm / 50 m', 'Rope — 12 mm / 50 m', 'and 10 more: open variations', 'Cleat', 'Shackle2 variations', 'Shackle — S', 'Shackle — M']);
    const first = rows[1]!;
    expect(first[columnIndex('sku')]).toBe('ROPE-10-50');
    expect(first[columnIndex('stock')]).toBe('0');
    expect(first[columnIndex('list_price')]).toBe('$34.50');
    expect(first[columnIndex('market_price')]).toBe('$40.00');
    expect(first[columnIndex('brand')]).toBe('Lewmar'); // the parent's
    expect(rows[2]![columnIndex('published')]).toBe('Disabled');
    // Products can be ticked, variations cannot.
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual([
      'Select all products on this page', 'Select Rope', 'Select Cleat', 'Select Shackle',
    ]);
    const more = screen.getByRole('link', { name: 'open variations' });
    expect(more.getAttribute('href')).toBe('/product/7/variations');
    expect(screen.getAllByRole('link', { name: 'Open the variations of Rope' })).toHaveLength(2);
    // Everything fits: no 'more' row for a parent whose variations are all shown.
    expect(screen.getAllByText(/more:/)).toHaveLength(1);
  });

  it('draws no variation rows without the switch', async () => {
    await renderTable([rope]);
    expect(bodyRows()).toHaveLength(1);
  });
});

describe('ProductsTable: fitting the screen (issue 24 point 10)', () => {
  it('fits the default columns in the box, the name taking the room the others leave', async () => {
    // The list's box at 1440 px: the window less the sidebar, the page padding and the card border.
    const box = 1440 - 240 - 40 - 2;
    await renderTable([product(1)], undefined, { columns: DEFAULT_VISIBLE_COLUMNS, widths: {}, boxWidth: box });
    const table = screen.getByRole('table', { name: 'Products' });
    expect(table.style.width).toBe(`${box}px`);
    const others = DEFAULT_VISIBLE_COLUMNS.filter((id) => id !== 'name').reduce((sum, id) => sum + defaultColumnWidth(id), 0);
    const nameWidth = Number(screen.getByRole('separator', { name: 'Resize Name column' }).getAttribute('aria-valuenow'));
    expect(nameWidth).toBe(box - fixedColumnsWidth(false) - others);
  });

  it('scrolls sideways only once the user has made the columns wider than the box', async () => {
    await renderTable([product(1)], undefined, { columns: DEFAULT_VISIBLE_COLUMNS, widths: { categories_display: 900 }, boxWidth: 1000 });
    expect(parseInt(screen.getByRole('table', { name: 'Products' }).style.width)).toBeGreaterThan(1000);
    // The name keeps its least width rather than being squeezed out.
    expect(screen.getByRole('separator', { name: 'Resize Name column' }).getAttribute('aria-valuenow')).toBe(String(defaultColumnWidth('name')));
  });
});

describe('ProductsTable: thumbnails and names', () => {
  const thumbnail = (row: HTMLElement) => row.querySelector('img')!;
  const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

  it("shows each row's image, loaded lazily, and the neutral placeholder when there is none or it fails to load", async () => {
    await renderTable([product(1, { image_url: 'https://img.example/cleat.jpg' }), product(2, { image_url: null })]);
    const shown = thumbnail(rowOf('Product 1'));
    expect(shown.getAttribute('src')).toBe('https://img.example/cleat.jpg');
    expect(shown.getAttribute('loading')).toBe('lazy');
    expect(thumbnail(rowOf('Product 2')).getAttribute('src')).toBe('/product-placeholder.svg');

    fireEvent.error(shown);
    await waitFor(() => expect(thumbnail(rowOf('Product 1')).getAttribute('src')).toBe('/product-placeholder.svg'));
  });

  it('shows a cut name whole in a tooltip on hover (not the browser title), and no tooltip for a name that fits', async () => {
    const long = 'Lewmar Ocean 12/24V Vertical Windlass for Boats to 25 ft with Chain Gypsy';
    await renderTable([product(1, { name: long }), product(2, { name: 'Cleat' })]);
    const user = userEvent.setup();
    const name = screen.getByText(long);
    expect(name.getAttribute('title')).toBeNull();
    // happy-dom lays nothing out: the cut name is told by its text being taller than its box.
    vi.spyOn(name, 'scrollHeight', 'get').mockReturnValue(54);
    vi.spyOn(name, 'clientHeight', 'get').mockReturnValue(36);
    await user.hover(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
    await user.unhover(name);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.hover(screen.getByText('Cleat'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("explains a variable product's own price and a date's moment in a tooltip, and no cell has a browser title", async () => {
    const parent = product(1, { kind: 'variable', variation_count: 2, market_price: null, description: '<p>Galvanised steel, rated to 2 t</p>', updated_at: '2025-03-04T10:20:30.000Z' });
    await renderTable([parent], [variation(11, 1, ['10 mm', '50 m']), variation(12, 1, ['12 mm', '50 m'])], { columns: [...COLUMNS, 'updated_at', 'description'] });
    const cells = screen.getAllByRole('cell');
    expect(cells.flatMap((cell) => Array.from(cell.querySelectorAll('[title]')))).toEqual([]);

    const user = userEvent.setup();
    const row = screen.getAllByRole('row')[1]!;
    const rowCells = within(row).getAllByRole('cell');
    const marketPrice = rowCells[PRODUCT_COLUMN_IDS.filter((c) => [...COLUMNS, 'updated_at', 'description'].includes(c)).indexOf('market_price') + 2]!;
    await user.hover(within(marketPrice).getByText('—'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Set on the variations');
    await user.unhover(within(marketPrice).getByText('—'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.hover(screen.getByText('Mar 4, 2025'));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/^Mar 4, 2025, \d\d:20:30/);
  });
});
