import { createClient } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedClient } from '../../src/server/store/embedded-client.ts';

// The embedded store's client after another connection held the file's write lock past the busy
// timeout (src/server/store/embedded-client.ts): what comes after is committed, for every kind of
// call the store makes. With libsql's own client, the single statements below are seen only by the
// connection that ran them and the batch fails at its COMMIT.

async function lockedFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'geo-client-')), 'db.sqlite');
  const setup = createClient({ url: `file:${file}` });
  await setup.execute('PRAGMA journal_mode = WAL');
  await setup.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, owner TEXT)');
  await setup.batch(
    [1, 2, 3].map((id) => ({ sql: 'INSERT INTO t (id) VALUES (?)', args: [id] })),
    'write',
  );
  setup.close();
  const reopened: number[] = [];
  const client = await embeddedClient(file, 50, () => reopened.push(1));
  /** Another connection takes the write lock, the call meets it, the lock goes. */
  const meetLock = async (call: () => Promise<unknown>) => {
    const other = createClient({ url: `file:${file}` });
    const lock = await other.transaction('write');
    await lock.execute("UPDATE t SET owner = 'other' WHERE id = 3");
    await expect(call()).rejects.toThrow(/SQLITE_BUSY/);
    await lock.rollback();
    other.close();
  };
  /** What another connection reads: committed rows only. */
  const committed = async () => {
    const reader = createClient({ url: `file:${file}` });
    const rows = (await reader.execute('SELECT id, owner FROM t ORDER BY id')).rows.map((r) => [
      Number(r.id),
      r.owner,
    ]);
    reader.close();
    return rows;
  };
  return { client, meetLock, committed, reopened };
}

const claim = (owner: string) => ({
  sql: `UPDATE t SET owner = ? WHERE id IN (SELECT id FROM t WHERE owner IS NULL ORDER BY id LIMIT 1)
        RETURNING id`,
  args: [owner],
});

describe('the embedded store client after SQLITE_BUSY', () => {
  it('commits the statements that follow a busy one (UPDATE … RETURNING, a plain UPDATE)', async () => {
    const { client, meetLock, committed, reopened } = await lockedFile();
    await meetLock(() => client.execute(claim('first')));
    expect((await client.execute(claim('second'))).rows.map((r) => Number(r.id))).toEqual([1]);
    await client.execute("UPDATE t SET owner = 'third' WHERE id = 2");
    expect(await committed()).toEqual([
      [1, 'second'],
      [2, 'third'],
      [3, null],
    ]);
    expect(reopened).toHaveLength(1);
    client.close();
  });

  it('commits the batch that follows a busy one', async () => {
    const { client, meetLock, committed } = await lockedFile();
    await meetLock(() => client.batch([claim('first')], 'write'));
    await client.batch([claim('second'), claim('second')], 'write');
    expect(await committed()).toEqual([
      [1, 'second'],
      [2, 'second'],
      [3, null],
    ]);
    client.close();
  });
});
