import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL server for the integration suites: a cluster made by initdb in a temporary
// folder, listening on a Unix socket in that folder only (no TCP port to collide with anything), with
// the settings a test server can afford (no fsync), stopped and deleted at the end of the run. The
// Supabase store's migrations run on it with real concurrent connections (tests/README.md).
// PostgreSQL refuses to run as root: as root (CI), the cluster belongs to the `postgres` user that
// Debian's package creates, and its programs run as that user.

/** The folder of initdb and postgres: PG_BIN, else the newest of Debian's /usr/lib/postgresql/<n>/bin. */
export function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export interface PostgresServer {
  /** The folder of the server's Unix socket: `host` for a client. */
  socketDir: string;
  /** The superuser to connect as. */
  user: string;
  stop(): Promise<void>;
}

const asRoot = () => process.getuid?.() === 0;

/** The `postgres` user's ids when this runs as root (PostgreSQL's programs run as it), else none. */
function owner(): { uid: number; gid: number } | undefined {
  if (!asRoot()) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('Running as root, PostgreSQL needs the `postgres` user: apt-get install postgresql');
  }
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL is not installed: `sudo apt-get install postgresql` (npm test installs it when run as root), or set PG_BIN to the folder of initdb',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'geo-postgres-'));
  const data = path.join(dir, 'data');
  const ids = owner();
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const user = ids ? 'postgres' : userInfo().username;
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { encoding: 'utf8', ...ids },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

  const args = [
    '-D',
    data,
    '-k',
    dir,
    '-c',
    'listen_addresses=',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ];
  const server: ChildProcess = spawn(path.join(bin, 'postgres'), args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...ids,
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    server.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) resolve();
    });
    server.once('exit', (code) =>
      reject(new Error(`postgres exited (${code}) before it was ready:\n${log}`)),
    );
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  return {
    socketDir: dir,
    user,
    async stop() {
      // SIGINT: PostgreSQL's fast shutdown (clients disconnected, no waiting for them).
      server.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
