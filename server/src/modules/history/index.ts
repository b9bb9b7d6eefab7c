// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { recordedChange, startChange, type ChangeActor, type ChangeOrigin } from './recorded-change.js';
export { historyRoutes } from './history.routes.js';
export { findProductVersion } from './history.repository.js';
export { assertVersionCurrent } from './stale-version.js';
export { restoreProductVersion } from './restore-version.service.js';
export { pruneHistory, startHistoryPruning } from './history-retention.js';
