export { GlobalSearch } from './components/global-search';
export { ProductsView } from './components/products-view';
export { ProductDetailView } from './components/product-detail-view';
