// Browser tests drive Debian's Chromium (Playwright's own browser builds cannot be downloaded
// here); scripts/ensure-chromium.mjs installs it when missing.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
// The fake v5 service (e2e/fake-v5/) listens two ports up: PORT + 1 is the embedded service's admin.
const fakePort = port + 2;
// A fresh data directory per run: the embedded service seeds it on start. Exported to the
// environment so that the workers (which load this file again) see the same directory, and the
// specs read the admin token from it (e2e/admin.ts).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'odds-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking flags Chromium keeps trying to reach outside hosts,
      // which this network refuses in bursts.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The embedded service serves the built dashboard and the API from one port, as `npm start` does.
  webServer: [
    {
      command: './node_modules/.bin/tsx service/main.ts',
      url: `http://127.0.0.1:${port}/healthz`,
      // AUTH_FAIL_MAX 0: e2e/security.spec.ts types a wrong key on purpose and expects the dashboard to
      // say it was refused; its queries and stream retries from 127.0.0.1 could pass 20 failures in
      // 10 s, and which answer (401 or 429) came first would decide the test.
      env: { PORT: String(port), ADMIN_PORT: String(port + 1), DATA_DIR: dataDir, SEED_PAST_DAYS: '1', LOG_EVERY_SEC: '0', AUTH_FAIL_MAX: '0' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // A second, strict v5 service written from the spec alone (docs/testing.md): starts in ~1 s.
      command: './node_modules/.bin/tsx e2e/fake-v5/main.ts',
      url: `http://127.0.0.1:${fakePort}/healthz`,
      env: { PORT: String(fakePort), CONTROL_PORT: String(fakePort + 1) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
