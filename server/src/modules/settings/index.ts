// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { settingsRoutes } from './settings.routes.js';
export { getSettings } from './settings.service.js';
export { findOrCreateSettings } from './settings.repository.js';
