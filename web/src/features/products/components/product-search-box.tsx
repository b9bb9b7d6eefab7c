import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';

interface ProductSearchBoxProps {
  /** The search the list applies now (from the address). */
  search: string;
  /** Apply Filters submits this form too, so typed text is never left behind. */
  formId: string;
  /** Search, Enter or Apply Filters, with the trimmed text (possibly unchanged, possibly empty). */
  onSubmit: (text: string) => void;
  /** Emptying the box clears the search at once (SPEC §4), with the sort and the page. */
  onClear: () => void;
}

/** The list's own search: typed text applies on Enter or Search, and an emptied box clears it. */
export function ProductSearchBox({ search, formId, onSubmit, onClear }: ProductSearchBoxProps) {
  const [text, setText] = useState(search);
  // Back/Forward, Clear Search and clear-all change the search from outside: the box follows.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setText(search);
  }

  return (
    <Group
      gap="xs"
      wrap="nowrap"
      // On a phone the box takes the row's width: at a fixed width the Search button overflowed the filter card.
      w={{ base: '100%', sm: 'auto' }}
      component="form"
      id={formId}
      role="search"
      aria-label="Product list search"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        onSubmit(text.trim());
      }}
    >
      <TextInput
        aria-label="Search the product list"
        placeholder="Search by name, SKU, MFN, GTIN or brand…"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        w={{ base: 'auto', sm: 220, md: 320 }}
        flex={{ base: 1, sm: 'none' }}
        miw={0}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setText(next);
          if (next.trim() === '' && search) onClear();
        }}
        rightSection={
          text ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Clear the search box"
              onClick={() => {
                setText('');
                onClear();
              }}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
      />
      <Button type="submit" variant="light">
        Search
      </Button>
    </Group>
  );
}
