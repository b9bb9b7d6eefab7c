// Bundles the API server (and the shared package it imports) into server/dist with esbuild, so
// `npm start` runs plain JavaScript: no TypeScript compiler in the running process, which keeps
// about 50 MB of memory free for imports and exports. npm packages stay external (node_modules).
//
//   node scripts/build-server.mjs             always build
//   node scripts/build-server.mjs --if-stale  only when a source is newer than the bundle
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'server/dist');
export const serverBundle = path.join(outDir, 'server.mjs');
/**
 * The worker threads' entries: each is bundled on its own beside server.mjs, where
 * server/src/lib/start-worker.ts loads it by name.
 */
const workerEntries = {
  'export-worker': 'server/src/modules/export/export-worker.ts',
  'sqlite-writer-worker': 'server/src/modules/import/sqlite-writer-worker.ts',
  'sqlite-statements-worker': 'server/src/db/sqlite-statements-worker.ts',
};

/** The newest modification time of a file or of anything below a folder (0 when missing). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

export function serverBundleIsStale() {
  if (!fs.existsSync(serverBundle)) return true;
  const sources = ['server/src', 'shared/src', 'package-lock.json'].map((p) => path.join(root, p));
  return Math.max(...sources.map(newestMtime)) > fs.statSync(serverBundle).mtimeMs;
}

/**
 * Packages the worker threads must not load: each thread would hold its own copy (zod and the
 * shared schemas cost a worker about 13 MB). They import shared modules by path for that.
 */
const notInWorkers = ['zod'];

export async function buildServer() {
  const { metafile } = await esbuild.build({
    metafile: true,
    entryPoints: {
      server: path.join(root, 'server/src/server.ts'),
      ...Object.fromEntries(Object.entries(workerEntries).map(([name, file]) => [name, path.join(root, file)])),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(build) {
          // Bare imports are npm packages (resolved from node_modules at run time), except our own workspace.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@bosun/') ? undefined : { external: true }));
        },
      },
    ],
  });
  for (const name of Object.keys(workerEntries)) {
    const workerImports = Object.entries(metafile.outputs).find(([file]) => file.endsWith(`/${name}.mjs`))[1].imports;
    const unwanted = [...new Set(workerImports.map((i) => i.path).filter((p) => notInWorkers.includes(p)))];
    if (unwanted.length) throw new Error(`server/dist/${name}.mjs imports ${unwanted.join(', ')}: import shared modules by path (@bosun/shared/csv), not the index`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--if-stale') || serverBundleIsStale()) {
    await buildServer();
    console.log(`Built ${path.relative(process.cwd(), serverBundle)}`);
  }
}
