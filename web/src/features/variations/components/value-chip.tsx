import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

interface ValueChipProps {
  text: string;
  first: boolean;
  last: boolean;
  onRename: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One value of an attribute: a chip that opens its rename, move and remove. */
export function ValueChip({ text, first, last, onRename, onMove, onRemove }: ValueChipProps) {
  const [opened, setOpened] = useState(false);
  const shown = text.trim() || '(empty)';
  const chip = (
    <Button role="listitem" variant="light" radius="xl" size="compact-sm" aria-label={`Value ${shown}`} onClick={() => setOpened((o) => !o)}>
      {shown}
    </Button>
  );
  // A closed chip is a plain button: an attribute may have hundreds of values, and each popover costs its own positioning.
  if (!opened) return chip;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus>
      <Popover.Target>{chip}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <TextInput
            label="Rename value"
            size="xs"
            value={text}
            onChange={(event) => onRename(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setOpened(false);
            }}
          />
          <Group gap="xs" grow>
            <Button size="compact-xs" variant="default" leftSection={<IconArrowLeft size={12} />} disabled={first} onClick={() => onMove(-1)}>
              Move left
            </Button>
            <Button size="compact-xs" variant="default" rightSection={<IconArrowRight size={12} />} disabled={last} onClick={() => onMove(1)}>
              Move right
            </Button>
          </Group>
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={12} />}
            onClick={() => {
              setOpened(false);
              onRemove();
            }}
          >
            Remove value
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
