// The module's surface: other modules, app.ts and the plugins import only what is here (eslint.config.js).
export { createScheduler, startScheduler, DEFAULT_LEASE_MS, type Scheduler, type ScheduledJob, type ScheduledJobSource } from './scheduler.js';
export { releaseLease, renewLease, takeLease } from './lease.repository.js';
