// Lint: typescript-eslint (type-checked), React hooks, TanStack Query, and the layout's
// boundaries — src/domain and src/wire stay pure, service/ reaches the dashboard only through them.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
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
  { regex: '(^|/)(features|app|components|lib|stream)/', message: 'src/domain and src/wire import nothing from the dashboard.' },
  { regex: '(^|/)service/', message: 'src/domain and src/wire import nothing from the service.' },
];

/** Browser and timer globals a pure module must not touch (time is passed in). */
const impureGlobals = [
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'fetch', 'WebSocket',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestAnimationFrame',
  'performance', 'console', 'process', 'Buffer', 'self', 'postMessage',
].map((name) => ({ name, message: `src/domain and src/wire are pure: no ${name}.` }));

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
