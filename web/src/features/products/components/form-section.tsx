import { Divider, Stack, Title } from '@mantine/core';
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
