// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { vendorIdExists } from './vendors.repository.js';
export { vendorsRoutes } from './vendors.routes.js';
