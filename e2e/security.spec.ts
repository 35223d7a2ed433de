// Security of the dashboard in real Chromium against the embedded service: the API key travels
// only in X-API-Key headers and the WebSocket login frame (never in a URL, never on the console),
// and every page runs under the served Content-Security-Policy without a single violation. A page
// of another origin on this machine cannot drive the admin knobs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, admin } from './admin.ts';

/** A key of service/keys.json other than the default demo key, typed into the settings. */
const CUSTOM_KEY = 'demo-limited';
/** A key the service refuses: it must not leak either, even in the error paths. */
const WRONG_KEY = 'demo-wrong-e2e-key';

interface Capture {
  readonly urls: string[];
  /** Requests that carried the key in X-API-Key. */
  readonly keyHeaders: string[];
  /** Requests that carried something else than a demo key in X-API-Key, or the key in another header. */
  readonly otherHeaders: string[];
  readonly framesSent: string[];
  readonly console: string[];
}

/**
 * Records every request of the context (pages and workers), every WebSocket frame the page's
 * sockets send, and every console line.
 */
function capture(context: BrowserContext, page: Page, key: string): Capture {
  const c: Capture = { urls: [], keyHeaders: [], otherHeaders: [], framesSent: [], console: [] };
  context.on('request', (request) => {
    c.urls.push(request.url());
    const headers = request.headers();
    for (const [name, value] of Object.entries(headers)) {
      if (!value.includes(key)) continue;
      if (name === 'x-api-key') c.keyHeaders.push(request.url());
      else c.otherHeaders.push(`${name} on ${request.url()}`);
    }
  });
  page.on('console', (message) => c.console.push(message.text()));
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => c.framesSent.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('latin1')));
  });
  return c;
}

/** Everything a violation of the CSP shows: the DOM event (page and workers) and Chromium's console line. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${String(event.lineNumber)})`);
    });
  });
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

async function setKey(page: Page, key: string): Promise<void> {
  await page.goto('/settings');
  const input = page.getByLabel('API key', { exact: true });
  await input.fill(key);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
}

/**
 * A live fixture, or a pre-game one when none is live (the simulated programme follows the time of
 * day, so a live fixture of any one sport is not guaranteed), read with the header as the dashboard does.
 */
async function someFixtureId(page: Page): Promise<string> {
  for (const statusId of [1, 0]) {
    const response = await page.request.get(`/en/fixtures?statusId=${String(statusId)}`, { headers: { 'X-API-Key': 'demo-key' } });
    const fixtures = (await response.json()) as { fixtureId: string }[];
    const first = fixtures[0];
    if (first !== undefined) return first.fixtureId;
  }
  throw new Error('no live or pre-game fixture');
}

/** Hides SharedWorker, so the dashboard falls back to a dedicated worker that Playwright can observe. */
async function dedicatedWorkerOnly(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'SharedWorker');
  });
}

/** Opens a page and gives its requests (REST, stream) a moment; the stream never lets the network idle. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(700);
}

const PAGES = ['/', '/fixtures', '/futures', '/markets', '/parlay', '/settlement', '/settings'];

test.describe('the API key', () => {
  test('stays out of every URL and console line of the pages, with the stream in its SharedWorker', async ({ page, context }) => {
    test.setTimeout(90_000);
    const c = capture(context, page, CUSTOM_KEY);
    const fixtureId = await someFixtureId(page);
    await setKey(page, CUSTOM_KEY);
    for (const path of [...PAGES, `/fixtures/${fixtureId}`, `/fixtures/${fixtureId}/history`]) {
      await visit(page, path);
    }
    await expect(page.locator('.connection-indicator')).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/, { timeout: 20_000 });

    expect(c.urls.length).toBeGreaterThan(10);
    expect(c.urls.filter((url) => url.includes(CUSTOM_KEY) || /apiKey=/i.test(url))).toEqual([]);
    expect(c.keyHeaders.length).toBeGreaterThan(3);
    expect(c.otherHeaders).toEqual([]);
    expect(c.console.filter((line) => line.includes(CUSTOM_KEY))).toEqual([]);
  });

  test('stays out of URLs and the console when the service refuses it', async ({ page, context }) => {
    const c = capture(context, page, WRONG_KEY);
    await setKey(page, WRONG_KEY);
    for (const path of ['/fixtures', '/futures', '/markets']) {
      await visit(page, path);
    }
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: /key|401|refused|invalid/i }).first()).toBeVisible({ timeout: 10_000 });
    expect(c.keyHeaders.length).toBeGreaterThan(0);
    expect(c.urls.filter((url) => url.includes(WRONG_KEY))).toEqual([]);
    expect(c.otherHeaders).toEqual([]);
    expect(c.console.filter((line) => line.includes(WRONG_KEY))).toEqual([]);
    await expect(page.locator('body')).not.toContainText(WRONG_KEY);
  });

  test('travels only in X-API-Key headers and the stream login frame, the worker traffic included', async ({ page, context }) => {
    test.setTimeout(90_000);
    // Without SharedWorker the dashboard runs the stream in a dedicated worker, whose requests and
    // socket Playwright reports on the page: every REST call and every frame sent can be read.
    await dedicatedWorkerOnly(page);
    const c = capture(context, page, CUSTOM_KEY);
    const fixtureId = await someFixtureId(page);
    await setKey(page, CUSTOM_KEY);
    for (const path of ['/fixtures', `/fixtures/${fixtureId}`, '/futures', '/settlement']) await visit(page, path);
    await expect(page.locator('.connection-indicator')).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/, { timeout: 20_000 });

    expect(c.urls.filter((url) => url.includes(CUSTOM_KEY) || /apiKey=/i.test(url))).toEqual([]);
    expect(c.keyHeaders.length).toBeGreaterThan(3);
    expect(c.otherHeaders).toEqual([]);
    expect(c.console.filter((line) => line.includes(CUSTOM_KEY))).toEqual([]);
    const withKey = c.framesSent.filter((frame) => frame.includes(CUSTOM_KEY));
    expect(withKey.length).toBeGreaterThan(0);
    for (const frame of withKey) {
      const login = JSON.parse(frame) as { type?: unknown; apiKey?: unknown };
      expect(login.type).toBe('login');
      expect(login.apiKey).toBe(CUSTOM_KEY);
    }
  });
});

test.describe('Content-Security-Policy', () => {
  test('is served on every page and forbids inline script', async ({ request }) => {
    for (const path of ['/', '/fixtures', '/settings']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toMatch(/connect-src[^;]* ws: wss:/);
    }
    // The API's JSON is not a page: no CSP needed there.
    const api = await request.get('/en/sports', { headers: { 'X-API-Key': 'demo-key' } });
    expect(api.status()).toBe(200);
  });

  test('blocks an injected inline script', async ({ page }) => {
    await watchCsp(page);
    await page.goto('/settings');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true;';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    expect((await cspViolations(page)).join('\n')).toContain('script-src');
  });

  test('raises no violation on any page and still lets the stream worker connect and decode zstd-dict', async ({ page }) => {
    test.setTimeout(90_000);
    await watchCsp(page);
    const consoleCsp = watchCspConsole(page);
    const fixtureId = await someFixtureId(page);
    for (const path of [...PAGES, `/fixtures/${fixtureId}`, `/fixtures/${fixtureId}/history`]) {
      await visit(page, path);
      expect(await cspViolations(page), path).toEqual([]);
    }
    await expect(page.locator('.connection-indicator')).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/, { timeout: 20_000 });
    expect(await cspViolations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
    // The policy still lets the worker decode: zstd-dict negotiated, frames arriving, none malformed
    // (the wasm decoder needs 'wasm-unsafe-eval', the socket connect-src).
    const indicator = page.locator('.connection-indicator');
    await expect(indicator).toContainText('zstd-dict');
    await expect(indicator).toContainText('delay', { timeout: 20_000 });
    await expect(indicator).toContainText('malformed frames 0');
  });
});

/** Chromium's console lines for CSP violations of the page. */
function watchCspConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) lines.push(message.text());
  });
  return lines;
}

test.describe('the admin knobs', () => {
  let attacker: http.Server;
  let attackerUrl = '';

  // Another origin of this machine (another port, another name), with no CSP to stop its fetches.
  test.beforeAll(async () => {
    attacker = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another site</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://localhost:${String((attacker.address() as AddressInfo).port)}/`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => attacker.close(resolve));
  });

  test('a page on another origin can neither freeze the simulator nor disable SGP', async ({ page, request }) => {
    const refused: number[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(ADMIN)) refused.push(response.status());
    });
    await page.goto(attackerUrl);
    try {
      await page.evaluate(async (adminUrl) => {
        // What the issue describes: an opaque no-cors POST, and a text/plain body as a form posts it.
        await fetch(`${adminUrl}/admin/freeze`, { method: 'POST', mode: 'no-cors' });
        await fetch(`${adminUrl}/admin/sgp`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"enabled":false}' });
        await fetch(`${adminUrl}/admin/state`, { mode: 'no-cors' });
      }, ADMIN);
      expect(((await admin(request, 'GET', '/admin/state')) as { frozen: boolean }).frozen).toBe(false);
      expect(((await admin(request, 'GET', '/admin/sgp')) as { enabled: boolean }).enabled).toBe(true);
      expect(refused).toEqual([403, 403, 403]);
    } finally {
      // Whatever got through must not spoil the specs that follow.
      await admin(request, 'POST', '/admin/resume');
      await admin(request, 'POST', '/admin/sgp', { enabled: true });
    }
  });
});
