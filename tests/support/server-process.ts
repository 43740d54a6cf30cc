import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The production server as a real process (dist/server/server.js), for tests of what only a process
// shows: start-up and exit codes, signals, crashes, memory ceilings.

/**
 * The Node flags of the Dockerfile's CMD and of `npm start` (tests/deploy/node-flags.test.ts holds
 * them equal), which the process tests and the benches use too: the memory the server has in its
 * container (decisions 009 and 075).
 */
export const CONTAINER_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=8'];

/**
 * The environment the Dockerfile gives the process for its memory (held equal by the same test):
 * glibc's allocator at two arenas instead of eight per core, so that the memory freed by libuv's
 * threads (the pages' brotli copies are made there) is reused rather than kept per thread (decision
 * 076). The benches start the server with it.
 */
export const CONTAINER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

export function runServer(env: Record<string, string>, nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, 'dist/server/server.js'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'geo-proc-')),
      ...CONTAINER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

export type ServerProcess = ReturnType<typeof runServer>;

/** Waits for the start-up line and returns the port the server listens on. */
export function portOf(proc: ServerProcess): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"port":(\d+)/.exec(proc.out());
      if (match) {
        clearInterval(timer);
        resolve(Number(match[1]));
      }
    }, 20);
    void proc.exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${proc.err()}`));
    });
  });
}
