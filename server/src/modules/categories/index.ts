// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { categoriesRoutes } from './categories.routes.js';
export { childPath, pathIds } from '../../db/category-path.js';
export { sumProductsUnderRootCategories } from './categories.repository.js';
