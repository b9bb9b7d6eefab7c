import { AUTH_MESSAGES } from '@bosun/shared';
import { Button, Group, Stack, Title } from '@mantine/core';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { ContentLoader } from '../../../components/ui/loaders';
import { notify } from '../../../components/ui/notify';
import { useIsPhone } from '../../../components/ui/use-is-phone';
import { isForbidden } from '../../../lib/api-client';
import { categoriesLoadErrorMessage } from '../api/get-categories';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import { useCategoryManagement } from '../hooks/use-category-management';
import { CategoriesEmptyState } from './categories-empty-state';
import { CategoryBulkBar } from './category-bulk-bar';
import { CategoryFormModal } from './category-form-modal';
import { CategoryListPanel } from './category-list-panel';
import { CategoryPhoneMenu } from './category-phone-menu';
import { CategoryToolbar } from './category-toolbar';
import { MergeCategoriesModal } from './merge-categories-modal';

/** /categories: both category trees, their filters, selection, bulk delete and merge (SPEC §2 'Category management'). */
export function CategoryManagementView() {
  const state = useCategoryManagement();
  const { categories } = state;
  // On a phone the secondary actions (selection, refresh) go in a menu beside '+ Add Category'.
  const phone = useIsPhone();

  if (isForbidden(categories.error)) return <AccessDenied message={AUTH_MESSAGES.accessDeniedPage} />;

  const loaded = Boolean(categories.data);
  const refreshing = categories.isFetching && !categories.isPending;
  // A refresh that worked says so; one that failed is toasted by the list's own error message.
  const refresh = async () => {
    const result = await categories.refetch();
    if (!result.isError) notify.success(CATEGORY_UI_MESSAGES.refreshed);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Category Management
        </Title>
        <Group gap="sm" wrap="nowrap">
          {!phone && (
            <Button variant="default" onClick={state.selectAll} disabled={!loaded}>
              Select All Categories
            </Button>
          )}
          <Button onClick={state.openCreate}>+ Add Category</Button>
          {phone && <CategoryPhoneMenu canSelectAll={loaded} onSelectAll={state.selectAll} onClearSelection={state.clearSelection} onRefresh={refresh} refreshing={refreshing} />}
        </Group>
      </Group>

      <CategoryToolbar
        compact={phone}
        typeFilter={state.typeFilter}
        onTypeFilterChange={state.setTypeFilter}
        vendorFilter={state.vendorFilter}
        onVendorFilterChange={state.setVendorFilter}
        vendors={state.vendors}
        search={state.search}
        onSearchChange={state.setSearch}
        view={state.view}
        onViewChange={state.setView}
        canSelectAll={loaded}
        onSelectAll={state.selectAll}
        onClearSelection={state.clearSelection}
        onRefresh={refresh}
        refreshing={refreshing}
      />

      {state.selectedCategories.length > 0 && (
        <CategoryBulkBar
          names={state.selectedCategories.map((c) => c.name)}
          onMerge={state.startMerge}
          onClearSelection={state.clearSelection}
          onDelete={state.confirmBulkDelete}
          deleting={state.bulkDeleting}
        />
      )}

      {categories.isPending ? (
        <ContentLoader label="Loading categories" />
      ) : categories.isError ? (
        <ErrorPanel
          title={CATEGORY_UI_MESSAGES.loadFailed}
          message={categoriesLoadErrorMessage(categories.error)}
          onRetry={() => void categories.refetch()}
          retrying={categories.isFetching}
        />
      ) : state.noneShown ? (
        <CategoriesEmptyState filtering={state.filtering} onAdd={state.openCreate} />
      ) : (
        <CategoryListPanel
          view={state.view}
          treeRows={state.treeRows}
          tableRows={state.tableRows}
          selected={state.selected}
          allShownSelected={state.allShownSelected}
          onToggleAll={state.allShownSelected ? state.clearSelection : state.selectAll}
          actions={state.actions}
          scrollResetKey={state.filterKey}
          shownCount={state.shownCount}
          totalCount={state.totalCount}
        />
      )}

      <CategoryFormModal
        opened={state.form.opened}
        intent={state.form.intent}
        tree={categories.data?.categories ?? []}
        vendors={state.vendors}
        vendorFilter={state.vendorFilter}
        onClose={state.closeForm}
        onSaved={state.clearSelection}
      />
      <MergeCategoriesModal
        opened={state.merge.opened}
        categories={state.merge.categories}
        merging={state.merging}
        onClose={state.closeMerge}
        onMerge={state.runMerge}
      />
    </Stack>
  );
}
