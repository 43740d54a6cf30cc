import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config.ts';
import { newsletterSecret } from '../../src/server/delivery/secret.ts';

// The newsletter key kept in DATA_DIR (src/server/delivery/secret.ts) when several server processes
// start at the same moment on a new directory: every one of them must sign with the same complete
// key. The file used to be created empty and then written, and a second process could read it in
// between and stop at start-up ("tokenSecret must be a Buffer of at least 16 bytes").

const PROCESSES = 8;
const SCRIPT = `
import { newsletterSecret } from './src/server/delivery/secret.ts';
const key = newsletterSecret({ env: {}, dataDir: process.argv[1], supabase: false, needed: true });
process.stdout.write(key.toString('hex'));
`;

function keyFrom(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe('the newsletter key kept in DATA_DIR', () => {
  it('is one complete key for processes that start together on a new directory', async () => {
    for (let round = 0; round < 2; round++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-secret-'));
      const keys = await Promise.all(Array.from({ length: PROCESSES }, () => keyFrom(dataDir)));
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(path.join(dataDir, 'newsletter-secret'), 'utf8')).toBe(keys[0]);
      // Nothing is left beside it.
      expect(readdirSync(dataDir)).toEqual(['newsletter-secret']);
    }
  });

  it('is kept across restarts, and an empty key file is a clear start-up error, never an empty key', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-secret-'));
    const options = { env: {}, dataDir, supabase: false, needed: true };
    const first = newsletterSecret(options);
    expect(first?.length).toBe(32);
    expect(newsletterSecret(options)).toEqual(first);

    const broken = mkdtempSync(path.join(tmpdir(), 'geo-secret-'));
    writeFileSync(path.join(broken, 'newsletter-secret'), '');
    const start = () => newsletterSecret({ ...options, dataDir: broken });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/newsletter-secret holds no key \(delete it/);
    expect(readdirSync(broken)).toEqual(['newsletter-secret']);
  });
});
