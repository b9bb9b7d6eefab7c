import type { StoreCategoryRef } from '@bosun/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useStorePaths } from '../api/get-store-paths';

interface StoreCategoryPickerProps {
  value: StoreCategoryRef | null;
  onChange: (value: StoreCategoryRef | null) => void;
  error?: string | null;
  /** 'Shop category' unless told; a picker where none is a choice says so in its label and placeholder. */
  label?: string;
  required?: boolean;
  placeholder?: string;
}

/** A shop category picked by typing words of its path ('deck winch'): the server matches the whole tree. */
export function StoreCategoryPicker({ value, onChange, error, label = 'Shop category', required = true, placeholder = 'Type words of its path' }: StoreCategoryPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 200);
  const { data = [], isFetching } = useStorePaths(debounced);
  const options = [...(value && !data.some((c) => c.id === value.id) ? [value] : []), ...data];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      withAsterisk={required}
      // The server filters by every word typed; the list shows its answer as it is.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={isFetching ? 'Searching…' : 'No shop category matches'}
      data={options.map((c) => ({ value: String(c.id), label: c.path }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((c) => String(c.id) === id) ?? null)}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
