// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { categoryMappingRoutes } from './category-mapping.routes.js';
export { effectiveMappings, type EffectiveMapping } from './mapping-tree.js';
export { readOwnMappings } from './category-mapping.repository.js';
