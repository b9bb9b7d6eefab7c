import { AUTH_MESSAGES, filterCategoryTree, type CategoryBody, type CategoryNode } from '@bosun/shared';
import { Button, Card, CloseButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { fieldErrorsFromApiError } from '../../../lib/api-errors';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { openDeleteCategoryConfirm } from './confirm-delete-category';
import { productCountLabel, visibleCategoryRows, type VisibleCategoryRow } from '../category-tree-logic';
import type { SimpleCategoryFormIntent } from '../simple-category-form-values';
import { SimpleCategoryForm, type SimpleCategoryServerFieldErrors } from './simple-category-form';
import { CategoryRowButtons } from './category-row-actions';
import classes from './category-rows.module.css';
import { CategoryIcon, ExpandToggle, PHONE_ROW_HEIGHT, treeRowIndent, VirtualTreeList } from './category-tree-list';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { Dialog } from '../../../components/ui/dialog';
import { TruncatedText } from '../../../components/ui/truncated-text';

const ROW_HEIGHT = 44;
const SEARCH_DEBOUNCE_MS = 200;
const NO_IDS: ReadonlySet<number> = new Set();
const SERVER_FIELDS = ['name', 'description', 'parent_id'] as const;

interface SimpleRowActions {
  toggleExpanded: (id: number) => void;
  addSubcategory: (node: CategoryNode) => void;
  edit: (node: CategoryNode) => void;
  remove: (node: CategoryNode) => void;
}

/** /category-tree: the simpler tree of SPEC §2 'Category tree screen'. */
export function SimpleCategoryTreeView() {
  const categories = useCategories();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();
  const phone = useIsPhone();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [collapsed, setCollapsed] = useState<{ search: string; ids: ReadonlySet<number> }>({ search: '', ids: NO_IDS });
  const [form, setForm] = useState<{ opened: boolean; intent: SimpleCategoryFormIntent }>({ opened: false, intent: { kind: 'create', parent: null } });

  useEffect(() => {
    const error = categories.error;
    if (!error || isForbidden(error) || (isApiError(error) && error.status === 401)) return;
    notify.error(CATEGORY_UI_MESSAGES.loadFailed);
  }, [categories.error, categories.errorUpdatedAt]);

  const tree = categories.data?.categories;
  const filtered = useMemo(() => filterCategoryTree(tree ?? [], debouncedSearch), [tree, debouncedSearch]);
  const collapsedIds = collapsed.search === debouncedSearch ? collapsed.ids : NO_IDS;
  const rows = useMemo(() => visibleCategoryRows(filtered, (id) => collapsedIds.has(id)), [filtered, collapsedIds]);

  const confirmDelete = useCallback(
    (node: CategoryNode) =>
      openDeleteCategoryConfirm(node.name, async () => {
        try {
          await deleteCategory.mutateAsync(node.id);
          notify.success(CATEGORY_UI_MESSAGES.deleted);
        } catch {
          notify.error(CATEGORY_UI_MESSAGES.deleteFailed);
        }
      }),
    [deleteCategory.mutateAsync],
  );

  const actions = useMemo<SimpleRowActions>(
    () => ({
      toggleExpanded: (id) =>
        setCollapsed((current) => {
          const next = new Set(current.search === debouncedSearch ? current.ids : NO_IDS);
          if (!next.delete(id)) next.add(id);
          return { search: debouncedSearch, ids: next };
        }),
      addSubcategory: (node) => setForm({ opened: true, intent: { kind: 'create', parent: node } }),
      edit: (node) => setForm({ opened: true, intent: { kind: 'edit', category: node } }),
      remove: confirmDelete,
    }),
    [debouncedSearch, confirmDelete],
  );

  const closeForm = () => setForm((current) => ({ ...current, opened: false }));
  const save = async (body: CategoryBody): Promise<SimpleCategoryServerFieldErrors | void> => {
    const intent = form.intent;
    try {
      if (intent.kind === 'edit') {
        await updateCategory.mutateAsync({ id: intent.category.id, body });
        notify.success(CATEGORY_UI_MESSAGES.updated);
      } else {
        await createCategory.mutateAsync(body);
        notify.success(CATEGORY_UI_MESSAGES.created);
      }
      closeForm();
    } catch (error) {
      notify.error(CATEGORY_UI_MESSAGES.saveFailed);
      const fieldErrors = fieldErrorsFromApiError(error, SERVER_FIELDS);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
    }
  };

  if (isForbidden(categories.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;

  const intent = form.intent;
  const formKey = intent.kind === 'edit' ? `edit-${intent.category.id}` : `create-${intent.parent?.id ?? 'root'}`;
  const modalTitle = intent.kind === 'edit' ? 'Edit Category' : intent.parent ? `Add Subcategory to ${intent.parent.name}` : 'Add Root Category';

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Categories
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, intent: { kind: 'create', parent: null } })}>
          Add Root Category
        </Button>
      </Group>
      <TextInput
        aria-label="Search categories"
        placeholder="Search categories..."
        leftSection={<IconSearch size={16} />}
        rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={480}
      />
      {categories.isPending ? (
        <ContentLoader label="Loading categories" />
      ) : categories.isError ? (
        <ErrorPanel title={CATEGORY_UI_MESSAGES.loadFailed} message={categories.error.message} onRetry={() => categories.refetch()} retrying={categories.isFetching} />
      ) : rows.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap={4} py="lg">
            {debouncedSearch ? (
              <>
                <Text fw={600}>No categories found</Text>
                <Text c="dimmed" size="sm">
                  Try adjusting your search terms
                </Text>
              </>
            ) : (
              <Text fw={600}>No categories yet</Text>
            )}
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <VirtualTreeList
            rows={rows}
            rowHeight={phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT}
            scrollResetKey={debouncedSearch}
            renderRow={(row) => <SimpleTreeRow row={row} actions={actions} phone={phone} />}
          />
        </Card>
      )}
      <Dialog opened={form.opened} onClose={closeForm} title={modalTitle} size="md">
        <SimpleCategoryForm key={formKey} intent={intent} tree={tree ?? []} onSubmit={save} onCancel={closeForm} />
      </Dialog>
    </Stack>
  );
}

/** SPEC §2 orders this screen's actions add subcategory, edit, delete. */
const ADD_EDIT_DELETE = ['add', 'edit', 'delete'] as const;

const SimpleTreeRow = memo(function SimpleTreeRow({ row, actions, phone }: { row: VisibleCategoryRow; actions: SimpleRowActions; phone: boolean }) {
  const { node, depth } = row;
  return (
    <div className={classes.row} data-phone={phone || undefined} style={{ paddingLeft: treeRowIndent(depth, phone) }}>
      <ExpandToggle row={row} onToggle={actions.toggleExpanded} />
      <CategoryIcon row={row} />
      <TruncatedText lines={false} className={classes.name} full={node.name}>
        {node.name}
      </TruncatedText>
      <span className={classes.meta}>
        <span className={classes.muted}>({node.description})</span>
        <span className={classes.badge}>L{node.level}</span>
        <span className={classes.badge} data-color={node.product_count > 0 ? 'teal' : undefined}>
          {productCountLabel(node.product_count)}
        </span>
      </span>
      <CategoryRowButtons node={node} actions={actions} order={ADD_EDIT_DELETE} />
    </div>
  );
});
