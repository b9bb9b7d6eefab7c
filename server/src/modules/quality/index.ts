// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { qualityRoutes } from './quality.routes.js';
export { findEnabledChecks, hasProblemSql } from './quality.repository.js';
export { startImageChecks } from './image-checks.js';
