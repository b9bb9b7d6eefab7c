// The change history (issue 20): a product's History tab, the Recent changes, Imports and Recently
// deleted screens, and the undo other screens offer (the bulk operations' toasts).
export { ProductHistoryPanel } from './components/product-history-panel';
export { RecentChangesView } from './components/recent-changes-view';
export { ImportsView, profileImportsPath } from './components/imports-view';
export { DeletedProductsView } from './components/deleted-products-view';
export { useUndoActions } from './hooks/use-undo-actions';
export { useHistoryReferenceNames } from './hooks/use-history-reference-names';
export type { ReferenceName } from './model/history-fields';
// The product form's stale-save dialog names and shows fields as the history does.
export { fieldLabel, fieldOrder, formatHistoryValue, type HistoryUnits } from './model/history-fields';
export { ChangeTime } from './components/change-time';
