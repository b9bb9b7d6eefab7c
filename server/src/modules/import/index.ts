// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { cleanUpAfterKilledImports } from './import-recovery.js';
export { importProfilesRoutes } from './import-profiles.routes.js';
// app.ts hands the scheduler the feeds on a schedule (issue 22).
export { scheduledFeedJobs } from './feed-runs.js';
export { importRunsRoutes } from './import-runs.routes.js';
export { importRoutes } from './import.routes.js';
// A workbook's rows as the import reads them: the export's tests read its .xlsx back so.
export { openWorkbook } from './xlsx-records.js';
// app.ts hands it to the history's undo: it waits for the import that is writing, as another import does.
export { withImportLock } from './import-lock.js';
