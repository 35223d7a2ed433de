// The real engines a cluster runs on (issue #24): Debian's redis-server, PostgreSQL 15 and
// haproxy. `ensureEngines` finds each binary and, when one is missing and we run as root with
// apt-get, installs Debian's package (as ensure-chromium.mjs does for Chromium); otherwise it
// throws one line saying what to run. Run directly (`tsx scripts/engines.ts [redis|postgres|haproxy…]`), it ensures all three and prints their paths.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface RedisBinaries { readonly server: string; readonly cli: string }
export interface PostgresBinaries { readonly bin: string; readonly postgres: string; readonly initdb: string; readonly pgCtl: string }
export interface HaproxyBinaries { readonly haproxy: string }
interface EngineBinaries { redis: RedisBinaries; postgres: PostgresBinaries; haproxy: HaproxyBinaries }
export type EngineName = keyof EngineBinaries;

/** PostgreSQL's server binaries: Debian keeps them out of PATH, under /usr/lib/postgresql/<major>/bin. */
function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const dir = `${root}/${major}/bin`;
    if (existsSync(`${dir}/postgres`) && existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`)) return dir;
  }
  return null;
}

/** Each engine: the Debian package, and how to find its binaries once installed. */
export const ENGINES: { [K in EngineName]: { readonly pkg: string; find(): EngineBinaries[K] | null } } = {
  redis: { pkg: 'redis-server', find: () => (existsSync('/usr/bin/redis-server') ? { server: '/usr/bin/redis-server', cli: '/usr/bin/redis-cli' } : null) },
  postgres: {
    pkg: 'postgresql-15',
    find: () => {
      const dir = postgresBinDir();
      return dir === null ? null : { bin: dir, postgres: `${dir}/postgres`, initdb: `${dir}/initdb`, pgCtl: `${dir}/pg_ctl` };
    },
  },
  haproxy: { pkg: 'haproxy', find: () => (existsSync('/usr/sbin/haproxy') ? { haproxy: '/usr/sbin/haproxy' } : null) },
};

/** Serialises this project's apt-get runs (test files installing engines at the same time). */
const APT_LOCK = '/tmp/odds-explorer-apt.lock';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * The binaries of the named engines (default: all three), installing the missing ones from
 * Debian's packages when running as root. Throws an Error whose message is the one line to run
 * when they are missing and cannot be installed here.
 */
export function ensureEngines<N extends EngineName>(
  names: readonly N[] = Object.keys(ENGINES) as N[],
  log: (line: string) => void = (line) => {
    console.log(line);
  },
): { [K in N]: EngineBinaries[K] } {
  const missing = names.filter((name) => ENGINES[name].find() === null);
  if (missing.length > 0) {
    const pkgs = missing.map((name) => ENGINES[name].pkg);
    if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
      throw new Error(`Missing ${pkgs.join(', ')}: run \`sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}\`, then try again.`);
    }
    log(`Installing Debian's ${pkgs.join(', ')} with apt-get…`);
    // policy-rc.d 101: install the packages without starting their system services (the cluster
    // starts its own, on its own ports and data directories). Under one lock: test files that
    // each need an engine start at once, and two apt-gets at once fail on dpkg's lock.
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
    const script = [
      'printf "#!/bin/sh\\nexit 101\\n" > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d',
      'trap "rm -f /usr/sbin/policy-rc.d" EXIT',
      'apt-get update -qq',
      `apt-get install -y -qq --no-install-recommends ${pkgs.join(' ')}`,
    ].join(' && ');
    execFileSync('flock', [APT_LOCK, 'sh', '-c', script], { stdio: 'inherit', env });
    const still = missing.filter((name) => ENGINES[name].find() === null);
    if (still.length > 0) throw new Error(`apt-get finished but ${still.map((name) => ENGINES[name].pkg).join(', ')} is still missing.`);
  }
  return Object.fromEntries(names.map((name) => [name, ENGINES[name].find()])) as { [K in N]: EngineBinaries[K] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const found = ensureEngines(process.argv.length > 2 ? (process.argv.slice(2) as EngineName[]) : undefined);
    for (const [name, paths] of Object.entries(found)) console.log(`${name}: ${Object.values(paths as object).join(' ')}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
