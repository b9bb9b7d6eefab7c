import type { Product } from '@bosun/shared';
import type { RowSelectionState } from '@tanstack/react-table';
import { useResetOnChange } from './use-reset-on-change';

/**
 * The ticked rows of the page on screen, or every product matching the filter ('select all
 * matching'). The selection belongs to the rows on screen: a new page, filter or sort starts with none.
 */
export function useProductSelection(viewKey: string, products: Product[]) {
  const [rowSelection, setRowSelection] = useResetOnChange<RowSelectionState>(viewKey, {});
  const [allMatching, setAllMatching] = useResetOnChange(viewKey, false);
  const selectedIds = products.filter((p) => rowSelection[String(p.id)]).map((p) => p.id);

  const clear = () => {
    setRowSelection({});
    setAllMatching(false);
  };

  return {
    rowSelection,
    selectedIds,
    allMatching,
    clear,
    selectAllMatching: () => setAllMatching(true),
    /** Ticking or unticking a row ends 'all matching'. */
    changeRows: (selection: RowSelectionState) => {
      setRowSelection(selection);
      setAllMatching(false);
    },
    /** Deleted products leave the selection; 'all' (the whole filter was deleted) clears it. */
    dropDeleted: (ids: number[] | 'all') => {
      if (ids === 'all') return clear();
      setRowSelection((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id)))));
      setAllMatching(false);
    },
  };
}
