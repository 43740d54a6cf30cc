import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';

// A throwaway Redis server for the suites of shared limits and audits (decision 070): Debian's
// redis-server (scripts/test-prereqs.mjs installs it), on a free loopback port, nothing saved to disk
// (`--save ''`, no append-only file), in a temporary folder deleted at the end. A test can kill it
// mid-flood and start it again on the same port, where the replicas' REDIS_URL still points.

/** Where Debian's package puts the program. */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL: nothing saved, connections reset); resolves once it has exited. */
  kill(): Promise<void>;
  /** Stalls it (SIGSTOP): connections stay open, nothing is answered, until resume(). */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port, empty; resolves once it accepts connections. */
  restart(): Promise<void>;
  /**
   * Resolves once `n` replicas listen to an audit's channel (PUBSUB NUMSUB): another replica is then
   * joined to a run under way (decision 070). Polled a bounded number of times, each a round trip,
   * never a pause.
   */
  joined(n: number): Promise<void>;
  /** Stops it for good and deletes its folder. */
  stop(): Promise<void>;
}

/** A port free on the loopback address now (the system's pick for port 0), for a server that takes no port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server and resolves once it says it accepts connections (its own log line). */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        // Keep reading so that the pipe never fills.
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (data: Buffer) => (output += data.toString()));
    child.once('error', (error) =>
      reject(new Error(`${REDIS_SERVER} did not start (apt-get install redis-server): ${error.message}`)),
    );
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)),
    );
  });
}

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'geo-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port, dir);
  // The test's own client (joined()): closed with the server, whose end it would report as an error.
  let watcher: ReturnType<typeof createClient> | undefined;
  const kill = async () => {
    watcher?.destroy();
    watcher = undefined;
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGKILL');
    await exited;
  };
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    port,
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async restart() {
      await kill();
      child = await launch(port, dir);
    },
    async joined(n) {
      if (!watcher) {
        watcher = createClient({ url });
        await watcher.connect();
      }
      for (let attempt = 0; attempt < 10_000; attempt++) {
        const channels = (await watcher.sendCommand(['PUBSUB', 'CHANNELS', '*audit:run:*'])) as string[];
        if (channels.length === 0) continue;
        const counts = (await watcher.sendCommand(['PUBSUB', 'NUMSUB', ...channels])) as (string | number)[];
        if (counts.filter((_, i) => i % 2 === 1).reduce((sum: number, c) => sum + Number(c), 0) >= n) return;
      }
      throw new Error(`no ${n} replica joined the audit`);
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
