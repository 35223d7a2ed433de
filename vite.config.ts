/// <reference types="vitest/config" />
// Vite builds the dashboard; Vitest (configured here so both share one module graph) runs the
// unit, service and integration tests. Browser tests are Playwright's (playwright.config.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The test files that start real processes or engines (see `projects` below). */
const PROCESS_TESTS = [
  'integration/**/*.test.{ts,tsx}',
  'bench/**/*.test.ts',
  'service/admin/admin-server.test.ts',
  'service/gateway/encoding.test.ts',
  'service/history-on-postgres.test.ts',
  'service/history-outage.test.ts',
  'service/relay/*.test.ts',
  'service/security/auth-throttle.test.ts',
  'service/storage/pg/*.test.ts',
];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    environment: 'node',
    // Two groups, one after the other. Tests in one process (the dashboard's, the domain's, the
    // service's in-process ones on port 0) run on every core. Tests that start real processes and
    // engines (service processes, the cluster, PostgreSQL, the soak) run one file at a time: they
    // load the machine themselves and assert on timing-bound outcomes (a resume, a failover).
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['src/**/*.test.{ts,tsx}', 'service/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts', 'src/wire/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: {
        'src/domain/**': { lines: 95 },
      },
    },
  },
});
