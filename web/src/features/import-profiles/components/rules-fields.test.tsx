import { DEFAULT_IMPORT_PROFILE_RULES, STOCK_AND_PRICE_FIELDS } from '@bosun/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RulesFields, type RulesValue } from './rules-fields';

/** The section as a form holds it: every change comes back as its value, and is recorded. */
function Harness({ onChange, withFullList = false }: { onChange: (value: RulesValue) => void; withFullList?: boolean }) {
  const [value, setValue] = useState<RulesValue>({ updateExisting: false, rules: DEFAULT_IMPORT_PROFILE_RULES });
  const [fullList, setFullList] = useState(false);
  return (
    <RulesFields
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      fullList={withFullList ? { checked: fullList, onChange: setFullList } : undefined}
    />
  );
}

const checked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;

describe('RulesFields', () => {
  it("offers 'Update only these fields' once existing products are updated, with the 'Stock and prices only' preset", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.queryByRole('radio', { name: 'All mapped fields' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /Update existing products/ }));
    expect((screen.getByRole('radio', { name: 'All mapped fields' }) as HTMLInputElement).checked).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith({ updateExisting: true, rules: DEFAULT_IMPORT_PROFILE_RULES });

    await user.click(screen.getByRole('radio', { name: 'Only the fields checked' }));
    expect(onChange.mock.lastCall![0].rules.updateFields).toEqual(STOCK_AND_PRICE_FIELDS);
    expect(checked('Stock quantity')).toBe(true);
    expect(checked('Product name')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Vendor cost' }));
    await user.click(screen.getByRole('checkbox', { name: 'Product name' }));
    expect(onChange.mock.lastCall![0].rules.updateFields).toEqual(['stock', 'stock_status', 'list_price', 'market_price', 'special_price', 'name']);
    await user.click(screen.getByRole('button', { name: 'Stock and prices only' }));
    expect(onChange.mock.lastCall![0].rules.updateFields).toEqual(STOCK_AND_PRICE_FIELDS);

    await user.click(screen.getByRole('radio', { name: 'All mapped fields' }));
    expect(onChange.mock.lastCall![0].rules.updateFields).toBeNull();
  });

  it('sets create new products and what an empty cell does', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: /Create new products/ }));
    expect(onChange.mock.lastCall![0].rules.createNew).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'An empty cell keeps the current value' }));
    expect(onChange.mock.lastCall![0].rules).toMatchObject({ createNew: false, emptyCells: 'keep' });
  });

  it("shows the missing-product rule in the wizard only once the file is marked as the vendor's full list; the share only for an action", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} withFullList />);
    expect(screen.queryByRole('combobox', { name: 'Products missing from the file' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: /This file is the vendor's full list/ }));
    const share = screen.getByRole('textbox', { name: 'Largest share without confirmation' }) as HTMLInputElement;
    expect(share.disabled).toBe(true);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Products missing from the file' }), 'disable');
    expect(onChange.mock.lastCall![0].rules.missing).toEqual({ action: 'disable', maxPercent: 20 });
    expect(share.disabled).toBe(false);
    await user.tripleClick(share);
    await user.keyboard('35');
    expect(onChange.mock.lastCall![0].rules.missing).toEqual({ action: 'disable', maxPercent: 35 });
  });
});
