import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTAINER_ENV } from '../tests/support/server-process.ts';

// The production build (dist/server/server.js) started on a random loopback port with a throw-away
// data directory and the container's environment, for the measuring scripts (bench, lighthouse).

export interface BuiltServer {
  base: string;
  child: ChildProcess;
  stop(): void;
}

export function spawnBuiltServer(
  options: { nodeFlags?: string[]; env?: Record<string, string>; port?: number } = {},
): BuiltServer {
  const port = options.port ?? 3900 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'geo-measure-'));
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), 'dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: base,
      NODE_ENV: 'production',
      // The container's memory settings (the Dockerfile's ENV), as its flags come with nodeFlags.
      ...CONTAINER_ENV,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    base,
    child,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `url` until it answers 2xx (every few milliseconds, so start-up can be timed with it). */
export async function waitForAnswer(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
