import { PAGE_SIZES, type Preferences } from '@bosun/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { updatePreferences, useCurrentUser, useUpdateSessionUser } from '../../auth';
import { clampColumnWidth, DEFAULT_VISIBLE_COLUMNS, PRODUCT_COLUMN_IDS } from '../model/product-columns';

export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/**
 * The list's per-user choices (visible columns, widths, page size, variations shown), kept in the account's
 * preferences so they follow the user to any browser. A change shows at once; the save runs behind
 * it and its answer is not applied back, so quick successive changes cannot undo each other.
 */
export function useListPreferences() {
  const user = useCurrentUser();
  const updateSessionUser = useUpdateSessionUser();
  // One save at a time, in order: the last choice is the one the server keeps.
  const save = useMutation({ mutationFn: updatePreferences, scope: { id: 'product-list-preferences' } });
  const preferences = user.preferences ?? {};

  const visibleColumns = useMemo(() => {
    const saved = preferences.productColumns;
    // Ids of columns that no longer exist are dropped; an empty list is the user's own choice.
    return saved ? saved.filter((id) => PRODUCT_COLUMN_IDS.includes(id)) : DEFAULT_VISIBLE_COLUMNS;
  }, [preferences.productColumns]);
  const columnWidths = useMemo(() => preferences.productColumnWidths ?? {}, [preferences.productColumnWidths]);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(preferences.pageSize ?? 0) ? preferences.pageSize! : DEFAULT_PAGE_SIZE;
  const showVariations = preferences.showVariations ?? false;

  const persist = useCallback(
    (changes: Preferences) => {
      updateSessionUser({ ...user, preferences: { ...user.preferences, ...changes } });
      save.mutate(changes, { onError: (error) => notify.error(errorMessage(error, 'Error saving preferences')) });
    },
    [user, updateSessionUser, save],
  );

  return {
    visibleColumns,
    columnWidths,
    pageSize,
    showVariations,
    setVisibleColumns: (ids: string[]) => persist({ productColumns: PRODUCT_COLUMN_IDS.filter((id) => ids.includes(id)) }),
    setColumnWidths: (widths: Record<string, number>) =>
      persist({ productColumnWidths: Object.fromEntries(Object.entries(widths).map(([id, w]) => [id, clampColumnWidth(w)])) }),
    resetColumnWidths: () => persist({ productColumnWidths: {} }),
    setPageSize: (size: number) => persist({ pageSize: size }),
    setShowVariations: (show: boolean) => persist({ showVariations: show }),
  };
}

export type ListPreferences = ReturnType<typeof useListPreferences>;
