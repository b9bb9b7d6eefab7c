import { AUTH_MESSAGES, type Category, type CategoryNode } from '@bosun/shared';
import { Button, Card, CloseButton, Group, List, NativeSelect, ScrollArea, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFolderOff, IconListTree, IconRefresh, IconSearch, IconTable } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { useBulkDeleteCategories } from '../api/bulk-delete-categories';
import { useDeleteCategory } from '../api/delete-category';
import { categoriesLoadErrorMessage, useCategories } from '../api/get-categories';
import { useMergeCategories } from '../api/merge-categories';
import { useVendorOptions } from '../api/get-vendor-options';
import { categoryErrorMessage } from '../category-errors';
import type { CategoryFormIntent } from '../category-form-values';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { openDeleteCategoryConfirm } from './confirm-delete-category';
import {
  filterCategories,
  moreLabel,
  productsUrlFor,
  selectableCategoryIds,
  selectionSummary,
  visibleCategoryRows,
  type CategoryTypeFilter,
} from '../category-tree-logic';
import { CategoryBulkBar } from './category-bulk-bar';
import { CategoryFormModal } from './category-form-modal';
import type { CategoryRowActions } from './category-row-actions';
import { CategoryTable } from './category-table';
import { CategoryTreeList } from './category-tree-list';
import { MergeCategoriesModal } from './merge-categories-modal';

const TYPE_FILTER_OPTIONS = [
  { value: 'all', label: 'All Types' },
  { value: 'store', label: 'Store Categories' },
  { value: 'vendor', label: 'Vendor Categories' },
];

const SEARCH_DEBOUNCE_MS = 200;
/** The bulk delete confirmation names this many, then '+N more...'. */
const CONFIRM_NAMES_SHOWN = 50;
const NO_IDS: ReadonlySet<number> = new Set();

const announceRetry = (attempt: number, attempts: number) => notify.warning(CATEGORY_UI_MESSAGES.retrying(attempt, attempts));

type ViewMode = 'tree' | 'table';

/** Collapsed nodes belong to one search: a new search shows every match unfolded. */
interface CollapsedState {
  search: string;
  ids: ReadonlySet<number>;
}

/** /categories: both category trees, their filters, selection, bulk delete and merge (SPEC §2 'Category management'). */
export function CategoryManagementView() {
  const navigate = useNavigate();
  const categories = useCategories(announceRetry);
  const vendors = useVendorOptions();
  const deleteCategory = useDeleteCategory();
  const bulkDelete = useBulkDeleteCategories();
  const mergeCategories = useMergeCategories();

  const [typeFilter, setTypeFilter] = useState<CategoryTypeFilter>('all');
  const [vendorFilter, setVendorFilter] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [view, setView] = useState<ViewMode>('tree');
  const [selected, setSelected] = useState<ReadonlySet<number>>(NO_IDS);
  const [collapsed, setCollapsed] = useState<CollapsedState>({ search: '', ids: NO_IDS });
  // The intent stays set while a modal closes, so its title does not change on the way out.
  const [form, setForm] = useState<{ opened: boolean; intent: CategoryFormIntent }>({ opened: false, intent: { kind: 'create' } });
  const [merge, setMerge] = useState<{ opened: boolean; categories: [Category, Category] | null }>({ opened: false, categories: null });

  useEffect(() => {
    const error = categories.error;
    if (!error || isForbidden(error) || (isApiError(error) && error.status === 401)) return;
    notify.error(categoriesLoadErrorMessage(error));
  }, [categories.error, categories.errorUpdatedAt]);

  const data = categories.data;
  const byId = useMemo(() => new Map((data?.flatCategories ?? []).map((c) => [c.id, c])), [data]);
  const filtered = useMemo(
    () => (data ? filterCategories(data, { type: typeFilter, vendorId: vendorFilter, search: debouncedSearch }) : []),
    [data, typeFilter, vendorFilter, debouncedSearch],
  );
  const collapsedIds = collapsed.search === debouncedSearch ? collapsed.ids : NO_IDS;
  const treeRows = useMemo(() => visibleCategoryRows(filtered, (id) => collapsedIds.has(id)), [filtered, collapsedIds]);
  const tableRows = useMemo(() => (view === 'table' ? visibleCategoryRows(filtered) : []), [filtered, view]);
  const filteredIds = useMemo(() => selectableCategoryIds(filtered), [filtered]);
  const selectedCategories = useMemo(() => [...selected].map((id) => byId.get(id)).filter((c): c is Category => c !== undefined), [selected, byId]);
  const allShownSelected = filteredIds.length > 0 && filteredIds.every((id) => selected.has(id));

  const clearSelection = useCallback(() => setSelected(NO_IDS), []);
  const selectAll = () => setSelected(new Set(filteredIds));

  const confirmDelete = useCallback(
    (node: CategoryNode) =>
      openDeleteCategoryConfirm(node.name, async () => {
        try {
          const { message } = await deleteCategory.mutateAsync(node.id);
          setSelected(NO_IDS);
          notify.success(message);
        } catch (error) {
          notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.deleteFailed, CATEGORY_UI_MESSAGES.deleteFailedRetry));
        }
      }),
    [deleteCategory.mutateAsync],
  );

  const actions = useMemo<CategoryRowActions>(
    () => ({
      toggleSelected: (id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      toggleExpanded: (id) =>
        setCollapsed((current) => {
          const next = new Set(current.search === debouncedSearch ? current.ids : NO_IDS);
          if (!next.delete(id)) next.add(id);
          return { search: debouncedSearch, ids: next };
        }),
      announceNavigation: (node) => notify.info(CATEGORY_UI_MESSAGES.navigating(node.name)),
      viewProducts: (node) => {
        notify.info(CATEGORY_UI_MESSAGES.navigating(node.name));
        navigate(productsUrlFor(node));
      },
      edit: (node) => setForm({ opened: true, intent: { kind: 'edit', category: node } }),
      addSubcategory: (node) => setForm({ opened: true, intent: { kind: 'subcategory', parent: node } }),
      remove: confirmDelete,
    }),
    [debouncedSearch, navigate, confirmDelete],
  );

  const confirmBulkDelete = () => {
    if (selectedCategories.length === 0) {
      notify.error(CATEGORY_UI_MESSAGES.selectToDelete);
      return;
    }
    const names = selectedCategories.map((c) => c.name);
    const { shown, more } = selectionSummary(names, CONFIRM_NAMES_SHOWN);
    const count = names.length;
    modals.openConfirmModal({
      title: 'Delete categories',
      children: (
        <Stack gap="sm">
          <Text size="sm">
            Are you sure you want to delete {count} {count === 1 ? 'category' : 'categories'}?
          </Text>
          <ScrollArea.Autosize mah={220} type="auto">
            <List size="sm" aria-label="Categories to delete">
              {shown.map((name, index) => (
                <List.Item key={`${index}-${name}`}>{name}</List.Item>
              ))}
            </List>
            {more > 0 && (
              <Text size="sm" c="dimmed">
                {moreLabel(more)}
              </Text>
            )}
          </ScrollArea.Autosize>
          <Text size="sm" c="red.7" fw={500}>
            All their subcategories will be deleted too. This cannot be undone.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const { message } = await bulkDelete.mutateAsync(selectedCategories.map((c) => c.id));
          setSelected(NO_IDS);
          notify.success(message);
        } catch (error) {
          notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.bulkDeleteFailed, CATEGORY_UI_MESSAGES.bulkDeleteFailedRetry));
        }
      },
    });
  };

  const startMerge = () => {
    if (selected.size !== 2) {
      notify.error(CATEGORY_UI_MESSAGES.selectTwoToMerge);
      return;
    }
    const pair = [...selected].map((id) => byId.get(id));
    if (pair[0] === undefined || pair[1] === undefined) {
      notify.error(CATEGORY_UI_MESSAGES.mergeNotFound);
      return;
    }
    if (pair[0].type !== pair[1].type) {
      notify.error(CATEGORY_UI_MESSAGES.mergeTypeMismatch);
      return;
    }
    setMerge({ opened: true, categories: [pair[0], pair[1]] });
  };

  const runMerge = async (keep: Category, remove: Category) => {
    try {
      const { message } = await mergeCategories.mutateAsync({ sourceCategoryId: remove.id, targetCategoryId: keep.id });
      setSelected(NO_IDS);
      setMerge((current) => ({ ...current, opened: false }));
      notify.success(message);
    } catch (error) {
      notify.error(categoryErrorMessage(error, CATEGORY_UI_MESSAGES.mergeFailed));
    }
  };

  if (isForbidden(categories.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;

  const vendorOptions = [
    { value: '', label: 'All Vendors' },
    ...(vendors.data ?? []).map((v) => ({ value: String(v.id), label: `${v.name} (${v.product_count} products)` })),
  ];
  const filtering = typeFilter !== 'all' || vendorFilter !== null || debouncedSearch !== '';
  const filterKey = `${typeFilter}|${vendorFilter ?? ''}|${debouncedSearch}`;
  const openCreate = () => setForm({ opened: true, intent: { kind: 'create' } });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Category Management
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={selectAll} disabled={!data}>
            Select All Categories
          </Button>
          <Button onClick={openCreate}>+ Add Category</Button>
        </Group>
      </Group>

      <Card withBorder padding="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Type"
            data={TYPE_FILTER_OPTIONS}
            value={typeFilter}
            onChange={(event) => setTypeFilter(event.currentTarget.value as CategoryTypeFilter)}
            w={190}
          />
          <NativeSelect
            label="Vendor"
            data={vendorOptions}
            value={vendorFilter === null ? '' : String(vendorFilter)}
            onChange={(event) => setVendorFilter(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
            w={240}
          />
          <TextInput
            aria-label="Search categories"
            placeholder="Search categories..."
            leftSection={<IconSearch size={16} />}
            rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(value) => setView(value as ViewMode)}
            data={[
              {
                value: 'tree',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconListTree size={16} aria-hidden />
                    <span>Tree</span>
                  </Group>
                ),
              },
              {
                value: 'table',
                label: (
                  <Group gap={6} wrap="nowrap">
                    <IconTable size={16} aria-hidden />
                    <span>Table</span>
                  </Group>
                ),
              },
            ]}
          />
          <Group gap="xs">
            <Button variant="light" onClick={selectAll} disabled={!data}>
              Select All
            </Button>
            <Button variant="light" color="gray" onClick={clearSelection}>
              Clear All
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => categories.refetch()}
              loading={categories.isFetching && !categories.isPending}
            >
              Refresh
            </Button>
          </Group>
        </Group>
      </Card>

      {selectedCategories.length > 0 && (
        <CategoryBulkBar
          names={selectedCategories.map((c) => c.name)}
          onMerge={startMerge}
          onClearSelection={clearSelection}
          onDelete={confirmBulkDelete}
          deleting={bulkDelete.isPending}
        />
      )}

      {categories.isPending ? (
        <ContentLoader label="Loading categories" />
      ) : categories.isError ? (
        <ErrorPanel
          title={CATEGORY_UI_MESSAGES.loadFailed}
          message={categoriesLoadErrorMessage(categories.error)}
          onRetry={() => categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : filtered.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm" py="lg">
            <IconFolderOff size={40} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text fw={600} size="lg">
              No categories found
            </Text>
            {filtering ? (
              <Text c="dimmed" size="sm">
                Try adjusting your search or filters.
              </Text>
            ) : (
              <Button onClick={openCreate}>Add Your First Category</Button>
            )}
          </Stack>
        </Card>
      ) : (
        <Stack gap={6}>
          <Card withBorder padding={0}>
            {view === 'tree' ? (
              <CategoryTreeList rows={treeRows} selected={selected} actions={actions} scrollResetKey={filterKey} />
            ) : (
              <CategoryTable
                rows={tableRows}
                selected={selected}
                allSelected={allShownSelected}
                onToggleAll={allShownSelected ? clearSelection : selectAll}
                actions={actions}
                scrollResetKey={filterKey}
              />
            )}
          </Card>
          <Text size="xs" c="dimmed" aria-live="polite">
            {filteredIds.length === byId.size ? `${byId.size} categories` : `Showing ${filteredIds.length} of ${byId.size} categories`}
          </Text>
        </Stack>
      )}

      <CategoryFormModal
        opened={form.opened}
        intent={form.intent}
        tree={data?.categories ?? []}
        vendors={vendors.data ?? []}
        vendorFilter={vendorFilter}
        onClose={() => setForm((current) => ({ ...current, opened: false }))}
        onSaved={clearSelection}
      />
      <MergeCategoriesModal
        opened={merge.opened}
        categories={merge.categories}
        merging={mergeCategories.isPending}
        onClose={() => setMerge((current) => ({ ...current, opened: false }))}
        onMerge={runMerge}
      />
    </Stack>
  );
}
