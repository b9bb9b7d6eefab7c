export { CategoryManagementView } from './components/category-management-view';
export { SimpleCategoryTreeView } from './components/simple-category-tree-view';
/** Other features that change products or vendors may invalidate this to refresh category counts. */
export { categoriesQueryKey } from './api/get-categories';
export { productsUrlFor } from './category-tree-logic';
