import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { renderVariationsScreen, stubVariationsApi } from '../testing/fake-variations-api';
import { ropeScreen } from '../testing/variation-fixtures';

const grid = () => screen.getByRole('table', { name: 'Variations' });
const cell = (column: string, row: string) => screen.getByRole('textbox', { name: `${column} of ${row}` }) as HTMLInputElement;
const toast = (text: string) => screen.findByText(text, {}, { timeout: 5000 });

describe('VariationsView', () => {
  it('shows the parent, its totals and a row per variation, the weight greyed from the parent', async () => {
    stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    expect(await screen.findByRole('heading', { name: 'Variations of Rope' })).toBeTruthy();
    expect(screen.getByText('60')).toBeTruthy(); // stock total
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Rope/ }).getAttribute('href')).toBe('/product/7');
    expect(within(grid()).getAllByRole('row')).toHaveLength(13);
    expect(cell('SKU', '8 mm / 10 m').value).toBe('ROPE-8mm-10m');
    expect(cell('Weight', '8 mm / 10 m').value).toBe('');
    expect(cell('Weight', '8 mm / 10 m').placeholder).toBe('2');
  });

  it("says a blank weight takes the product's while the cell has the focus (a tap on a phone), with no browser title", async () => {
    stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const weight = await screen.findByRole('textbox', { name: 'Weight of 8 mm / 10 m' });
    expect(weight.getAttribute('title')).toBeNull();
    const hint = () => document.getElementById(weight.getAttribute('aria-describedby') ?? '')!;
    expect(hint().textContent).toBe("The product's weight: 2");
    expect(hint().hidden).toBe(true);
    weight.focus();
    await waitFor(() => expect(hint().hidden).toBe(false));
  });

  it('tells what Undo does and its shortcut in a tooltip, not a browser title, and why it is disabled', async () => {
    stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.getAttribute('title')).toBeNull();
    expect(undo.getAttribute('aria-keyshortcuts')).toBe('Control+Z');
    await user.hover(undo.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('No edit to undo yet');
    await user.unhover(undo.parentElement!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.clear(cell('Stock', '8 mm / 10 m'));
    await user.type(cell('Stock', '8 mm / 10 m'), '9');
    await user.click(document.body);
    await waitFor(() => expect(undo.hasAttribute('disabled')).toBe(false));
    await user.hover(undo);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Undo the last edit (Ctrl+Z)');
  });

  it('checks a cell as it is typed, saves only the changed rows in one PATCH, and clears the marks', async () => {
    const api = stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    const price = await screen.findByRole('textbox', { name: 'List price of 8 mm / 25 m' });
    await user.clear(price);
    await user.type(price, '-3');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('List price cannot be negative')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '19.90');
    expect(price.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(price.dataset.changed).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save 1 changed' }));
    expect(await toast('1 variation saved')).toBeTruthy();
    expect(api.lastWrite()).toMatchObject({ method: 'PATCH', path: '/api/products/7/variations', body: { variations: [{ id: 102, list_price: 19.9 }] } });
    await waitFor(() => expect(cell('List price', '8 mm / 25 m').dataset.changed).toBeUndefined());
    expect(cell('List price', '8 mm / 25 m').value).toBe('19.9');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the rows the server refused beside them, and saves nothing', async () => {
    const api = stubVariationsApi({
      data: ropeScreen(),
      onWrite: (method) =>
        method === 'PATCH'
          ? jsonResponse(
              { message: '1 of the variations could not be saved; nothing was saved', details: { fields: { 'variations.1.sku': 'SKU TAKEN is already taken' } } },
              { status: 400 },
            )
          : undefined,
    });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Stock of 8 mm / 10 m' }), '1');
    const sku = cell('SKU', '8 mm / 50 m');
    await user.clear(sku);
    await user.type(sku, 'TAKEN');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save 2 changed' }));
    expect(await toast('1 of the variations could not be saved; nothing was saved')).toBeTruthy();
    const row = screen.getByRole('row', { name: '8 mm / 50 m' });
    expect(within(row).getByText('SKU: SKU TAKEN is already taken')).toBeTruthy();
    expect(screen.getByText(/1 row was not saved/)).toBeTruthy();
    expect(api.current().variations[2]!.sku).toBe('ROPE-8mm-50m');
    // The edits stay for the user to correct.
    expect(cell('SKU', '8 mm / 50 m').value).toBe('TAKEN');
  });

  it('pastes a column into consecutive rows as one edit, says what was cut off, and Undo takes it back', async () => {
    stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    const start = await screen.findByRole('textbox', { name: 'Stock of 12 mm / 25 m' });
    fireEvent.paste(start, { clipboardData: { getData: () => '14\r\n15\r\n16\r\n17\r\n' } });
    expect(await toast('Pasted 3 cells; 1 value was cut off past the last row')).toBeTruthy();
    expect(['25 m', '50 m', '100 m'].map((length) => cell('Stock', `12 mm / ${length}`).value)).toEqual(['14', '15', '16']);
    expect(screen.getByRole('button', { name: 'Save 3 changed' })).toBeTruthy();

    fireEvent.paste(cell('Stock', '8 mm / 10 m'), { clipboardData: { getData: () => '1\n2\n' } });
    expect(await toast('Pasted 2 cells')).toBeTruthy();
    // Ctrl+Z outside a field takes back the last paste only.
    await user.click(document.body);
    await user.keyboard('{Control>}z{/Control}');
    expect(cell('Stock', '8 mm / 10 m').value).toBe('5');
    expect(cell('Stock', '12 mm / 25 m').value).toBe('14');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(cell('Stock', '12 mm / 25 m').value).toBe('5');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks before leaving with unsaved changes; Stay keeps them, Leave goes', async () => {
    stubVariationsApi({ data: ropeScreen() });
    const { router } = renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'GTIN of 8 mm / 10 m' }), '4006381333931');
    await user.tab();
    await user.click(screen.getByRole('link', { name: /Back to Rope/ }));
    expect(await screen.findByText('Changes to 1 variation are not saved. Leave this page and lose them?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/product/7/variations');
    expect(cell('GTIN', '8 mm / 10 m').value).toBe('4006381333931');
    await user.click(screen.getByRole('link', { name: /Back to Rope/ }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The product page')).toBeTruthy();
  });

  it('sets prices of the selected rows in bulk, toggles enabled as a grid edit, and deletes after saying how many', async () => {
    const api = stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all variations' }));
    const bar = screen.getByRole('region', { name: 'Selected variations' });
    expect(within(bar).getByText('12 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: /Edit prices/ }));
    const form = await screen.findByRole('form', { name: 'Edit prices and stock' });
    await user.type(within(form).getByRole('textbox', { name: 'List Price' }), '19.90');
    await user.click(within(form).getByRole('button', { name: 'Update 12 variations' }));
    expect(await toast('12 variations updated')).toBeTruthy();
    expect(api.lastWrite()).toMatchObject({ path: '/api/products/7/variations/bulk-update', body: { updateData: { list_price: 19.9 } } });
    expect((api.lastWrite()!.body as { ids: number[] }).ids).toHaveLength(12);
    await waitFor(() => expect(cell('List price', '8 mm / 10 m').value).toBe('19.9'));

    await user.click(within(bar).getByRole('button', { name: 'Disable' }));
    expect(screen.getByRole('button', { name: 'Save 12 changed' })).toBeTruthy();
    // Writing at once waits for the edits to be saved or discarded.
    expect(within(bar).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This deletes 12 variations of Rope. It cannot be undone.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete 12 variations' }));
    expect(await toast('12 variations deleted')).toBeTruthy();
    expect(api.lastWrite()).toMatchObject({ path: '/api/products/7/variations/delete' });
    expect(await screen.findByText(/No variations yet/)).toBeTruthy();
  });

  it('generates from a preview: a matrix for two attributes, then Create', async () => {
    const api = stubVariationsApi({ data: { ...ropeScreen(), variations: [], stock_total: 0, price_min: null, price_max: null } });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate variations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate variations' });
    expect((within(dialog).getByRole('textbox', { name: /SKU pattern/ }) as HTMLInputElement).value).toBe('{sku}-{Diameter}-{Length}');
    await user.type(within(dialog).getByRole('textbox', { name: 'Starting list price' }), '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const matrix = await within(dialog).findByRole('table', { name: 'Preview matrix' });
    expect(within(matrix).getAllByRole('row')).toHaveLength(4); // a header and 3 diameters
    expect(within(matrix).getAllByRole('columnheader')).toHaveLength(5); // the corner and 4 lengths
    expect(within(matrix).getByText('ROPE-12mm-100m')).toBeTruthy();
    expect(within(dialog).getByText('12 combinations: 12 to create')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create 12 variations' }));
    expect(await toast('12 variations created')).toBeTruthy();
    expect(api.lastWrite()!.body).toEqual({
      values: [['8 mm', '10 mm', '12 mm'], ['10 m', '25 m', '50 m', '100 m']],
      sku_pattern: '{sku}-{Diameter}-{Length}',
      list_price: 12.5,
      stock: 0,
    });
    expect(await screen.findByRole('heading', { name: 'Variations (12)' })).toBeTruthy();
  });

  it('edits attributes as chips and asks which value existing variations take for an added attribute', async () => {
    const api = stubVariationsApi({ data: ropeScreen() });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('listitem', { name: 'Value 8 mm' }));
    const rename = await screen.findByRole('textbox', { name: 'Rename value' });
    await user.clear(rename);
    await user.type(rename, '8mm{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByRole('textbox', { name: 'Attribute 3 name' }), 'Colour');
    await user.type(screen.getByRole('textbox', { name: 'Add values to Colour' }), 'White, Blue{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    expect(await screen.findByText('Choose the value the 12 variations take')).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Value the 12 existing variations take' }), 'Blue');
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    expect(await toast('Attributes saved')).toBeTruthy();
    expect(api.lastWrite()!.body).toEqual({
      attributes: [
        { name: 'Diameter', values: ['8mm', '10 mm', '12 mm'], visible: true, global: false, default_value: null, was: 1, renames: [{ from: '8 mm', to: '8mm' }] },
        { name: 'Length', values: ['10 m', '25 m', '50 m', '100 m'], visible: true, global: false, default_value: null, was: 2 },
        { name: 'Colour', values: ['White', 'Blue'], visible: true, global: false, default_value: null, fill: 'Blue' },
      ],
    });
  });

  it("shows and saves whether an attribute is visible on the product page and its default value", async () => {
    const [diameter, length] = ropeScreen().attributes;
    const api = stubVariationsApi({ data: ropeScreen([diameter!, { ...length!, visible: false, default_value: '25 m' }]) });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Attribute 1' });
    const second = screen.getByRole('group', { name: 'Attribute 2' });
    const visible = (group: HTMLElement) => within(group).getByRole('switch', { name: 'Visible on the product page' }) as HTMLInputElement;
    const byDefault = (group: HTMLElement, name: string) => within(group).getByRole('combobox', { name: new RegExp(`^Default of ${name}`) }) as HTMLSelectElement;
    expect([visible(first).checked, visible(second).checked]).toEqual([true, false]);
    expect(byDefault(second, 'Length').selectedOptions[0]!.textContent).toBe('25 m');
    expect(byDefault(first, 'Diameter').selectedOptions[0]!.textContent).toBe('No default');
    expect((screen.getByRole('button', { name: 'Save attributes' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(visible(second));
    await user.selectOptions(byDefault(first, 'Diameter'), '10 mm');
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    expect(await toast('Attributes saved')).toBeTruthy();
    const { attributes } = api.lastWrite()!.body as { attributes: Array<{ visible: boolean; default_value: string | null }> };
    expect(attributes.map((a) => [a.visible, a.default_value])).toEqual([
      [true, '10 mm'],
      [true, '25 m'],
    ]);
  });

  it('shows and saves whether an attribute is global, and Reset puts back the saved setting', async () => {
    const [diameter, length] = ropeScreen().attributes;
    const api = stubVariationsApi({ data: ropeScreen([{ ...diameter!, global: true }, length!]) });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    const first = await screen.findByRole('group', { name: 'Attribute 1' });
    const second = screen.getByRole('group', { name: 'Attribute 2' });
    const global = (group: HTMLElement) => within(group).getByRole('switch', { name: 'Global attribute' }) as HTMLInputElement;
    expect([global(first).checked, global(second).checked]).toEqual([true, false]);
    // What the switch means for a WooCommerce export, said beside it.
    expect(global(first).getAttribute('aria-describedby')).toBe(within(first).getByText(/shop-wide taxonomy/).id);
    expect(within(first).getByText(/shop-wide taxonomy/).textContent).toMatch(/WooCommerce export.*Off: this product's own attribute/);
    const save = () => screen.getByRole('button', { name: 'Save attributes' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    // Only the setting changed: a change to save, which Reset takes back.
    await user.click(global(second));
    expect(save().disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect([global(screen.getByRole('group', { name: 'Attribute 1' })).checked, global(screen.getByRole('group', { name: 'Attribute 2' })).checked]).toEqual([true, false]);
    expect(save().disabled).toBe(true);
    await user.click(global(screen.getByRole('group', { name: 'Attribute 1' })));
    await user.click(global(screen.getByRole('group', { name: 'Attribute 2' })));
    await user.click(save());
    expect(await toast('Attributes saved')).toBeTruthy();
    const { attributes } = api.lastWrite()!.body as { attributes: Array<{ name: string; global: boolean; visible: boolean }> };
    expect(attributes.map((a) => [a.name, a.global, a.visible])).toEqual([
      ['Diameter', false, true],
      ['Length', true, true],
    ]);
    // The saved settings come back from the server as the screen shows them.
    await waitFor(() => expect(save().disabled).toBe(true));
    expect([global(screen.getByRole('group', { name: 'Attribute 1' })).checked, global(screen.getByRole('group', { name: 'Attribute 2' })).checked]).toEqual([false, true]);
  });

  it('shows the server message for an attribute beside it', async () => {
    stubVariationsApi({
      data: ropeScreen(),
      onWrite: (method) =>
        method === 'PUT'
          ? jsonResponse({ message: "'12 mm' is used by 4 variations: change them first", details: { fields: { 'attributes.0.values': "'12 mm' is used by 4 variations: change them first" } } }, { status: 400 })
          : undefined,
    });
    renderVariationsScreen(7);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('listitem', { name: 'Value 12 mm' }));
    await user.click(await screen.findByRole('button', { name: 'Remove value' }));
    await user.click(screen.getByRole('button', { name: 'Save attributes' }));
    const values = screen.getByRole('group', { name: 'Attribute 1' });
    expect(await within(values).findByText("'12 mm' is used by 4 variations: change them first")).toBeTruthy();
  });
});
