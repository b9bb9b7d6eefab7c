import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of a product form's fields, named for screen readers as a region. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Divider label={<Title order={3} size="h5">{title}</Title>} labelPosition="left" />
      {children}
    </Stack>
  );
}

/**
 * Cancel and submit at the foot of a long modal form, kept in view while the form scrolls; both
 * wait while the form saves.
 */
export function StickyFormActions({ submitLabel, savingLabel, saving, onCancel }: { submitLabel: string; savingLabel: string; saving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? savingLabel : submitLabel}
      </Button>
    </Group>
  );
}
