import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The real process: configuration errors, start-up and graceful shutdown.

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-proc-')), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('the server process', () => {
  it('stops with one clear line and exit code 1 on invalid configuration', async () => {
    const proc = run({ PORT: 'eighty' });
    expect(await proc.exited).toBe(1);
    const lines = proc.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT.*must be a number/);
  });

  it('starts, answers, and exits 0 on SIGTERM', async () => {
    const proc = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /"port":(\d+)/.exec(proc.out());
        if (match) {
          clearInterval(timer);
          resolve(Number(match[1]));
        }
      }, 20);
      void proc.exited.then(() => reject(new Error(`exited early: ${proc.err()}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.out()).toContain('"msg":"stopped"');
  });
});
