import { PAGE_SIZES } from '@bosun/shared';
import { Group, Loader, NativeSelect, Text } from '@mantine/core';
import { PageStepper } from '../../../components/ui/page-stepper';
import { formatCount } from '../../../lib/format';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

interface PaginationBarProps {
  page: number;
  pageSize: number;
  total: number;
  pages: number;
  loading?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}

export function PaginationBar({ page, pageSize, total, pages, loading, onPageChange, onPageSizeChange }: PaginationBarProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label="Pagination">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          Showing {formatCount(from)} to {formatCount(to)} of {formatCount(total)}
        </Text>
        {loading && <Loader size="xs" aria-label="Loading products" />}
      </Group>
      <Group gap="sm">
        <Group gap={6}>
          <Text size="sm" c="dimmed" aria-hidden>
            Per page
          </Text>
          <NativeSelect
            aria-label="Page size"
            size="xs"
            data={PAGE_SIZE_OPTIONS}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        </Group>
        <PageStepper page={page} pages={pages} onPageChange={onPageChange} />
      </Group>
    </Group>
  );
}
