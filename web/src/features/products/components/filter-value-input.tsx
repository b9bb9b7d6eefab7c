import { readFilterNumber, type FilterColumnType } from '@bosun/shared';
import { NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { currencySymbol } from '../../../lib/format';
import { useCurrency } from '../../settings';

/** Typing pauses this long before a value filters the list. */
export const FILTER_VALUE_DEBOUNCE_MS = 300;

interface FilterValueInputProps {
  type: FilterColumnType;
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * The value box of an advanced filter row, shaped by the column's type: text, a number, money, a
 * date, or yes/no. Typed values are sent after a short pause (or at once on
 * Enter or leaving the box), not on every key.
 */
export function FilterValueInput({ type, value, onChange, label, placeholder = 'Value' }: FilterValueInputProps) {
  const [draft, setDraft] = useState(value);
  const currency = useCurrency();
  const commit = useDebouncedCallback(onChange, FILTER_VALUE_DEBOUNCE_MS);
  const change = (next: string) => {
    setDraft(next);
    commit(next);
  };
  const flushKeys = { onBlur: () => commit.flush(), onKeyDown: (e: React.KeyboardEvent) => e.key === 'Enter' && commit.flush() };

  switch (type) {
    case 'boolean':
      return (
        <NativeSelect
          aria-label={label}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose…' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      );
    case 'date':
      return <TextInput type="date" aria-label={label} value={value} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'number':
    case 'currency': {
      // The text stays as typed (a number input dropped characters: '1,5' became 15); only a value
      // the list reads as the number typed filters it, anything else says why under the box.
      const read = draft.trim() === '' ? undefined : readFilterNumber(draft);
      return (
        <TextInput
          aria-label={label}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          value={draft}
          leftSection={type === 'currency' ? currencySymbol(currency) : undefined}
          error={read && !read.ok ? read.error : undefined}
          onChange={(event) => {
            const next = event.currentTarget.value;
            setDraft(next);
            if (next.trim() === '' || readFilterNumber(next).ok) commit(next.trim());
            else commit.cancel();
          }}
          {...flushKeys}
        />
      );
    }
    case 'text':
      return (
        <TextInput aria-label={label} placeholder={placeholder} value={draft} onChange={(event) => change(event.currentTarget.value)} {...flushKeys} />
      );
  }
}
