// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { categoryMappingRoutes } from './category-mapping.routes.js';
export { mappedStoreCategoryOf, readOwnMappings, remapStoreCategory } from './category-mapping.repository.js';
export { mappedAlongPath } from './mapping-tree.js';
