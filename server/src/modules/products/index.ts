// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { filterColumns, filterConditions, listedOnly, productsJoinedFor, type ProductExpressions } from './list-query/index.js';
export { pageOrder, selectProductsWithNames } from './products.repository.js';
export { productsRoutes } from './products.routes.js';
export { toProducts } from './products.service.js';
export { bulkUpdateProducts } from './product-bulk-update.js';
