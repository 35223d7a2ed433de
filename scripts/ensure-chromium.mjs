// Makes sure Debian's Chromium is there for the browser tests: installs it with apt-get when it
// is missing and we run as root; otherwise says in one line what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(path)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is missing at ${path}: run \`sudo apt-get update && sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing at ${path}: installing Debian's chromium with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(path)) {
    console.error(`apt-get finished but ${path} is still missing; set CHROMIUM_PATH to your Chromium.`);
    process.exit(1);
  }
}
console.log(`Chromium: ${execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()}`);
