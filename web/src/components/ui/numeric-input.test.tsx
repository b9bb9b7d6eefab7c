import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumericInput, parseNumericText, type NumericValue } from './numeric-input';

/** The field's rule as a check: whole, not negative, a number (the shared schema's messages, here written out). */
const stockCheck = (value: NumericValue) =>
  typeof value !== 'number' ? 'Stock must be a number' : !Number.isInteger(value) ? 'Stock must be a whole number' : value < 0 ? 'Stock cannot be negative' : undefined;
const priceCheck = (value: NumericValue) => (typeof value !== 'number' ? 'List price must be a number' : value < 0 ? 'List price cannot be negative' : undefined);

function Field(props: { label: string; check: (value: NumericValue) => string | undefined; onValue: (value: NumericValue) => void; integer?: boolean }) {
  const [value, setValue] = useState<NumericValue>('');
  return (
    <NumericInput
      label={props.label}
      integer={props.integer}
      check={props.check}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onValue(next);
      }}
    />
  );
}

function renderField(label: string, check: (value: NumericValue) => string | undefined, integer?: boolean) {
  const onValue = vi.fn();
  render(
    <MantineProvider>
      <Field label={label} check={check} onValue={onValue} integer={integer} />
    </MantineProvider>,
  );
  return { input: screen.getByRole('textbox', { name: label }) as HTMLInputElement, onValue };
}

describe('parseNumericText', () => {
  it('reads plain numbers, keeps anything else as the text, and empty as empty', () => {
    expect(['3.5', '-5', ' 12 ', '.5', '3.', ''].map(parseNumericText)).toEqual([3.5, -5, 12, 0.5, 3, '']);
    expect(['1,5', '-', 'abc', '1e3'].map(parseNumericText)).toEqual(['1,5', '-', 'abc', '1e3']);
  });
});

describe('NumericInput', () => {
  it("keeps '3.5' typed in a whole-number field as typed and says it must be a whole number (it never becomes 35)", async () => {
    const user = userEvent.setup();
    const { input, onValue } = renderField('Stock', stockCheck, true);
    await user.type(input, '3.5');
    expect(input.value).toBe('3.5');
    expect(onValue).toHaveBeenLastCalledWith(3.5);
    expect(screen.getByText('Stock must be a whole number')).toBeTruthy();
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it("keeps '-5' typed in a price as typed and says it cannot be negative (it never becomes 5)", async () => {
    const user = userEvent.setup();
    const { input, onValue } = renderField('List Price', priceCheck);
    await user.type(input, '-5');
    expect(input.value).toBe('-5');
    expect(onValue).toHaveBeenLastCalledWith(-5);
    expect(screen.getByText('List price cannot be negative')).toBeTruthy();
  });

  it("keeps a decimal comma as typed and says the text is no number, instead of reading '1,5' as 15", async () => {
    const user = userEvent.setup();
    const { input, onValue } = renderField('List Price', priceCheck);
    await user.type(input, '1,5');
    expect(input.value).toBe('1,5');
    expect(onValue).toHaveBeenLastCalledWith('1,5');
    expect(screen.getByText('List price must be a number')).toBeTruthy();
  });

  it('shows no message for a good number, and none while empty', async () => {
    const user = userEvent.setup();
    const { input } = renderField('List Price', priceCheck);
    expect(screen.queryByText(/List price/)).toBeNull();
    await user.type(input, '12.50');
    expect(input.value).toBe('12.50');
    expect(screen.queryByText(/List price/)).toBeNull();
  });

  it('takes a value set from outside', () => {
    const { rerender } = render(
      <MantineProvider>
        <NumericInput label="List Price" value={1234.5} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect((screen.getByRole('textbox', { name: 'List Price' }) as HTMLInputElement).value).toBe('1234.5');
    rerender(
      <MantineProvider>
        <NumericInput label="List Price" value={7.25} onChange={vi.fn()} />
      </MantineProvider>,
    );
    expect((screen.getByRole('textbox', { name: 'List Price' }) as HTMLInputElement).value).toBe('7.25');
  });
});
