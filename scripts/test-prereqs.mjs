// Makes sure the programs the tests need beyond npm are on this machine, before any test runs:
// Debian's Chromium (end-to-end tests and screenshots), a Java runtime (the W3C Nu HTML checker),
// nginx (tests/integration/edge-cache-nginx.test.ts runs its own nginx process in front of two servers, with the
// configuration of deploy/nginx/; the Debian package's own service plays no part) and PostgreSQL's
// server programs (tests/global-setup.ts starts a throwaway cluster of its own for the Supabase
// store's tests; the package's own cluster plays no part either) and Redis (tests/support/redis-server.ts
// starts its own server on a free port for the suites of shared limits; the package's service plays
// no part).
// When one is missing and the machine allows it (root with apt-get), it installs it with one line
// saying so; otherwise it stops at once with one line naming what is missing and how to install it.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where Debian's nginx package puts the program (tests/integration/edge-cache-nginx.test.ts runs it there). */
const nginxPath = '/usr/sbin/nginx';
/** Where Debian's redis-server package puts the program (tests/support/redis-server.ts runs it there). */
const redisPath = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/** Whether a program runs: `java -version` (or `nginx -v`) exits 0 when it is installed. */
function runs(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether PostgreSQL's initdb is there: PG_BIN, or Debian's /usr/lib/postgresql/<version>/bin. */
function hasPostgres() {
  if (process.env.PG_BIN) return executable(`${process.env.PG_BIN}/initdb`);
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => executable(`${root}/${v}/bin/initdb`));
}

/** What is missing: the Debian package that provides it and what it is for. */
function missing() {
  const needs = [];
  if (!executable(chromiumPath)) needs.push({ pkg: 'chromium', what: `Chromium (${chromiumPath})` });
  if (!runs('java', ['-version'])) needs.push({ pkg: 'default-jre-headless', what: 'a Java runtime (java)' });
  if (!runs(nginxPath, ['-v'])) needs.push({ pkg: 'nginx', what: `nginx (${nginxPath})` });
  if (!hasPostgres()) needs.push({ pkg: 'postgresql', what: 'PostgreSQL (initdb and postgres)' });
  if (!runs(redisPath, ['--version'])) needs.push({ pkg: 'redis-server', what: `Redis (${redisPath})` });
  return needs;
}

const needs = missing();
if (needs.length > 0) {
  const packages = needs.map((n) => n.pkg);
  const canInstall = process.getuid?.() === 0 && runs('apt-get', ['--version']);
  if (!canInstall) {
    const names = needs.map((n) => n.what).join(' and ');
    console.error(
      `Missing ${names} for the tests: install with \`sudo apt-get install ${packages.join(' ')}\`` +
        (needs.some((n) => n.pkg === 'chromium') ? ' (or set CHROMIUM_PATH to your Chromium).' : '.'),
    );
    process.exit(1);
  }
  console.log(
    `Installing ${packages.join(' and ')} from Debian for the tests (apt-get, once per machine)...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`\`${command} ${args.join(' ')}\` failed: install ${packages.join(' ')} by hand.`);
      process.exit(1);
    }
  }
  const still = missing();
  if (still.length > 0) {
    console.error(`Still missing after the install: ${still.map((n) => n.what).join(' and ')}.`);
    process.exit(1);
  }
}
