import type { FilterColumnType } from '@bosun/shared';
import { NativeSelect, NumberInput, TextInput } from '@mantine/core';
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
 * The value box of an advanced filter row, shaped by the column's type: text, a number, money in
 * steps of 0.01, a date, or yes/no. Typed values are sent after a short pause (or at once on
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
    case 'currency':
      return (
        <NumberInput
          aria-label={label}
          placeholder={placeholder}
          value={draft}
          onChange={(next) => change(String(next))}
          {...(type === 'currency' ? { step: 0.01, decimalScale: 2, prefix: currencySymbol(currency) } : {})}
          {...flushKeys}
        />
      );
    case 'text':
      return (
        <TextInput aria-label={label} placeholder={placeholder} value={draft} onChange={(event) => change(event.currentTarget.value)} {...flushKeys} />
      );
  }
}
