export { CategoryMappingView } from './components/category-mapping-view';
// The shop category picker, for other features' forms (an import profile's price rules).
export { StoreCategoryPicker } from './components/store-category-picker';
export { useStorePathsOfIds } from './api/get-store-paths';
