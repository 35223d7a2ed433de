// The service process: `npx tsx service/main.ts [--seed N] [--port P] [--frozen]`. Starts the
// simulator and the servers, logs what it simulates, and shuts down gracefully on SIGINT/SIGTERM.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, PROJECT_ROOT } from './config.ts';
import { onStopSignals, runMain } from './process-lifecycle.ts';
import { startService } from './service.ts';
import type { Service } from './service.ts';
import type { HistoryHealth } from './sim/resilient-history.ts';
import type { SimStats, TickTimings } from './sim/simulator.ts';

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

function formatCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([key, n]) => `${key} ${String(n)}`)
    .join(', ');
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The periodic one-line summary: live fixtures, price changes per second, goals, DB size. */
/** The stall figures of the summary line: longest tick and longest unsplittable step, with its cause. */
function tickLine(t: TickTimings): string {
  if (t.ticks === 0) return '';
  return ` · longest tick ${t.longestTickMs.toFixed(0)} ms, longest step ${t.longestStepMs.toFixed(0)} ms (${t.longestStep})`;
}

/** The history part of the summary line: nothing while writes succeed. */
function historyLine(h: HistoryHealth): string {
  if (h.status === 'ok') return '';
  const gaps = h.gaps.length === 0 ? '' : `, ${String(h.gaps.length)} gap(s)`;
  return (
    `[history degraded: backlog ${String(h.backlog.changes)} changes, ${megabytes(h.backlog.bytes)} of ${megabytes(h.backlog.limitBytes)}` +
    `${gaps}; ${h.lastError ?? ''}] `
  );
}

/** The producer's latest figures (it sends them once a second). */
function statsOf(service: Service): SimStats | null {
  return service.producer.status()?.stats ?? null;
}

function startSummary(service: Service, everySec: number): NodeJS.Timeout | null {
  if (everySec <= 0) return null;
  let last: SimStats | null = statsOf(service);
  let lastAt = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    const stats = statsOf(service);
    if (stats === null || last === null) {
      last = stats;
      return;
    }
    const producer = service.producer.health();
    const down = producer.state === 'running' ? '' : `[producer down since ${new Date(producer.since).toISOString()}: serving the last state, stale] `;
    const rate = ((stats.priceChanges - last.priceChanges) * 1000) / Math.max(1, now - lastAt);
    log(
      `${down}${stats.frozen ? '[frozen] ' : ''}${historyLine(service.historyHealth())}live ${String(stats.live)} · pre-game quoted ${String(stats.quotedFixtures - stats.live)} · ` +
        `${rate.toFixed(0)} changes/s · goals ${String(stats.goals - last.goals)} (total ${String(stats.goals)}) · ` +
        `settled ${String(stats.settlements)} · odds ${String(stats.oddsEntries)} · DB ${megabytes(service.dbBytes())}` +
        tickLine(service.producer.takeTickTimings()),
    );
    last = stats;
    lastAt = now;
  }, everySec * 1000);
  timer.unref();
  return timer;
}

async function main(): Promise<void> {
  const config = loadConfig();
  log(`starting: data ${config.dataDir}, seed ${String(config.seed)}, speed ×${String(config.simSpeed)}, quote rate ×${String(config.quoteRate)}`);
  // The built dashboard (npm run build) is served at `/` from the same port as the API.
  const dashboardDir = path.join(PROJECT_ROOT, 'dist');
  const service = await startService(config, { log, ...(existsSync(dashboardDir) ? { dashboardDir } : {}) });
  const stats = statsOf(service);
  if (stats === null) throw new Error('the producer did not report its figures');
  if (config.upstream === undefined) {
    log(
      `simulating ${formatCounts(stats.fixturesByStatus)} fixtures (by sport: ${formatCounts(stats.fixturesBySport)}); ` +
        `${String(stats.marketsOffered)} markets quoted on ${String(stats.quotedFixtures)} fixtures by ${String(stats.bookmakers)} bookmakers; ` +
        `${String(stats.oddsEntries)} odds; DB ${megabytes(service.dbBytes())}; the simulator runs in a thread of its own (the producer)`,
    );
  } else {
    // The URL only: the upstream key is never logged.
    log(
      `relaying ${config.upstream.url}: ${formatCounts(stats.fixturesByStatus)} fixtures (by sport: ${formatCounts(stats.fixturesBySport)}); ` +
        `${String(stats.oddsEntries)} odds; DB ${megabytes(service.dbBytes())}`,
    );
  }
  // The token's path, never its value: the log may be read by others than the operator.
  log(
    `listening on ${service.url}: API at ${service.url}/{lang}/…, GET /healthz; admin API on ${service.adminUrl} ` +
      `(Authorization: Bearer <token in ${service.adminToken.path}>)${stats.frozen ? ' — frozen: POST /admin/resume to start' : ''}`,
  );
  console.log(
    existsSync(dashboardDir)
      ? `\nOdds Explorer is running at ${service.url}/  (demo API key: demo-key)\n`
      : `\nThe odds service is running at ${service.url} (no dashboard build: run npm run build)\n`,
  );
  const summary = startSummary(service, config.logEverySec);
  onStopSignals((signal) => {
    log(`${signal}: flushing history and closing`);
    if (summary !== null) clearInterval(summary);
    service
      .close()
      .then(() => {
        log('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  });
}

runMain(main);
