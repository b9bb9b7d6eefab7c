// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { variantsRoutes } from './variants.routes.js';
