import { Worker, type WorkerOptions } from 'node:worker_threads';

// In the server bundle each worker entry is a .mjs file beside server.mjs (scripts/build-server.mjs).
// From the sources (tests, `npm run dev`) it is the .ts file, which the worker loads through tsx.
const fromSources = import.meta.url.endsWith('.ts');

/**
 * Starts the worker thread whose entry is `entry`, a TypeScript file given by its URL (the caller's
 * `new URL('./x-worker.ts', import.meta.url)`): in the bundle, the x-worker.mjs built from it.
 */
export function startWorker(entry: URL, options: WorkerOptions): Worker {
  if (!fromSources) return new Worker(new URL(`./${entry.pathname.split('/').at(-1)!.replace(/\.ts$/, '.mjs')}`, import.meta.url), options);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
