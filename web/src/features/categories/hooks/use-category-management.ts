import type { Category } from '@bosun/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notify';
import { isApiError, isForbidden } from '../../../lib/api-client';
import { categoriesLoadErrorMessage, useCategories } from '../api/get-categories';
import { useVendorOptions } from '../api/get-vendor-options';
import type { CategoryFormIntent } from '../category-form-values';
import { CATEGORY_UI_MESSAGES } from '../category-messages';
import {
  filterCategories,
  productsUrlFor,
  selectableCategoryIds,
  visibleCategoryRows,
  type CategoryTypeFilter,
} from '../category-tree-logic';
import type { CategoryRowActions } from '../components/category-row-actions';
import { useCategoryChanges } from './use-category-changes';

const SEARCH_DEBOUNCE_MS = 200;
const NO_IDS: ReadonlySet<number> = new Set();

const announceRetry = (attempt: number, attempts: number) => notify.warning(CATEGORY_UI_MESSAGES.retrying(attempt, attempts));

export type CategoryViewMode = 'tree' | 'table';

/** Collapsed nodes belong to one search: a new search shows every match unfolded. */
interface CollapsedState {
  search: string;
  ids: ReadonlySet<number>;
}

/**
 * The state of /categories and what its controls do: filters, view, selection, folded nodes and the
 * open form; the deletes and the merge come from useCategoryChanges and clear the selection.
 */
export function useCategoryManagement() {
  const navigate = useNavigate();
  const categories = useCategories(announceRetry);
  const vendors = useVendorOptions();

  const [typeFilter, setTypeFilter] = useState<CategoryTypeFilter>('all');
  const [vendorFilter, setVendorFilter] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [view, setView] = useState<CategoryViewMode>('tree');
  const [selected, setSelected] = useState<ReadonlySet<number>>(NO_IDS);
  const [collapsed, setCollapsed] = useState<CollapsedState>({ search: '', ids: NO_IDS });
  // The intent stays set while a modal closes, so its title does not change on the way out.
  const [form, setForm] = useState<{ opened: boolean; intent: CategoryFormIntent }>({ opened: false, intent: { kind: 'create' } });

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
  const changes = useCategoryChanges({ selected, selectedCategories, byId, onChanged: clearSelection });

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
      remove: changes.confirmDelete,
    }),
    [debouncedSearch, navigate, changes.confirmDelete],
  );

  return {
    categories,
    vendors: vendors.data ?? [],
    typeFilter,
    setTypeFilter,
    vendorFilter,
    setVendorFilter,
    search,
    setSearch,
    /** Whether a filter or search hides categories that exist. */
    filtering: typeFilter !== 'all' || vendorFilter !== null || debouncedSearch !== '',
    /** Changes with what the filters show: the list scrolls back to the top. */
    filterKey: `${typeFilter}|${vendorFilter ?? ''}|${debouncedSearch}`,
    view,
    setView,
    noneShown: filtered.length === 0,
    treeRows,
    tableRows,
    shownCount: filteredIds.length,
    totalCount: byId.size,
    selected,
    selectedCategories,
    allShownSelected,
    selectAll,
    clearSelection,
    actions,
    ...changes,
    form,
    openCreate: () => setForm({ opened: true, intent: { kind: 'create' } }),
    closeForm: () => setForm((current) => ({ ...current, opened: false })),
  };
}
