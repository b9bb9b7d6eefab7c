// The lint is about boundaries, not style: which file may import which (section 2 of
// ARCHITECTURE.md), and no import cycles. Formatting and code style are not checked here.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Read from the tree, so that a new module or feature is held to its index from the start.
const folders = (dir) => fs.readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const serverModules = folders('server/src/modules/');
const webFeatures = folders('web/src/features/');

/**
 * One zone per server module: a file outside server/src/modules/<name>/ reaches the module only
 * through its index.ts, so what the others use of it is listed in one place. Files inside a module
 * import their own files directly. `deepImports` lets a file import more of a module than its index.
 */
function serverModuleZones(deepImports = {}) {
  return serverModules.map((name) => ({
    target: ['server/src/*.ts', 'server/src/!(modules)/**', `server/src/modules/!(${name})/**`],
    from: `server/src/modules/${name}`,
    except: ['./index.ts', ...(deepImports[name] ?? [])],
    message: `Import what the ${name} module exports from its index.js, or export it there.`,
  }));
}

/**
 * The worker threads' entries (scripts/build-server.mjs) are bundled on their own and must not load
 * zod or the shared schemas: each thread would hold its own copy, and the build fails if zod gets
 * in. A module's index loads its routes and so zod, so a worker imports the small pure file it needs
 * by path, as it imports @bosun/shared/csv rather than @bosun/shared. The other two entries
 * (export-worker.ts, db/sqlite-statements-worker.ts) reach no other module and need no exception.
 */
const workerDeepImports = {
  'server/src/modules/import/sqlite-writer-worker.ts': { categories: ['./category-path.ts'] },
};

/** Features import each other only through the index a feature keeps for the others. */
const webFeatureZones = webFeatures.map((name) => ({
  target: ['web/src/*.{ts,tsx}', `web/src/!(features)/**`, `web/src/features/!(${name})/**`],
  from: `web/src/features/${name}`,
  except: ['./index.ts'],
  message: `Import what the ${name} feature exports from 'features/${name}' (its index.ts), or export it there.`,
}));

// Zone paths are relative to this folder, not to where eslint runs from.
const restrictedPaths = (zones) => ['error', { basePath: fileURLToPath(new URL('.', import.meta.url)), zones }];

const packageZones = [
  { target: 'shared', from: ['server', 'web'], message: 'shared is the contract both sides import; it imports neither.' },
  { target: 'web', from: 'server', message: 'The web app talks to the server over HTTP only; shared types live in @bosun/shared.' },
  { target: 'server', from: 'web', message: 'The server does not import the web app; shared types live in @bosun/shared.' },
];

export default [
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      'data/',
      'e2e/artifacts/',
      'bench/results*.json',
    ],
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      // The TypeScript resolver maps the `.js` specifiers to their `.ts` files and reads the
      // workspace packages' "exports" (@bosun/shared, @bosun/shared/csv).
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      // The two rules below skip an import they cannot resolve, so an unresolved one is an error:
      // otherwise a resolver that stopped working would pass every boundary.
      'import-x/no-unresolved': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': restrictedPaths([...packageZones, ...serverModuleZones(), ...webFeatureZones]),
    },
  },
  {
    // Every confirmation goes through openConfirm, so that its result shows where the person looks.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/ui/confirm.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'modals', property: 'openConfirmModal', message: 'Use openConfirm (components/ui/confirm.tsx): its result then goes to the dialog that opened it, or a toast.' },
      ],
    },
  },
  ...Object.entries(workerDeepImports).map(([file, deepImports]) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...packageZones, ...serverModuleZones(deepImports), ...webFeatureZones]),
    },
  })),
];
