import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX, privateNginxConfig } from '../tests/fixtures/edge-proxy.ts';
import { freePort } from '../tests/support/redis-server.ts';
import { waitForAnswer } from './built-server.ts';

// One nginx for the benches (hot path: the same bytes from a file; replicas: a balancer): a private
// folder, one worker, no access log, on a free loopback port, stopped gracefully.

export interface BenchNginx {
  port: number;
  /** The folder nginx runs in (readable by its worker), for the files its configuration serves. */
  dir: string;
  close(): Promise<void>;
}

/**
 * Starts nginx with the `http` block's own lines, given the folder and the port it listens on, and
 * resolves once `probe` (a path) answers. `files` are written into the folder first.
 */
export async function startBenchNginx(
  httpLines: (dir: string, port: number) => string[],
  probe: string,
  files: Record<string, Buffer | string> = {},
): Promise<BenchNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'geo-bench-nginx-'));
  // nginx's worker runs as another user (www-data): the folder and its files must be readable to it.
  chmodSync(dir, 0o755);
  for (const [name, body] of Object.entries(files))
    writeFileSync(path.join(dir, name), body, { mode: 0o644 });
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    privateNginxConfig(dir, { workerConnections: 1024, accessLog: 'off' }, httpLines(dir, port)),
  );
  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], {
    stdio: 'ignore',
  });
  await waitForAnswer(`http://127.0.0.1:${port}${probe}`);
  return {
    port,
    dir,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
