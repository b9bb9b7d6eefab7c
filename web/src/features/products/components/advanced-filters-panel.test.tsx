import { OPERATOR_LABELS, OPERATORS_BY_TYPE, UNTRACKED_STOCK_NOTES } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { newFilterRow, serializeFilterRows, type FilterRowDraft } from '../model/advanced-filter-rows';
import { AdvancedFiltersPanel } from './advanced-filters-panel';

/** The panel with its rows in state, and what the list would send for them. */
function Harness({ initial = 1 }: { initial?: number }) {
  const [rows, setRows] = useState<FilterRowDraft[]>(() => Array.from({ length: initial }, newFilterRow));
  const [tags, setTags] = useState<string[]>([]);
  return (
    <>
      <AdvancedFiltersPanel rows={rows} onChange={setRows} tags={tags} onTagsChange={setTags} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
      <output data-testid="sent">{serializeFilterRows(rows) ?? ''}</output>
      <output data-testid="row-count">{rows.length}</output>
    </>
  );
}

const sent = () => {
  const text = screen.getByTestId('sent').textContent;
  return text ? JSON.parse(text) : [];
};
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
/** The text the Filter 1 operator is described by (aria-describedby), if any. */
const operatorNote = () => {
  const id = select('Filter 1 operator').getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const optionLabels = (name: string) => [...select(name).options].map((o) => o.textContent);

describe('AdvancedFiltersPanel', () => {
  it('offers the operators of the chosen column type', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    expect(select('Filter 1 operator').disabled).toBe(true);

    const cases = [
      ['name', 'text'],
      ['stock', 'number'],
      ['list_price', 'currency'],
      ['published', 'boolean'],
      ['created_at', 'date'],
    ] as const;
    for (const [column, type] of cases) {
      await user.selectOptions(select('Filter 1 column'), column);
      expect(optionLabels('Filter 1 operator')).toEqual(['Select operator', ...OPERATORS_BY_TYPE[type].map((op) => OPERATOR_LABELS[op])]);
    }
  });

  it('shapes the value input to the column type', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();

    await user.selectOptions(select('Filter 1 column'), 'created_at');
    await user.selectOptions(select('Filter 1 operator'), 'before');
    expect((screen.getByLabelText('Filter 1 value') as HTMLInputElement).type).toBe('date');

    await user.selectOptions(select('Filter 1 column'), 'featured');
    await user.selectOptions(select('Filter 1 operator'), 'is');
    expect(optionLabels('Filter 1 value')).toEqual(['Choose…', 'Yes', 'No']);
    await user.selectOptions(select('Filter 1 value'), 'false');
    expect(sent()).toEqual([{ column: 'featured', operator: 'is', value: 'false' }]);

    // Money shows the currency sign beside the text, which stays as typed.
    await user.selectOptions(select('Filter 1 column'), 'vendor_cost');
    await user.selectOptions(select('Filter 1 operator'), 'greater_than');
    const money = screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement;
    expect(money.closest('.mantine-TextInput-root')?.textContent).toContain('$');
    await user.type(money, '1.02');
    expect(money.value).toBe('1.02');
    await user.tab();
    await waitFor(() => expect(sent()).toEqual([{ column: 'vendor_cost', operator: 'greater_than', value: '1.02' }]));

    // A number keeps what was typed: '1,5' is neither 15 nor 1.5; it says why and filters nothing.
    await user.selectOptions(select('Filter 1 column'), 'stock');
    const number = screen.getByRole('textbox', { name: 'Filter 1 value' }) as HTMLInputElement;
    await user.clear(number);
    await user.type(number, '1,5');
    expect(number.value).toBe('1,5');
    expect(screen.getByText(/'1,5' is not a number: a comma separates thousands/)).toBeTruthy();
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent()).not.toContainEqual(expect.objectContaining({ column: 'stock' }));
    await user.type(number, '00');
    await waitFor(() => expect(sent()).toEqual([{ column: 'stock', operator: 'greater_than', value: '1,500' }]));
    expect(screen.queryByText(/is not a number/)).toBeNull();

    await user.selectOptions(select('Filter 1 column'), 'sku');
    await user.selectOptions(select('Filter 1 operator'), 'starts_with');
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), 'ANC-');
    await waitFor(() => expect(sent()).toEqual([{ column: 'sku', operator: 'starts_with', value: 'ANC-' }]));
  });

  it('says beside the Stock operator whether products with untracked stock are included', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.selectOptions(select('Filter 1 column'), 'stock');
    expect(operatorNote()).toBeUndefined();
    expect(screen.queryByText(UNTRACKED_STOCK_NOTES.included)).toBeNull();
    expect(screen.queryByText(UNTRACKED_STOCK_NOTES.excluded)).toBeNull();

    await user.selectOptions(select('Filter 1 operator'), 'is_not_zero');
    expect(operatorNote()).toBe(UNTRACKED_STOCK_NOTES.included);
    await user.selectOptions(select('Filter 1 operator'), 'less_than');
    expect(operatorNote()).toBe(UNTRACKED_STOCK_NOTES.excluded);
    await user.selectOptions(select('Filter 1 operator'), 'is_not_set');
    expect(operatorNote()).toBe(UNTRACKED_STOCK_NOTES.included);

    // Other columns have no such note.
    await user.selectOptions(select('Filter 1 column'), 'weight');
    await user.selectOptions(select('Filter 1 operator'), 'is_not');
    expect(operatorNote()).toBeUndefined();
    expect(screen.queryByText(UNTRACKED_STOCK_NOTES.included)).toBeNull();
  });

  it('asks for a second value for between and for no value where the operator needs none', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.selectOptions(select('Filter 1 column'), 'weight');

    await user.selectOptions(select('Filter 1 operator'), 'between');
    expect(screen.getByRole('textbox', { name: 'Filter 1 value' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Filter 1 second value' })).toBeTruthy();

    await user.selectOptions(select('Filter 1 operator'), 'less_than');
    expect(screen.getByRole('textbox', { name: 'Filter 1 value' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Filter 1 second value' })).toBeNull();

    for (const operator of ['is_zero', 'is_positive', 'is_set', 'is_not_set']) {
      await user.selectOptions(select('Filter 1 operator'), operator);
      expect(screen.queryByLabelText('Filter 1 value')).toBeNull();
    }
  });

  it('sends only complete rows and counts them in the header', async () => {
    renderWithProviders(<Harness initial={0} />);
    const user = userEvent.setup();
    const panel = screen.getByRole('region', { name: 'Advanced Filters' });
    const badge = () => within(panel).getByLabelText(/active filters$/).textContent;
    expect(badge()).toBe('0 active');

    await user.click(screen.getByRole('button', { name: 'Add filter row' }));
    await user.click(screen.getByRole('button', { name: 'Add filter row' }));
    await user.selectOptions(select('Filter 1 column'), 'list_price');
    await user.selectOptions(select('Filter 1 operator'), 'between');
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '10');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Filter 1 value' })).toHaveProperty('value', '10'));
    // Still waiting for its second value: not sent, not counted.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent()).toEqual([]);
    expect(badge()).toBe('0 active');

    await user.type(screen.getByRole('textbox', { name: 'Filter 1 second value' }), '25.5');
    await waitFor(() => expect(sent()).toEqual([{ column: 'list_price', operator: 'between', value: '10', value2: '25.5' }]));
    expect(badge()).toBe('1 active');

    await user.selectOptions(select('Filter 2 column'), 'stock');
    expect(sent()).toHaveLength(1);
    await user.selectOptions(select('Filter 2 operator'), 'is_zero');
    expect(sent()).toEqual([
      { column: 'list_price', operator: 'between', value: '10', value2: '25.5' },
      { column: 'stock', operator: 'is_zero' },
    ]);
    expect(badge()).toBe('2 active');

    await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    expect(sent()).toEqual([{ column: 'stock', operator: 'is_zero' }]);
    expect(badge()).toBe('1 active');
    expect(select('Filter 1 column').value).toBe('stock');

    await user.click(screen.getByRole('button', { name: 'Clear all advanced filters' }));
    expect(screen.getByTestId('row-count').textContent).toBe('0');
    expect(sent()).toEqual([]);
  });
  it('filters by any of several tags, counts them as one active filter, and clears them with the rows', async () => {
    renderWithProviders(<Harness initial={0} />);
    const user = userEvent.setup();
    const input = screen.getAllByLabelText('Has any of these tags').find((el) => el instanceof HTMLInputElement && el.type !== 'hidden')!;
    await user.type(input, 'winter{Enter}WOOL{Enter}Winter{Enter}');
    expect(JSON.parse(screen.getByTestId('tags').textContent!)).toEqual(['winter', 'WOOL']);
    expect(screen.getByLabelText('1 active filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear all advanced filters' }));
    expect(JSON.parse(screen.getByTestId('tags').textContent!)).toEqual([]);
    expect(screen.getByLabelText('0 active filters')).toBeTruthy();
  });
});
