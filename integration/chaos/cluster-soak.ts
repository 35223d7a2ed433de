// `npm run soak:cluster -- [--minutes N]`: the cluster test's faults (integration/cluster-world.ts)
// over and over for N minutes (default 10) against one cluster: an edge killed mid-stream, the
// producer killed and restarted, its thread crashed, Redis restarted empty, in a shuffled order, each followed by the
// check that every lane's book equals REST with the simulation frozen, and that the edges agree.
// Prints each round's outcome and the totals; exits 1 on the first failed check.
import { inspect } from 'node:util';
import { ClusterWorld } from '../cluster-world.ts';

function minutesArg(): number {
  const at = process.argv.indexOf('--minutes');
  const value = at === -1 ? '10' : (process.argv[at + 1] ?? '');
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    console.error(`--minutes must be a positive number of minutes, not "${value}"`);
    process.exit(2);
  }
  return minutes;
}

const minutes = minutesArg();
const faults = [
  ['edges killed mid-stream', (world: ClusterWorld) => world.killEdges()],
  ['producer killed and restarted', (world: ClusterWorld) => world.restartProducer()],
  ['producer thread crashed', (world: ClusterWorld) => world.crashProducerThread()],
  ['Redis restarted empty', (world: ClusterWorld) => world.restartRedis()],
] as const;

console.log(`cluster soak: ${String(minutes)} min; starting the cluster (Redis, producer, 2 edges, HAProxy)…`);
const world = await ClusterWorld.start(['json', 'binary', 'zstd', 'zstd-dict'], process.env.SOAK_VERBOSE === '1' ? (line) => {
  console.log(line);
} : undefined);
const deadline = Date.now() + minutes * 60_000;
const counts = new Map<string, number>();
let round = 0;
let failed = false;
try {
  await world.expectConsistent('start');
  while (Date.now() < deadline) {
    round++;
    const [name, fault] = faults[Math.floor(Math.random() * faults.length)] ?? faults[0];
    const started = Date.now();
    await fault(world);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    console.log(`round ${String(round)}: ${name} — books equal REST on every lane, edges agree (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    await world.run(2_000 + Math.floor(Math.random() * 3_000));
  }
} catch (error) {
  failed = true;
  // The cause too: a failed fetch says only "fetch failed", its cause says which socket error.
  const cause = error instanceof Error && error.cause !== undefined ? ` (cause: ${error.cause instanceof Error ? error.cause.message : inspect(error.cause)})` : '';
  console.error(`round ${String(round)} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}`);
} finally {
  await world.close();
}
console.log(`cluster soak ${failed ? 'FAILED' : 'passed'}: ${String(round)} rounds (${[...counts].map(([name, n]) => `${name} ×${String(n)}`).join(', ')})`);
process.exit(failed ? 1 : 0);
