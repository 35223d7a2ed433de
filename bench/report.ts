// The one format every benchmark reports in: a figure, the baseline measured in the same run,
// and the target from its issue. bench/run-all.mjs collects these lines into one table.

export interface BenchRow {
  /** The bench script, e.g. `bench:sim`. */
  readonly bench: string;
  /** What was measured, e.g. `Shin de-vig, 3-way markets`. */
  readonly metric: string;
  readonly value: number;
  readonly unit: string;
  /** The same work done the simplest way, measured in the same run; null where none applies. */
  readonly baseline: { readonly label: string; readonly value: number } | null;
  /** The target, or null when the figure is informational. */
  readonly target: { readonly op: '>=' | '<='; readonly value: number } | null;
  readonly note?: string;
}

export const BENCH_LINE_PREFIX = '@bench ';

/** Prints one row for the runner, and a readable line for whoever runs the script alone. */
export function reportRow(row: BenchRow): void {
  const base = row.baseline ? ` (baseline ${row.baseline.label}: ${formatNumber(row.baseline.value)})` : '';
  console.log(`${row.metric}: ${formatNumber(row.value)} ${row.unit}${base}`);
  console.log(BENCH_LINE_PREFIX + JSON.stringify(row));
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return value.toFixed(1);
  return value.toPrecision(3);
}

/** Runs `fn` repeatedly for about `ms` milliseconds after a warm-up; returns operations per second. */
export function opsPerSecond(fn: () => void, opsPerCall: number, ms = 500): number {
  const warmUntil = performance.now() + Math.min(200, ms / 2);
  while (performance.now() < warmUntil) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn();
    calls++;
    now = performance.now();
  }
  return (calls * opsPerCall * 1000) / (now - start);
}
