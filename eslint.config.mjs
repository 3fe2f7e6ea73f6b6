import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The client's layers, top first. Each imports only its own layer and those below it, and
 * a feature only its own files, never another feature. The generated gql folder imports
 * nothing of ours; @shop/rules (the limits shared with the server) and packages are open to
 * every layer. Tests, and the helpers in client/src/test, may import any layer.
 */
const CLIENT_LAYERS = ['app', 'feature', 'components', 'session', 'lib', 'gql'];
const below = (layer) => CLIENT_LAYERS.slice(CLIENT_LAYERS.indexOf(layer) + 1);

const clientElements = [
  { type: 'app', pattern: 'client/src/app' },
  { type: 'feature', pattern: 'client/src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'client/src/components' },
  { type: 'session', pattern: 'client/src/session' },
  { type: 'lib', pattern: 'client/src/lib' },
  { type: 'gql', pattern: 'client/src/gql' },
  { type: 'test', pattern: 'client/src/test' },
];

const allowTypes = (types) => ({ to: { element: { types: { anyOf: types } } } });

const clientPolicies = [
  ...CLIENT_LAYERS.filter((layer) => layer !== 'feature').map((layer) => ({
    from: { element: { type: layer } },
    allow: allowTypes([layer, ...below(layer)]),
  })),
  {
    from: { element: { type: 'feature' } },
    allow: [
      {
        to: {
          element: {
            type: 'feature',
            captured: { feature: '{{ from.element.captured.feature }}' },
          },
        },
      },
      allowTypes(below('feature')),
    ],
  },
  // main.tsx starts the app.
  { from: { file: { categories: 'entry' } }, allow: allowTypes(['app']) },
  { from: { element: { type: 'test' } }, allow: { to: { element: { type: '*' } } } },
  { from: { file: { categories: 'test' } }, allow: { to: { element: { type: '*' } } } },
];

/**
 * The server's modules, top first. A module imports its own files and modules of the layers
 * below its own, never one beside it or above it; a domain module (DOMAIN_MODULES) is reached
 * only through its public file, index.ts. `node scripts/import-graph.mjs` lists the imports
 * between modules as they are. Tests may import anything.
 */
const SERVER_LAYERS = [
  // main.ts, app.module.ts, app.factory.ts, start-up.ts, storefront.ts, graceful-shutdown.ts, heap.ts,
  // commands/
  ['app'],
  ['graphql'],
  ['migrations', 'seed'],
  ['insights', 'reviews'],
  ['orders'],
  ['invoices'],
  ['seo', 'lookups', 'offers', 'campaigns', 'password-reset', 'carts', 'wishlist'],
  ['catalogue', 'delivery'],
  ['payment-settings', 'tax', 'notifications'],
  ['auth'],
  ['users'],
  // Settings are held in memory and follow the change log.
  ['settings'],
  ['payments', 'demo-gateway', 'changes', 'health', 'places'],
  ['database', 'observability'],
  ['common'],
  ['config'],
  ['shared'],
];
const DOMAIN_MODULES = [
  'auth',
  'users',
  'changes',
  'payments',
  'demo-gateway',
  'places',
  'settings',
  'catalogue',
  'delivery',
  'payment-settings',
  'tax',
  'notifications',
  'lookups',
  'offers',
  'campaigns',
  'password-reset',
  'carts',
  'wishlist',
  'invoices',
  'orders',
  'insights',
  'reviews',
  'seo',
  'migrations',
  'seed',
];

const serverElements = [
  ...SERVER_LAYERS.flat()
    .filter((module) => module !== 'app')
    .map((module) => ({ type: module, pattern: `server/src/${module}`, partialMatch: false })),
  // The files at the top of server/src, and commands/: whatever no module above took.
  { type: 'app', pattern: 'server/src', partialMatch: false },
];

const serverPolicies = SERVER_LAYERS.flatMap((layer, at) =>
  layer.map((module) => ({
    from: { element: { type: module } },
    allow: [
      { to: { element: { type: module } } },
      ...SERVER_LAYERS.slice(at + 1)
        .flat()
        .map((below) => ({
          to: {
            element: DOMAIN_MODULES.includes(below)
              ? { type: below, fileInternalPath: 'index.ts' }
              : { type: below },
          },
        })),
    ],
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      'data/**',
      '**/src/gql/**',
      'docs/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      // Element patterns are relative to the repository, wherever ESLint is started from.
      'boundaries/root-path': fileURLToPath(new URL('.', import.meta.url)),
      'boundaries/elements': clientElements,
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'entry', pattern: 'client/src/main.tsx' },
      ],
      // Lazy routes are dynamic imports; re-exports count too.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'boundaries/dependencies': ['error', { default: 'disallow', policies: clientPolicies }],
      // The server's code reaches the client only as @shop/rules, @shop/indian-states,
      // @shop/payment-rules, @shop/banner-rules, @shop/offer-rules, @shop/tax-rules, @shop/gstin,
      // @shop/form-rules and @shop/refusals.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message:
                'Import the shared rules as @shop/rules (the states: @shop/indian-states; paying: @shop/payment-rules; home banners: @shop/banner-rules; coupons and offers: @shop/offer-rules; GST: @shop/tax-rules, @shop/gstin; the forms: @shop/form-rules; refusals by reason: @shop/refusals).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.spec.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': fileURLToPath(new URL('.', import.meta.url)),
      'boundaries/elements': serverElements,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: serverPolicies }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
