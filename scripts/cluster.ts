// `npm run cluster`: the service as a cluster on loopback (issue #24, docs/deploy.md): HAProxy on
// CLUSTER_PORT (default 4200) in front of two edges (+4, +5), the producer's admin knobs on +1,
// Redis on +2, PostgreSQL on +3. The other settings (DATA_DIR, RESUME_WINDOW_MS, …) apply to every part.
import path from 'node:path';
import { startCluster } from '../service/cluster/cluster.ts';
import { PROJECT_ROOT } from '../service/config.ts';

const port = Number(process.env.CLUSTER_PORT ?? '4200');
if (!Number.isInteger(port) || port < 1 || port > 65_530) {
  console.error(`CLUSTER_PORT must be a port number below 65531 (the parts take the next five), not ${process.env.CLUSTER_PORT ?? ''}`);
  process.exit(1);
}
const dataDir = process.env.DATA_DIR ?? path.join(PROJECT_ROOT, '.data-cluster');
const verbose = process.env.CLUSTER_QUIET !== '1';

startCluster({
  port,
  dataDir,
  env: { LOG_EVERY_SEC: process.env.LOG_EVERY_SEC ?? '30' },
  log: (line) => {
    if (verbose) console.log(line);
  },
})
  .then((cluster) => {
    console.log(
      [
        '',
        `Odds Explorer cluster (data in ${dataDir}):`,
        `  HAProxy      ${cluster.url}/   ← the dashboard, REST and /ws (demo API key: demo-key)`,
        `  admin knobs  ${cluster.adminUrl}  (the producer; Authorization: Bearer <token in ${path.join(dataDir, 'admin-token')}>)`,
        `  Redis        ${cluster.redisUrl}`,
        `  PostgreSQL   ${cluster.databaseUrl}  (the history)`,
        ...cluster.edges.map((edge) => `  ${edge.name}        http://127.0.0.1:${String(edge.port)}`),
        '',
      ].join('\n'),
    );
    const stop = (): void => {
      void cluster.close().finally(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
