// `npm run bench`: runs every `bench:*` script of package.json and prints one table —
// each figure, its baseline measured in the same run, the ratio, and the target.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const PREFIX = '@bench ';
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const only = process.argv.slice(2);
const scripts = Object.keys(pkg.scripts)
  .filter((name) => name.startsWith('bench:'))
  .filter((name) => only.length === 0 || only.includes(name));

const rows = [];
const failures = [];
for (const script of scripts) {
  console.log(`\n▶ npm run ${script}`);
  const code = await new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let pending = '';
    child.stdout.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(PREFIX)) rows.push(JSON.parse(line.slice(PREFIX.length)));
        else console.log(`  ${line}`);
      }
    });
    child.on('close', resolve);
  });
  if (code !== 0) failures.push(`${script} exited with ${code}`);
}

const fmt = (v) => {
  if (v === null || v === undefined) return '—';
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 1000) return Math.round(v).toLocaleString('en-US');
  if (a >= 10) return v.toFixed(1);
  return v.toPrecision(3);
};
const table = rows.map((r) => {
  const ratio = r.baseline && r.baseline.value !== 0 ? r.value / r.baseline.value : null;
  const met = r.target ? (r.target.op === '>=' ? r.value >= r.target.value : r.value <= r.target.value) : null;
  return {
    bench: r.bench,
    metric: r.metric,
    figure: `${fmt(r.value)} ${r.unit}`,
    baseline: r.baseline ? `${fmt(r.baseline.value)} (${r.baseline.label})` : '—',
    ratio: ratio === null ? '—' : `${ratio.toFixed(2)}×`,
    target: r.target ? `${r.target.op} ${fmt(r.target.value)} ${r.unit}` : '—',
    status: met === null ? '' : met ? 'met' : 'MISSED',
    note: r.note ?? '',
  };
});

const headers = ['bench', 'metric', 'figure', 'baseline', 'ratio', 'target', 'status'];
const widths = headers.map((h) => Math.max(h.length, ...table.map((row) => String(row[h]).length)));
const line = (cells) => '| ' + cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ') + ' |';
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const out = [
  `Machine: ${machine}`,
  '',
  line(headers),
  line(widths.map((w) => '-'.repeat(w))),
  ...table.map((row) => line(headers.map((h) => row[h]))),
];
const notes = table.filter((r) => r.note).map((r) => `- ${r.metric}: ${r.note}`);
if (notes.length) out.push('', ...notes);
console.log('\n' + out.join('\n'));

mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/latest.md', import.meta.url), out.join('\n') + '\n');
// A full run (no script named) also refreshes the report the docs keep.
if (only.length === 0) {
  const report = [
    '# Performance',
    '',
    'The latest full `npm run bench` (written by `bench/run-all.mjs`; each figure beside a baseline',
    'measured in the same run and the target of its issue). A missed target stays here as MISSED; the',
    'notes and the issue notes say why. Figures on a 2-core machine shared with other work are noisy:',
    'rerun on a quiet machine before drawing conclusions.',
    '',
    `Run: ${new Date().toISOString()}`,
    ...out,
    '',
  ];
  const why = new URL('./why-missed.md', import.meta.url);
  if (existsSync(why)) report.push(readFileSync(why, 'utf8'));
  writeFileSync(new URL('../docs/performance.md', import.meta.url), report.join('\n'));
}
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
