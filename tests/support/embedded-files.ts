import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll } from 'vitest';
import { DATABASE_FILE, EmbeddedStore } from '../../src/server/store/embedded.ts';

// The embedded store's data files as the store tests handle them: temporary directories, a raw
// client beside the store, and a file as an earlier version of the store left it.

/** A maker of temporary data directories, all removed after the test file. */
export function tempDataDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** Another client on the same file, for what the store does not offer (clearing, seeding, SQL). */
export const rawClient = (dataDir: string): Client =>
  createClient({ url: `file:${path.join(dataDir, DATABASE_FILE)}` });

/**
 * A data file as an earlier version of the store left it: one contact lead stored, then `undo` run
 * (the migration under test taken back). Returns the raw client on it; the caller closes it.
 */
export async function fileFromBefore(dataDir: string, undo: string[]): Promise<Client> {
  const before = await EmbeddedStore.open(dataDir);
  await before.save(
    {
      form: 'contact',
      data: {
        name: 'Ada',
        email: 'ada@example.com',
        website: 'https://ada.example.com',
        service: 'content-strategy',
        message: 'Hello',
        lang: 'en',
      },
    },
    { source: 'test', submittedAt: new Date('2026-11-01T00:00:00Z') },
  );
  await before.close();
  const raw = rawClient(dataDir);
  await raw.batch(undo, 'write');
  return raw;
}
