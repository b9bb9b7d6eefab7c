// The lint is about boundaries, not style: which file may import which (section 2 of
// ARCHITECTURE.md), and no import cycles. Formatting and code style are not checked here.
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const webFeatures = ['auth', 'categories', 'dashboard', 'products', 'settings', 'users', 'vendors'];

/** Features import each other only through the index a feature keeps for the others. */
const webFeatureZones = webFeatures.map((name) => ({
  target: ['web/src/*.{ts,tsx}', `web/src/!(features)/**`, `web/src/features/!(${name})/**`],
  from: `web/src/features/${name}`,
  except: ['./index.ts'],
  message: `Import what the ${name} feature exports from 'features/${name}' (its index.ts), or export it there.`,
}));

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
      'import-x/no-restricted-paths': ['error', { zones: [...packageZones, ...webFeatureZones] }],
    },
  },
];
