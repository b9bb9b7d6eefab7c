export { GlobalSearch } from './components/global-search';
export { ProductsView } from './components/products-view';
export { ProductDetailView } from './components/product-detail-view';
export { StockBadge } from './components/stock-badge';
// The variations screen's bulk edit of prices and stock uses the products bulk edit's pieces and rules.
export { BulkNumberBox, BulkPriceRow } from './components/bulk-edit-fields';
export { emptyBulkEditValues, validateBulkUpdate, type BulkEditValues } from './model/bulk-edit-values';
// The numbers of a variation are checked as the product's are, as they are typed.
export { productNumberProblem } from './model/product-form-values';
