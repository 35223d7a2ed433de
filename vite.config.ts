/// <reference types="vitest/config" />
// Vite builds the dashboard; Vitest (configured here so both share one module graph) runs the
// unit, service and integration tests. Browser tests are Playwright's (playwright.config.ts).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'service/**/*.test.ts', 'integration/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
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
