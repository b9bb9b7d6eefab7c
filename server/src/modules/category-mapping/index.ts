// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { categoryMappingRoutes } from './category-mapping.routes.js';
export { mappedStoreCategoryOf, readOwnMappings } from './category-mapping.repository.js';
