import { Group, Text } from '@mantine/core';
import { PageStepper } from '../../../components/ui/page-stepper';
import { formatCount } from '../../../lib/format';

/** Previous / Next through a list's pages, with where the reader is. */
export function SimplePager({ page, pages, total, onPageChange }: { page: number; pages: number; total: number; onPageChange: (page: number) => void }) {
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label="Pagination">
      <Text size="sm" c="dimmed">
        {formatCount(total)} in all
      </Text>
      <Group gap="sm">
        <PageStepper page={page} pages={pages} onPageChange={onPageChange} />
      </Group>
    </Group>
  );
}
