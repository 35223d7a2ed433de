// Lint: typescript-eslint (type-checked), React hooks, TanStack Query, and the layout's
// boundaries — src/domain and src/wire stay pure, service/ reaches the dashboard only through them,
// imports flow app → features → api/book/stream/settings/components → domain/wire, no cycles;
// integration/ (tests of the dashboard against the real service) imports both, nothing imports it.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs',
  'fs/promises', 'http', 'http2', 'https', 'net', 'os', 'path', 'perf_hooks', 'process',
  'readline', 'stream', 'timers', 'tls', 'url', 'util', 'v8', 'vm', 'worker_threads', 'zlib',
];

/** Imports that would make a pure module depend on React, the browser or Node. */
const impurePatterns = [
  { regex: '^node:', message: 'src/domain and src/wire are pure: no Node APIs.' },
  { regex: `^(${nodeBuiltins.join('|')})$`, message: 'src/domain and src/wire are pure: no Node APIs.' },
  { regex: '^react(-dom)?(/.*)?$', message: 'src/domain and src/wire are pure: no React.' },
  { regex: '^(@tanstack|zustand|recharts|react-router)', message: 'src/domain and src/wire are pure: no UI libraries.' },
  { regex: '^(better-sqlite3|ws|zstd-napi)$', message: 'src/domain and src/wire are pure: no service libraries.' },
  { regex: '(^|/)(app|features|api|book|stream|settings|components)/', message: 'src/domain and src/wire import nothing from the dashboard.' },
  { regex: '(^|/)service/', message: 'src/domain and src/wire import nothing from the service.' },
];

/** Browser and timer globals a pure module must not touch (time is passed in). */
const impureGlobals = [
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch', 'WebSocket',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame',
  'performance', 'console', 'process', 'Buffer', 'self', 'postMessage',
].map((name) => ({ name, message: `src/domain and src/wire are pure: no ${name}.` }));

/** The dashboard's middle layer: what features build on, below the features and the app. */
const middleLayers = ['api', 'book', 'stream', 'settings', 'components'].map((dir) => `./src/${dir}`);

/** Every folder of src/features (read, so that a new feature is in the graph from the start). */
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The only feature → feature imports (docs/architecture.md): the overview reuses the fixtures
 * list's rows and book seeding, the parlay page reads the slip, the watchlist reuses the odds
 * screen's seeding, layout and market values and the fixtures list's fixture path.
 */
const featureImports = { overview: ['fixtures'], parlay: ['slip'], watchlist: ['odds-screen', 'fixtures'] };

/**
 * Statuses are asked through src/wire/status.ts (STATUS_* and isLive, isOpen, …), never compared
 * as bare numbers (issue #21, item 4): `x.statusId === 3` reads as a riddle and drifts.
 */
const STATUS_LITERAL_MESSAGE = 'Ask the status through src/wire/status.ts (isLive, isOpen, STATUS_CANCELLED, …), not a bare number.';
const statusLiteralSelectors = [
  { selector: "BinaryExpression[left.property.name='statusId'][right.type='Literal']", message: STATUS_LITERAL_MESSAGE },
  { selector: "BinaryExpression[right.property.name='statusId'][left.type='Literal']", message: STATUS_LITERAL_MESSAGE },
  { selector: "BinaryExpression[left.name='statusId'][right.type='Literal']", message: STATUS_LITERAL_MESSAGE },
  { selector: "BinaryExpression[left.type='LogicalExpression'][left.left.property.name='statusId'][right.type='Literal']", message: STATUS_LITERAL_MESSAGE },
];

const LAYERS = 'Imports flow app → features → api/book/stream/settings/components → domain/wire (docs/architecture.md).';

/**
 * `import-x/no-restricted-paths` zones of the import graph. `testsRenderApp` lets a feature's page
 * tests render the app's routes. A page that puts several features together is route composition
 * and lives in src/app (src/app/fixture-page.tsx), not in a feature with an exception here.
 */
function importZones({ testsRenderApp = false } = {}) {
  return [
    {
      target: ['./src/domain', './src/wire'],
      from: ['./src', './service'],
      except: ['./domain', './wire'],
      message: 'src/domain and src/wire import nothing of the dashboard or the service.',
    },
    { target: middleLayers, from: ['./src/features', './src/app'], message: `${LAYERS} A lower layer imports no feature and not the app.` },
    ...(testsRenderApp ? [] : [{ target: './src/features', from: './src/app', message: `${LAYERS} A feature does not import the app.` }]),
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [feature, ...(featureImports[feature] ?? [])].map((dir) => `./${dir}`),
      message: `${LAYERS} Only the feature → feature imports listed there (eslint.config.js, featureImports).`,
    })),
    {
      target: './service/sgp',
      from: './service/http',
      message: 'service/http serves service/sgp (routes/parlay.ts, routes/sgp.ts): service/sgp does not import it back.',
    },
    {
      target: ['./src', './service', './bench', './e2e', './scripts'],
      from: './integration',
      message: 'integration/ holds the tests of the dashboard against the real service: nothing imports it.',
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', 'playwright-report', 'test-results', '.data', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**', 'src/wire/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      // Query keys hold no client identity by design: the app clears the cache when the base URL,
      // key or language change (src/api/query-keys.ts), so an ApiClient is never a key dependency.
      '@tanstack/query/exhaustive-deps': ['error', { allowlist: { types: ['ApiClient'] } }],
      // No HTML from data is ever injected: text only, React escapes it.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML: render text (data may be hostile).' },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: 'No raw HTML: set textContent.' },
        ...statusLiteralSelectors,
      ],
    },
  },
  {
    // bench/, e2e/ and scripts/ too, so that they do not import integration/ either (nor cycle).
    files: ['src/**/*.{ts,tsx}', 'service/**/*.ts', 'integration/**/*.{ts,tsx}', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without the TypeScript extensions import-x reads no dependency, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones() }],
      // Type-only imports are erased, so no-cycle does not follow them (market-families.ts and
      // score-model.ts were such a pair: keep types with the contract that owns them).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // No React function component over 200 lines (#21). Components live in .tsx files, one a
    // file, so a .tsx function over 200 lines is a component to split (or a helper for a .ts).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 200 }] },
  },
  {
    // Page tests render the app's routes in its providers (src/app/testing/render-routes.tsx).
    files: ['src/features/**/*.test.{ts,tsx}', 'src/features/**/*-test-data.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones({ testsRenderApp: true }) }] },
  },
  {
    files: ['src/domain/**/*.ts', 'src/wire/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: impurePatterns }],
      'no-restricted-globals': ['error', ...impureGlobals],
      // Determinism: time and randomness are passed in, so every result can be reproduced.
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass the time in: src/domain is deterministic.' },
        { object: 'Math', property: 'random', message: 'Pass a random source in: src/domain is deterministic.' },
      ],
    },
  },
  {
    files: ['service/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!domain/|wire/)',
              message: 'service/ may import from the dashboard only src/domain and src/wire.',
            },
            { regex: '^(react|react-dom|@tanstack|zustand|recharts|react-router)', message: 'service/ has no UI.' },
          ],
        },
      ],
    },
  },
  {
    // The same status rule where the HTML rule does not apply (the dashboard's files have both above).
    files: ['service/**/*.ts', 'src/domain/**/*.ts', 'src/wire/**/*.ts', 'integration/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...statusLiteralSelectors] },
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Node tests, one of which renders a page in jsdom (tracker-page.service.test.tsx).
    files: ['integration/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
