import type { HistoryEntry, HistoryValue } from '@bosun/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { canPickVendors, useCurrentUser } from '../../auth';
import { vendorNamesQueryOptions } from '../../vendors';
import { categoryPathsRequestIds, useCategoryPaths } from '../api/get-category-paths';
import { productHistoryQueryOptions } from '../api/get-product-history';
import type { ReferenceName } from '../model/history-fields';

const CATEGORY_FIELDS = new Set(['vendor_category_id', 'store_category_id']);

const asId = (value: HistoryValue): number | null => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Every category id the entries name, before and after. */
export function categoryIdsOf(entries: readonly HistoryEntry[]): number[] {
  const ids = new Set<number>();
  for (const entry of entries) {
    for (const change of entry.fields) {
      if (!CATEGORY_FIELDS.has(change.field)) continue;
      for (const id of [asId(change.before), asId(change.after)]) if (id !== null) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * Names for the ids in a product's history (a deleted product's too, whose categories the
 * categories screen may no longer list): vendor and store category paths as the products list
 * shows them, from one look-up for every category the loaded pages name; '#12 (deleted)' for a
 * category or vendor gone since. It reads the history the panel loads (same query, no second request).
 */
export function useHistoryReferenceNames(productId: number | null): ReferenceName {
  const history = useInfiniteQuery({ ...productHistoryQueryOptions(productId ?? 0), enabled: productId !== null });
  const asked = useMemo(() => categoryPathsRequestIds(categoryIdsOf(history.data?.pages.flatMap((page) => page.entries) ?? [])), [history.data]);
  const paths = useCategoryPaths(asked);
  const pathById = useMemo(() => new Map(paths.data?.categories.map((c) => [c.id, c.path])), [paths.data]);
  // The names the products permission reads too (issue 24); anyone else sees the vendor's id.
  const user = useCurrentUser();
  const vendors = useQuery({ ...vendorNamesQueryOptions(), enabled: productId !== null && canPickVendors(user) });
  // The answer for exactly these ids: an id it leaves out is a category deleted since.
  const answered = paths.isSuccess && !paths.isPlaceholderData;
  return useCallback(
    (field: string, id: number) => {
      if (field === 'vendor_id') return vendors.data ? (vendors.data.find((v) => v.id === id)?.name ?? `#${id} (deleted)`) : undefined;
      if (!CATEGORY_FIELDS.has(field)) return undefined;
      // Until the answer is in (or for an id past the look-up's limit) the id alone.
      return pathById.get(id) ?? (answered && asked.includes(id) ? `#${id} (deleted)` : undefined);
    },
    [vendors.data, pathById, answered, asked],
  );
}
