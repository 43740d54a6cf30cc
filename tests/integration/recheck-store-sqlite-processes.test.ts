import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { MAX_RECHECKS_PER_EMAIL, type RecheckSubscription } from '../../src/server/store/recheck-types.ts';
import { fileFromBefore, rawClient, tempDataDirs } from '../support/embedded-files.ts';
import { MINUTE, DAY, T0, at, newId, LEASE, requestOf } from '../support/recheck-store.ts';
import { leadsCli } from '../support/leads-cli.ts';

// The re-check subscriptions in the embedded store (src/server/store/embedded-rechecks.ts) beyond
// the contract (recheck-store-sqlite-postgres.test.ts): a real second Node process on one DATA_DIR,
// an existing file gaining the table, and the operators' listing (npm run leads -- rechecks).

const tempDataDir = tempDataDirs('geo-rechecks-');

/**
 * Runs a store call again when the file's write lock stayed with the other process past the busy
 * timeout (500 ms, reached on a loaded machine), as the re-check worker does on its next tick and a
 * visitor after a 503: the production behaviour these tests exercise, not a retry of the test. The
 * store has already replaced the connection that met SQLITE_BUSY (decision 053), so the call runs
 * again at once, on the new one; the busy timeout inside SQLite is the only wait. Nothing else is
 * retried. Its source is also the other process's helper.
 */
async function whenFree<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const busy = error instanceof Error && /SQLITE_BUSY|database is locked/.test(error.message);
      if (!busy || attempt === 20) throw error;
    }
  }
}

/**
 * A second Node process on the same DATA_DIR: it opens the store, warms up, says `ready`, and starts
 * its part the moment a line arrives on its standard input, then prints what it got as JSON. `go()`
 * sends that line; this process starts its own part right after, so both run at once (a pipe's
 * latency apart, far less than one part lasts), with no clock to agree on.
 */
function otherProcess(dataDir: string, work: string) {
  const script = `
    const { EmbeddedStore } = await import(${JSON.stringify(path.resolve('src/server/store/embedded.ts'))});
    const { createInterface } = await import('node:readline');
    const store = await EmbeddedStore.open(process.env.DATA_DIR);
    const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    // Warmed up (a claim that finds nothing due), so its part starts at once.
    await store.rechecks.claimDue({ workerId: 'warm-up', now: new Date(0), leaseMs: 1, limit: 1 });
    process.stdout.write('ready\\n');
    await lines.next();
    const whenFree = ${whenFree.toString()};
    const result = await (async (rechecks) => { ${work} })(store.rechecks);
    await store.close();
    process.stdout.write(JSON.stringify(result) + '\\n');
    process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const output = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    /** Resolves once the other process is ready; then `go` starts it. */
    ready: async () => {
      const { value } = await output.next();
      expect(value).toBe('ready');
    },
    go: () => {
      child.stdin.write('go\n');
    },
    result: async <T>() => {
      const { value } = await output.next();
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      expect(child.exitCode).toBe(0);
      return JSON.parse(value as string) as T;
    },
  };
}

describe('embedded store: one DATA_DIR, several processes', () => {
  it('a real second process and this one, claiming at once, never lease the same subscription', async () => {
    const dataDir = tempDataDir();
    const here = await EmbeddedStore.open(dataDir);
    try {
      const all: string[] = [];
      for (let i = 0; i < 200; i++) {
        const s = (await here.rechecks.request(requestOf())).subscription!;
        await here.rechecks.confirm(s.id, T0, at(DAY - i));
        all.push(s.id);
      }
      const now = JSON.stringify(at(DAY).toISOString());
      const other = otherProcess(
        dataDir,
        `const got = [];
         for (;;) {
           const batch = await whenFree(() => rechecks.claimDue({ workerId: 'there', now: new Date(${now}), leaseMs: 600000, limit: 1 }));
           if (batch.length === 0) return got;
           got.push(...batch.map((s) => s.id));
         }`,
      );
      await other.ready();
      other.go();
      const mine: string[] = [];
      for (;;) {
        const batch = await whenFree(() =>
          here.rechecks.claimDue({ workerId: 'here', now: at(DAY), leaseMs: LEASE, limit: 1 }),
        );
        if (batch.length === 0) break;
        mine.push(...batch.map((s) => s.id));
      }
      const theirs = await other.result<string[]>();
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
      expect([...mine, ...theirs].sort()).toEqual(all.sort());
      const held = await here.rechecks.list();
      for (const s of held) expect(s.leasedBy).toBe(theirs.includes(s.id) ? 'there' : 'here');
    } finally {
      await here.close();
    }
  });

  it('a real second process and this one, asking for addresses of one email at once, keep the limit', async () => {
    const dataDir = tempDataDir();
    const here = await EmbeddedStore.open(dataDir);
    try {
      const email = 'Race@Example.com';
      const other = otherProcess(
        dataDir,
        `const outcomes = [];
         for (let i = 0; i < 4; i++) {
           const answer = await whenFree(() => rechecks.request({ id: ${JSON.stringify(newId().slice(0, 30))} + String(i).padStart(2, '0'),
             email: ${JSON.stringify(email.toLowerCase())}, address: 'https://there-' + i + '.example.com/', pages: 1,
             language: 'fr', reportId: ${JSON.stringify(newId())}, now: new Date() }));
           outcomes.push(answer.outcome);
         }
         return outcomes;`,
      );
      await other.ready();
      other.go();
      const mine = [];
      for (let i = 0; i < 4; i++)
        mine.push(
          (
            await whenFree(() =>
              here.rechecks.request(requestOf({ email, address: `https://here-${i}.example.com/` })),
            )
          ).outcome,
        );
      const theirs = await other.result<string[]>();
      const outcomes = [...mine, ...theirs];
      expect(outcomes.filter((o) => o === 'created')).toHaveLength(MAX_RECHECKS_PER_EMAIL);
      expect(outcomes.filter((o) => o === 'limit')).toHaveLength(8 - MAX_RECHECKS_PER_EMAIL);
      expect(await here.rechecks.list()).toHaveLength(MAX_RECHECKS_PER_EMAIL);
    } finally {
      await here.close();
    }
  });

  it('adds the table to a file made before it, once, keeping its leads and reports', async () => {
    const dataDir = tempDataDir();
    // The file as the previous version left it: no re-check subscriptions.
    const raw = await fileFromBefore(dataDir, [
      'DROP TABLE recheck_subscriptions',
      // Migration 10 adds a column to the table: a file from before 8 had neither.
      'DELETE FROM schema_migrations WHERE version IN (8, 10)',
    ]);
    const upgraded = await EmbeddedStore.open(dataDir);
    try {
      const s = (await upgraded.rechecks.request(requestOf())).subscription!;
      expect(await upgraded.rechecks.get(s.id)).toEqual(s);
      expect((await upgraded.list()).map((l) => l.email)).toEqual(['ada@example.com']);
      const versions = await raw.execute('SELECT version FROM schema_migrations WHERE version = 8');
      expect(versions.rows).toHaveLength(1);
      await (await EmbeddedStore.open(dataDir)).close();
      expect(await upgraded.rechecks.list()).toEqual([s]);
    } finally {
      raw.close();
      await upgraded.close();
    }
  });

  it('the table itself refuses a malformed id, and a second open subscription of an email and address', async () => {
    const dataDir = tempDataDir();
    await (await EmbeddedStore.open(dataDir)).close();
    const raw = rawClient(dataDir);
    try {
      const insert = (id: string, status = 'pending', emailKey = 'a@example.com') =>
        raw.execute({
          sql: `INSERT INTO recheck_subscriptions (id, email, email_key, address, pages, language, status, last_report_id, created_ms, unsubscribed_ms)
                VALUES (?, 'A@example.com', ?, 'https://example.com/', 1, 'en', ?, ?, 0, ?)`,
          args: [id, emailKey, status, newId(), status === 'unsubscribed' ? 1 : null],
        });
      for (const id of ['short', newId().toUpperCase(), `${newId().slice(1)}g`])
        await expect(insert(id), id).rejects.toThrow(/CHECK constraint failed/);
      await insert(newId());
      await expect(insert(newId())).rejects.toThrow(/UNIQUE constraint failed/);
      await insert(newId(), 'unsubscribed');
      // An active one must be due, a pending one may not be.
      await expect(
        raw.execute({
          sql: `INSERT INTO recheck_subscriptions (id, email, email_key, address, pages, language, status, last_report_id, created_ms)
                VALUES (?, 'b@example.com', 'b@example.com', 'https://example.com/', 1, 'en', 'active', ?, 0)`,
          args: [newId(), newId()],
        }),
      ).rejects.toThrow(/CHECK constraint failed/);
    } finally {
      raw.close();
    }
  });
});

describe('operators: npm run leads -- rechecks', () => {
  it('lists every subscription, newest first, one line each, never its id', async () => {
    const dataDir = tempDataDir();
    expect((await leadsCli(dataDir, 'rechecks')).stdout).toBe('pending: 0, active: 0, unsubscribed: 0\n');
    const store = await EmbeddedStore.open(dataDir);
    const made: RecheckSubscription[] = [];
    try {
      const r = store.rechecks;
      const pending = (
        await r.request(
          requestOf({
            email: 'Ada@Example.com',
            address: 'https://ada.example.com/',
            language: 'fr',
            now: at(3 * MINUTE),
          }),
        )
      ).subscription!;
      const on = (
        await r.request(
          requestOf({
            email: 'bob@example.com',
            address: 'https://bob.example.com/pricing',
            now: at(2 * MINUTE),
          }),
        )
      ).subscription!;
      await r.confirm(on.id, at(2 * MINUTE + 1000), at(30 * DAY));
      await r.claimDue({ workerId: 'w', now: at(30 * DAY), leaseMs: LEASE, limit: 1 });
      await r.complete(on.id, 'w', {
        reportId: newId(),
        at: at(30 * DAY + MINUTE),
        nextCheckAt: at(60 * DAY),
      });
      const ended = (
        await r.request(
          requestOf({ email: 'cy@example.com', address: 'https://cy.example.com/', now: at(MINUTE) }),
        )
      ).subscription!;
      await r.unsubscribe(ended.id, at(MINUTE + 1000));
      // What a visitor typed reaches no terminal as a control sequence.
      const hostile = (
        await r.request(
          requestOf({
            email: 'x\u001b[31m@example.com',
            address: 'https://x.example.com/\u0007',
            now: at(0),
          }),
        )
      ).subscription!;
      made.push(pending, on, ended, hostile);
    } finally {
      await store.close();
    }
    const { stdout } = await leadsCli(dataDir, 'rechecks');
    expect(stdout.split('\n')).toEqual([
      'pending: 2, active: 1, unsubscribed: 1',
      'status\temail\taddress\tlanguage\tcreated\tconfirmed\tnext check\tlast check',
      'pending\tAda@Example.com\thttps://ada.example.com/\tfr\t2027-03-01T08:03:00.000Z\t-\t-\t-',
      'active\tbob@example.com\thttps://bob.example.com/pricing\ten\t2027-03-01T08:02:00.000Z\t2027-03-01T08:02:01.000Z\t2027-04-30T08:00:00.000Z\t2027-03-31T08:01:00.000Z',
      'unsubscribed\tcy@example.com\thttps://cy.example.com/\ten\t2027-03-01T08:01:00.000Z\t-\t-\t-',
      'pending\tx?[31m@example.com\thttps://x.example.com/?\ten\t2027-03-01T08:00:00.000Z\t-\t-\t-',
      '',
    ]);
    for (const s of made) {
      expect(stdout).not.toContain(s.id);
      expect(stdout).not.toContain(s.lastReportId);
    }
    expect(stdout.replace(/[\t\n]/g, '')).not.toMatch(/\p{Cc}/u);
  });

  it('is in the usage text', async () => {
    await expect(leadsCli(tempDataDir(), 'rechecks', 'extra')).rejects.toMatchObject({
      stderr: expect.stringContaining('npm run leads -- rechecks'),
    });
  });
});
