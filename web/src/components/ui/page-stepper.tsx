import { Button, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** Previous, 'Page n of m' and Next: the steps through a list's pages that every paged list shows. */
export function PageStepper({ page, pages, onPageChange }: { page: number; pages: number; onPageChange: (page: number) => void }) {
  const last = Math.max(pages, 1);
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconChevronLeft size={14} />} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page} of {last}
      </Text>
      <Button size="xs" variant="default" rightSection={<IconChevronRight size={14} />} disabled={page >= last} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </>
  );
}
