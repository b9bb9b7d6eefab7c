import type { Variation } from '@bosun/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  applyChanges,
  buildPatchBody,
  changedRowCount,
  emptyGrid,
  keepRows,
  pasteColumn,
  undo as undoEdit,
  type CellChange,
  type GridState,
  type RowMessages,
  type TextField,
} from '../model/variation-grid';

/** The grid's edits, undo and per-row save messages over the server's variations. */
export function useVariationGrid(variations: readonly Variation[]) {
  const [state, setState] = useState<GridState>(emptyGrid);
  const [rowMessages, setRowMessages] = useState<Record<number, RowMessages>>({});
  const byId = useMemo(() => new Map(variations.map((v) => [v.id, v])), [variations]);

  // A reload without some rows (deleted) drops their edits; the others stay on top of the new values.
  useEffect(() => setState((current) => keepRows(current, new Set(byId.keys()))), [byId]);

  const change = useCallback((changes: CellChange[]) => setState((current) => applyChanges(current, byId, changes)), [byId]);
  /** Pastes a column from `start` down; says how many cells took a value and how many were left over. */
  const paste = useCallback((rows: readonly Variation[], start: number, field: TextField, values: string[]) => {
    setState((current) => pasteColumn(current, rows, start, field, values).state);
    const pasted = Math.max(0, Math.min(values.length, rows.length - start));
    return { pasted, cutOff: values.length - pasted };
  }, []);
  const undo = useCallback(() => setState(undoEdit), []);
  const discard = useCallback(() => {
    setState(emptyGrid());
    setRowMessages({});
  }, []);

  return {
    state,
    byId,
    change,
    paste,
    undo,
    discard,
    canUndo: state.history.length > 0,
    changedRows: changedRowCount(state),
    buildBody: () => buildPatchBody(state, byId),
    rowMessages,
    setRowMessages,
  };
}
