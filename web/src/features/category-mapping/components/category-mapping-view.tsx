import type { CategoryMappingBody, CategoryMappingRow } from '@bosun/shared';
import { Alert, Button, Group, Progress, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { PageStepper } from '../../../components/ui/page-stepper';
import { vendorNamesQueryOptions } from '../../vendors';
import { useCategoryMappings } from '../api/get-category-mappings';
import { useSaveCategoryMappings } from '../api/save-category-mappings';
import { mappingSummaryText, STATUS_CHOICES, type MappingStatus } from '../mapping-logic';
import { MapCategoryModal } from './map-category-modal';
import { MappingRow } from './mapping-row';

const PER_PAGE = 50;

/**
 * The Category mapping screen (issue 23): one vendor's categories or every vendor's, unmapped
 * first, paged on the server (a vendor may have 2,000); map one by picking a shop category, or
 * accept suggestions one by one or many at once.
 */
export function CategoryMappingView() {
  const [vendorId, setVendorId] = useState<string | null>(null);
  const [status, setStatus] = useState<MappingStatus>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<number, CategoryMappingRow>>(new Map());
  const [mapping, setMapping] = useState<CategoryMappingRow | null>(null);
  const vendors = useQuery(vendorNamesQueryOptions());
  const query = { ...(vendorId ? { vendor_id: Number(vendorId) } : {}), status, search: debouncedSearch || undefined, page, per_page: PER_PAGE };
  const list = useCategoryMappings(query);
  const save = useSaveCategoryMappings();

  const run = (body: CategoryMappingBody) =>
    save.mutate(body, {
      onSuccess: (result) => {
        notify.success(result.message);
        setSelected(new Map());
      },
      onError: (err) => notify.error(err.message),
    });
  const filterChanged = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
    setSelected(new Map());
  };
  const select = (row: CategoryMappingRow, on: boolean) =>
    setSelected((before) => {
      const next = new Map(before);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const acceptSelected = () =>
    run({ mappings: [...selected.values()].map((row) => ({ vendor_category_id: row.id, store_category_id: row.suggestions[0]!.id })), apply: 'missing' });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Category mapping
      </Title>
      <Text size="sm" c="dimmed">
        Map each vendor category to a shop category once: its products, and every later import or new product in it, follow.
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Vendor"
          placeholder="All vendors"
          clearable
          searchable
          data={(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
          value={vendorId}
          onChange={filterChanged(setVendorId)}
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput label="Search" placeholder="Category name" value={search} onChange={(e) => filterChanged(setSearch)(e.currentTarget.value)} w={{ base: '100%', sm: 240 }} />
        <SegmentedControl aria-label="Show" data={STATUS_CHOICES} value={status} onChange={(value) => filterChanged(setStatus)(value as MappingStatus)} />
      </Group>

      {data && (
        <Stack gap={4} aria-label="Mapping summary">
          <Text size="sm">{mappingSummaryText(data.summary)}</Text>
          <Progress value={data.summary.products ? (100 * data.summary.with_store_category) / data.summary.products : 0} aria-label="Share of products with a shop category" />
        </Stack>
      )}

      {selected.size > 0 && (
        <Group gap="sm">
          <Button onClick={acceptSelected} loading={save.isPending}>
            Accept selected suggestions ({selected.size})
          </Button>
          <Button variant="default" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </Group>
      )}

      {list.isPending ? (
        <ContentLoader label="Loading vendor categories" />
      ) : list.isError ? (
        <Alert color="red" title="Could not load the vendor categories">
          {list.error.message}
        </Alert>
      ) : data!.rows.length === 0 ? (
        <Text c="dimmed">No vendor category matches.</Text>
      ) : (
        <Stack gap="xs" aria-label="Vendor categories">
          {data!.rows.map((row) => (
            <MappingRow
              key={row.id}
              row={row}
              selected={selected.has(row.id)}
              busy={save.isPending}
              onSelect={(on) => select(row, on)}
              onAccept={(suggestion) => run({ mappings: [{ vendor_category_id: row.id, store_category_id: suggestion.id }], apply: 'missing' })}
              onMap={() => setMapping(row)}
              onUnmap={() => run({ mappings: [{ vendor_category_id: row.id, store_category_id: null }], apply: 'none' })}
            />
          ))}
          {pages > 1 && <PageStepper page={page} pages={pages} onPageChange={setPage} />}
        </Stack>
      )}
      <MapCategoryModal row={mapping} onClose={() => setMapping(null)} />
    </Stack>
  );
}
