// Lint: typescript-eslint (type-checked), React hooks, TanStack Query, and the layout's
// boundaries — src/domain and src/wire stay pure, service/ reaches the dashboard only through them,
// imports flow app → features → api/book/stream/settings/components → domain/wire, no cycles.
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
 * list's rows and book seeding, the parlay page reads the slip.
 */
const featureImports = { overview: ['fixtures'], parlay: ['slip'], opportunities: ['connection'] };

const LAYERS = 'Imports flow app → features → api/book/stream/settings/components → domain/wire (docs/architecture.md).';

/**
 * `import-x/no-restricted-paths` zones of the import graph. `allowed` adds feature → feature
 * imports to `featureImports`; `testsRenderApp` lets a feature's page tests render the app's routes.
 */
function importZones({ allowed = {}, testsRenderApp = false } = {}) {
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
      except: [feature, ...(featureImports[feature] ?? []), ...(allowed[feature] ?? [])].map((dir) => `./${dir}`),
      message: `${LAYERS} Only the feature → feature imports listed there (eslint.config.js, featureImports).`,
    })),
    {
      target: './service/sgp',
      from: './service/http',
      message: 'service/http serves service/sgp (routes/parlay.ts, routes/sgp.ts): service/sgp does not import it back.',
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
      // No HTML from data is ever injected: text only, React escapes it.
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'No raw HTML: render text (data may be hostile).' },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: 'No raw HTML: set textContent.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'service/**/*.ts'],
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
    // Page tests render the app's routes in its providers (src/app/testing/render-routes.tsx).
    files: ['src/features/**/*.test.{ts,tsx}', 'src/features/**/*-test-data.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones({ testsRenderApp: true }) }] },
  },
  {
    // Route composition: the fixture page puts fixture-info and the slip around the odds board.
    // Moves to src/app with #21 item 2 after the parallel work merges (then this entry goes).
    files: ['src/features/odds-screen/fixture-page.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: importZones({ allowed: { 'odds-screen': ['fixture-info', 'slip'] } }) }] },
  },
  {
    // Test scaffolding that builds the whole HTTP app around an SGP world; moves out of
    // service/sgp with #21 item 5 after the parallel work merges (then this entry goes).
    files: ['service/sgp/test-world.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
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
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
