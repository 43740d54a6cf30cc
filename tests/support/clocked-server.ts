import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { onClose } from './delivery-peers.ts';

/**
 * The site's server as a process of its own with a clock the test moves (tests/fixtures/
 * recheck-server.ts), driven line by line, for several processes on one store: `port()` once it
 * listens, then commands (`advance <ms>`, `run`, `idle`, `quit`) and their answers in order.
 * Killed at the next closePeers() if it is still running (a test that failed before its `quit`).
 */
export function clockedServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/recheck-server.ts'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // A command written after a kill (a test that failed midway) is lost, not an unhandled error.
  child.stdin.on('error', () => {});
  onClose(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => String((await lines.next()).value ?? '');
  return {
    port: async () => Number(/^port (\d+)$/.exec(await next())![1]),
    /** Sends a command; its answer is read with `answer()`. */
    send: (command: string) => child.stdin.write(`${command}\n`),
    answer: next,
    /** Drains the process's delivery worker: resolves once nothing is due there and nothing in flight. */
    idle: async () => {
      child.stdin.write('idle\n');
      const line = await next();
      if (line !== 'idle') throw new Error(`expected idle, got ${line}`);
    },
    quit: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.write('quit\n');
      }),
  };
}

export type ClockedServer = ReturnType<typeof clockedServerProcess>;
