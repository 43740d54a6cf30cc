import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { openStore } from '../../src/server/store/index.ts';
import {
  MAX_RECHECKS_PER_EMAIL,
  type RecheckStore,
  type RecheckSubscription,
} from '../../src/server/store/recheck-types.ts';
import { SupabaseRechecks } from '../../src/server/store/supabase-rechecks.ts';
import { StoreUnavailableError } from '../../src/server/store/types.ts';
import { fileFromBefore, rawClient, tempDataDirs } from '../support/embedded-files.ts';
import { ANON_KEY, SERVICE_KEY, startPostgrest } from '../fixtures/postgrest-pglite.ts';
import { supabaseSchema } from '../support/supabase-schema.ts';

// The storage of monthly re-check subscriptions (issue 23), from its contract
// (src/server/store/recheck-types.ts): one suite run against the embedded store (SQLite in a
// temporary DATA_DIR) and against Supabase (the migrations on PGlite behind the PostgREST stand-in,
// through the service_role key), each with a second store on the same data for what two processes do
// at once. Then what only one of them shows: a real second Node process on one DATA_DIR, an existing
// file gaining the table, the operators' listing, and the Supabase table closed to the public keys.

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const T0 = new Date('2027-03-01T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const newId = () => randomBytes(16).toString('hex');
const LEASE = 10 * MINUTE;

let n = 0;
/** A fresh email and address per use: tests never depend on each other's rows. */
const freshEmail = () => `person-${++n}@example.com`;
const freshAddress = () => `https://site-${++n}.example.com/`;

type RequestInput = Parameters<RecheckStore['request']>[0];
const requestOf = (fields: Partial<RequestInput> = {}): RequestInput => ({
  id: newId(),
  email: freshEmail(),
  address: freshAddress(),
  pages: 1,
  language: 'en',
  reportId: newId(),
  now: T0,
  ...fields,
});

interface Backend {
  store: RecheckStore;
  /** Another store on the same data (another process's, or another replica's). */
  second: RecheckStore;
  clear(): Promise<void>;
  close(): Promise<void>;
}

function recheckStoreContract(name: string, open: () => Promise<Backend>) {
  describe(`${name}: the RecheckStore contract`, () => {
    let backend: Backend;
    let store: RecheckStore;
    beforeAll(async () => {
      backend = await open();
      store = backend.store;
    });
    afterAll(() => backend.close());
    beforeEach(() => backend.clear());

    const created = async (fields: Partial<RequestInput> = {}) => {
      const answer = await store.request(requestOf(fields));
      expect(answer.outcome).toBe('created');
      return answer.subscription!;
    };
    /** An active subscription, first due at `due`. */
    const active = async (due: Date, fields: Partial<RequestInput> = {}) => {
      const s = await created(fields);
      expect(await store.confirm(s.id, T0, due)).toBe('confirmed');
      return (await store.get(s.id))!;
    };
    const claim = (workerId: string, now: Date, limit = 10, on = store) =>
      on.claimDue({ workerId, now, leaseMs: LEASE, limit });
    const ids = (list: RecheckSubscription[]) => list.map((s) => s.id);

    it('a request is a pending subscription, kept as given', async () => {
      const input = requestOf({
        email: 'Ada.Lovelace@Example.COM',
        address: 'https://exemple.fr/café',
        pages: 25,
        language: 'fr',
        now: new Date('2027-03-01T08:00:00.123Z'),
      });
      const answer = await store.request(input);
      const expected: RecheckSubscription = {
        id: input.id,
        email: input.email,
        address: input.address,
        pages: 25,
        language: 'fr',
        status: 'pending',
        lastReportId: input.reportId,
        createdAt: input.now,
        confirmedAt: null,
        unsubscribedAt: null,
        nextCheckAt: null,
        lastCheckedAt: null,
        leaseUntil: null,
        leasedBy: null,
      };
      expect(answer).toEqual({ outcome: 'created', subscription: expected });
      expect(await store.get(input.id)).toEqual(expected);
      expect(await store.list()).toEqual([expected]);
    });

    it('the same email, in any case, and address is the subscription it already has, unchanged', async () => {
      const first = await created({ email: 'Ada@Example.com', language: 'en', pages: 1 });
      for (const email of ['ada@example.com', 'ADA@EXAMPLE.COM', 'Ada@Example.com']) {
        const again = await store.request(
          requestOf({ email, address: first.address, language: 'fr', pages: 10, now: at(DAY) }),
        );
        expect(again).toEqual({ outcome: 'exists', subscription: first });
      }
      // Confirmed, it is still the one there is.
      await store.confirm(first.id, at(1), at(DAY));
      const confirmed = await store.get(first.id);
      expect(await store.request(requestOf({ email: 'ADA@example.com', address: first.address }))).toEqual({
        outcome: 'exists',
        subscription: confirmed,
      });
      // Another email for the same address is another subscription.
      expect((await store.request(requestOf({ address: first.address }))).outcome).toBe('created');
      expect(await store.list()).toHaveLength(2);
    });

    it(`a ${MAX_RECHECKS_PER_EMAIL + 1}th address is refused and nothing is stored; pending and active both count`, async () => {
      const email = freshEmail();
      const three = [];
      for (let i = 0; i < MAX_RECHECKS_PER_EMAIL; i++) three.push(await created({ email }));
      await store.confirm(three[0]!.id, T0, at(DAY));
      const fourth = requestOf({ email: email.toUpperCase() });
      expect(await store.request(fourth)).toEqual({ outcome: 'limit' });
      expect(await store.get(fourth.id)).toBeUndefined();
      expect(await store.list()).toHaveLength(MAX_RECHECKS_PER_EMAIL);
      // One it already has is still found at the limit ('exists' comes first).
      expect((await store.request(requestOf({ email, address: three[2]!.address }))).outcome).toBe('exists');
      // Other emails are not limited by it.
      expect((await store.request(requestOf({ address: fourth.address }))).outcome).toBe('created');
    });

    it('an unsubscribed one does not count, and asking again for its address makes a new one', async () => {
      const email = freshEmail();
      const [a, b, c] = [await created({ email }), await created({ email }), await created({ email })];
      expect(await store.unsubscribe(c!.id, at(1))).toBe('unsubscribed');
      const d = await created({ email });
      // Three open again: C's address is a fourth.
      expect(await store.request(requestOf({ email, address: c!.address }))).toEqual({ outcome: 'limit' });
      expect(await store.unsubscribe(d.id, at(2))).toBe('unsubscribed');
      const again = await store.request(requestOf({ email, address: c!.address, now: at(3) }));
      expect(again.outcome).toBe('created');
      expect(again.subscription!.id).not.toBe(c!.id);
      expect(again.subscription!.status).toBe('pending');
      expect((await store.get(c!.id))!.status).toBe('unsubscribed');
      expect(ids(await store.list())).toEqual(
        expect.arrayContaining([a!.id, b!.id, c!.id, d.id, again.subscription!.id]),
      );
    });

    it('confirm: pending to active, due at firstCheckAt; then already; after an unsubscribe, unsubscribed', async () => {
      const s = await created();
      expect(await store.confirm(s.id, at(MINUTE), at(30 * DAY))).toBe('confirmed');
      const confirmed = await store.get(s.id);
      expect(confirmed).toEqual({
        ...s,
        status: 'active',
        confirmedAt: at(MINUTE),
        nextCheckAt: at(30 * DAY),
      });
      // The link followed again changes nothing.
      expect(await store.confirm(s.id, at(2 * MINUTE), at(60 * DAY))).toBe('already');
      expect(await store.get(s.id)).toEqual(confirmed);
      expect(await store.unsubscribe(s.id, at(3 * MINUTE))).toBe('unsubscribed');
      expect(await store.confirm(s.id, at(4 * MINUTE), at(60 * DAY))).toBe('unsubscribed');
      // Unsubscribed before it was ever confirmed: the confirm link no longer works either.
      const never = await created();
      await store.unsubscribe(never.id, at(1));
      expect(await store.confirm(never.id, at(2), at(DAY))).toBe('unsubscribed');
      expect((await store.get(never.id))!).toMatchObject({ status: 'unsubscribed', confirmedAt: null });
      expect(await store.confirm(newId(), T0, at(DAY))).toBe('unknown');
      for (const id of [s.id.toUpperCase(), s.id.slice(1), '', "' or 1=1 --"])
        expect(await store.confirm(id, T0, at(DAY)), id).toBe('unknown');
    });

    it('unsubscribe: unsubscribed, then already; unknown ids are unknown', async () => {
      const pending = await created();
      const on = await active(at(DAY));
      expect(await store.unsubscribe(pending.id, at(MINUTE))).toBe('unsubscribed');
      expect(await store.unsubscribe(on.id, at(MINUTE))).toBe('unsubscribed');
      expect(await store.get(on.id)).toEqual({
        ...on,
        status: 'unsubscribed',
        unsubscribedAt: at(MINUTE),
        nextCheckAt: null,
      });
      expect(await store.unsubscribe(on.id, at(2 * MINUTE))).toBe('already');
      expect((await store.get(on.id))!.unsubscribedAt).toEqual(at(MINUTE));
      expect(await store.unsubscribe(newId(), T0)).toBe('unknown');
      expect(await store.unsubscribe(on.id.toUpperCase(), T0)).toBe('unknown');
      expect(await store.get(on.id.toUpperCase())).toBeUndefined();
      expect(await store.get('')).toBeUndefined();
    });

    it('claimDue leases only active subscriptions that are due, earliest first, within the limit', async () => {
      await created(); // pending
      const later = await active(at(2 * DAY));
      const ended = await active(at(DAY));
      await store.unsubscribe(ended.id, T0);
      const due = [await active(at(DAY - 3)), await active(at(DAY - 1)), await active(at(DAY - 2))];
      const now = at(DAY);
      expect(await claim('w', now, 0)).toEqual([]);
      const first = await claim('w', now, 2);
      expect(ids(first)).toEqual([due[0]!.id, due[2]!.id]);
      for (const s of first) {
        expect(s.leasedBy).toBe('w');
        expect(s.leaseUntil).toEqual(new Date(now.getTime() + LEASE));
        expect(await store.get(s.id)).toEqual(s);
      }
      expect(ids(await claim('w', now, 2))).toEqual([due[1]!.id]);
      expect(await claim('w', now, 2)).toEqual([]);
      for (const s of due)
        await store.complete(s.id, 'w', { reportId: newId(), at: now, nextCheckAt: at(60 * DAY) });
      // Due exactly at its time, not before.
      expect(await claim('w', at(2 * DAY - 1))).toEqual([]);
      expect(ids(await claim('w', at(2 * DAY)))).toEqual([later.id]);
    });

    it('a lease keeps others away until it expires, then another worker takes it', async () => {
      const s = await active(at(DAY));
      const [leased] = await claim('a', at(DAY));
      expect(leased!.id).toBe(s.id);
      expect(await claim('b', at(DAY + LEASE - 1))).toEqual([]);
      expect(await claim('a', at(DAY + LEASE - 1))).toEqual([]);
      const [taken] = await claim('b', at(DAY + LEASE));
      expect(taken).toMatchObject({ id: s.id, leasedBy: 'b', leaseUntil: at(DAY + 2 * LEASE) });
      // The first holder lost it.
      expect(
        await store.complete(s.id, 'a', {
          reportId: newId(),
          at: at(DAY + LEASE),
          nextCheckAt: at(40 * DAY),
        }),
      ).toBe(false);
      expect(await store.release(s.id, 'a', at(2 * DAY))).toBe(false);
      expect((await store.get(s.id))!).toMatchObject({ leasedBy: 'b', nextCheckAt: at(DAY) });
    });

    it('complete by the holder records the re-check and ends the lease; by anyone else, nothing', async () => {
      const s = await active(at(DAY));
      await claim('w', at(DAY));
      const report = newId();
      const done = { reportId: report, at: at(DAY + MINUTE), nextCheckAt: at(31 * DAY) };
      expect(await store.complete(s.id, 'other', done)).toBe(false);
      expect(await store.complete(newId(), 'w', done)).toBe(false);
      expect(await store.complete('not-an-id', 'w', done)).toBe(false);
      expect((await store.get(s.id))!.lastReportId).toBe(s.lastReportId);
      expect(await store.complete(s.id, 'w', done)).toBe(true);
      expect(await store.get(s.id)).toEqual({
        ...s,
        lastReportId: report,
        lastCheckedAt: at(DAY + MINUTE),
        nextCheckAt: at(31 * DAY),
        leaseUntil: null,
        leasedBy: null,
      });
      // Done once: no longer held, not due before its next time.
      expect(await store.complete(s.id, 'w', done)).toBe(false);
      expect(await claim('w', at(31 * DAY - 1))).toEqual([]);
      expect(ids(await claim('w', at(31 * DAY)))).toEqual([s.id]);
    });

    it('a holder whose lease expired but was not taken still completes (as in the outbox)', async () => {
      const s = await active(at(DAY));
      await claim('w', at(DAY));
      const done = { reportId: newId(), at: at(DAY + 2 * LEASE), nextCheckAt: at(31 * DAY) };
      expect(await store.complete(s.id, 'w', done)).toBe(true);
    });

    it('an unsubscribe during a lease: complete and release fail, and it is no longer due', async () => {
      const s = await active(at(DAY));
      await claim('w', at(DAY));
      expect(await store.unsubscribe(s.id, at(DAY + MINUTE))).toBe('unsubscribed');
      expect(
        await store.complete(s.id, 'w', {
          reportId: newId(),
          at: at(DAY + 2 * MINUTE),
          nextCheckAt: at(31 * DAY),
        }),
      ).toBe(false);
      expect(await store.release(s.id, 'w', at(DAY + 3 * MINUTE))).toBe(false);
      expect(await store.get(s.id)).toMatchObject({
        status: 'unsubscribed',
        lastReportId: s.lastReportId,
        lastCheckedAt: null,
        nextCheckAt: null,
        leaseUntil: null,
        leasedBy: null,
      });
      expect(await claim('w', at(365 * DAY))).toEqual([]);
    });

    it('release puts it back, due at the retry time; only its holder may', async () => {
      const s = await active(at(DAY));
      await claim('w', at(DAY));
      expect(await store.release(s.id, 'other', at(DAY + 5 * MINUTE))).toBe(false);
      expect(await store.release(s.id, 'w', at(DAY + 60 * MINUTE))).toBe(true);
      expect(await store.get(s.id)).toEqual({
        ...s,
        nextCheckAt: at(DAY + 60 * MINUTE),
        leaseUntil: null,
        leasedBy: null,
      });
      expect(await store.release(s.id, 'w', at(DAY + 60 * MINUTE))).toBe(false);
      expect(await claim('x', at(DAY + 60 * MINUTE - 1))).toEqual([]);
      expect(ids(await claim('x', at(DAY + 60 * MINUTE)))).toEqual([s.id]);
    });

    it('two stores claiming at once never get the same subscription', async () => {
      const all = [];
      for (let i = 0; i < 24; i++) all.push(await active(at(DAY - i)));
      const rounds = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          claim(`worker-${i}`, at(DAY), 3, i % 2 === 0 ? store : backend.second),
        ),
      );
      const claimed = rounds.flatMap(ids);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual(ids(all).sort());
    });

    it('simultaneous requests of one email for more addresses never store more than the limit', async () => {
      for (let round = 0; round < 3; round++) {
        const email = freshEmail();
        const answers = await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            (i % 2 === 0 ? store : backend.second).request(
              requestOf({ email: i === 3 ? email.toUpperCase() : email }),
            ),
          ),
        );
        const outcomes = answers.map((a) => a.outcome).sort();
        expect(outcomes).toEqual(['created', 'created', 'created', 'limit']);
        // The same address asked for twice at once is stored once.
        const address = freshAddress();
        const twice = await Promise.all(
          [store, backend.second].map((on) => on.request(requestOf({ email: freshEmail(), address }))),
        );
        expect(twice.map((a) => a.outcome)).toEqual(['created', 'created']);
        const same = requestOf({ email: `same-${round}@example.com`, address });
        const both = await Promise.all(
          [store, backend.second].map((on) => on.request({ ...same, id: newId() })),
        );
        expect(both.map((a) => a.outcome).sort()).toEqual(['created', 'exists']);
        expect(both[0]!.subscription!.id).toBe(both[1]!.subscription!.id);
      }
      const open = (await store.list()).filter((s) => s.status !== 'unsubscribed');
      const perEmail = new Map<string, number>();
      for (const s of open)
        perEmail.set(s.email.toLowerCase(), (perEmail.get(s.email.toLowerCase()) ?? 0) + 1);
      expect(Math.max(...perEmail.values())).toBe(MAX_RECHECKS_PER_EMAIL);
    });

    it('list: every subscription, newest first', async () => {
      const second = await created({ now: at(2 * MINUTE) });
      const first = await created({ now: at(MINUTE) });
      const third = await active(at(DAY), { now: at(3 * MINUTE) });
      await store.unsubscribe(first.id, at(4 * MINUTE));
      expect(ids(await store.list())).toEqual([third.id, second.id, first.id]);
      expect((await store.list()).map((s) => s.status)).toEqual(['active', 'pending', 'unsubscribed']);
    });

    it('purgeUnconfirmed deletes only pending subscriptions made before the time', async () => {
      const old = await created({ now: at(0) });
      const older = await created({ now: at(-DAY) });
      const recent = await created({ now: at(DAY) });
      const confirmed = await active(at(30 * DAY), { now: at(-DAY) });
      const ended = await created({ now: at(-DAY) });
      await store.unsubscribe(ended.id, at(0));
      expect(await store.purgeUnconfirmed(at(DAY))).toBe(2);
      expect(await store.purgeUnconfirmed(at(DAY))).toBe(0);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(older.id)).toBeUndefined();
      expect(ids(await store.list()).sort()).toEqual([recent.id, confirmed.id, ended.id].sort());
      // A purged one's confirm link is unknown; its address can be asked for again.
      expect(await store.confirm(old.id, at(DAY), at(31 * DAY))).toBe('unknown');
      expect((await store.request(requestOf({ email: old.email, address: old.address }))).outcome).toBe(
        'created',
      );
    });

    it('refuses what is no subscription, and invalid times, as a store failure', async () => {
      const bad: Partial<RequestInput>[] = [
        { id: 'short' },
        { id: newId().toUpperCase() },
        { reportId: 'not-a-report' },
        { email: 'no-at-sign.example.com' },
        { email: 'two@at@example.com' },
        { email: 'space in@example.com' },
        { email: `${'a'.repeat(250)}@example.com` },
        { address: '' },
        { address: `https://example.com/${'a'.repeat(2048)}` },
        { pages: 0 },
        { pages: 2.5 },
        { language: 'de' as 'en' },
        { now: new Date(NaN) },
      ];
      for (const fields of bad)
        await expect(store.request(requestOf(fields)), JSON.stringify(fields)).rejects.toBeInstanceOf(
          StoreUnavailableError,
        );
      expect(await store.list()).toEqual([]);
      // An id already used is never reused, even for another email and address.
      const s = await created();
      await expect(store.request(requestOf({ id: s.id }))).rejects.toBeInstanceOf(StoreUnavailableError);
      const invalid = new Date(NaN);
      await expect(store.confirm(s.id, invalid, at(DAY))).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.unsubscribe(s.id, invalid)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(
        store.claimDue({ workerId: 'w', now: invalid, leaseMs: LEASE, limit: 1 }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.purgeUnconfirmed(invalid)).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(await store.get(s.id)).toEqual(s);
    });
  });
}

// --- The embedded store -------------------------------------------------------------------------

const tempDataDir = tempDataDirs('geo-rechecks-');

recheckStoreContract('embedded store', async () => {
  const dataDir = tempDataDir();
  const [one, two] = [await EmbeddedStore.open(dataDir), await EmbeddedStore.open(dataDir)];
  const raw = rawClient(dataDir);
  return {
    store: one.rechecks,
    second: two.rechecks,
    clear: async () => void (await raw.execute('DELETE FROM recheck_subscriptions')),
    close: async () => {
      raw.close();
      await one.close();
      await two.close();
    },
  };
});

/**
 * A second Node process on the same DATA_DIR: it opens the store, says `ready`, is told on its
 * standard input when to start, then does its part and prints what it got as JSON. `go()` starts it
 * and resolves at the same instant, for this process to start its own part.
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
    const start = Number((await lines.next()).value);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now())));
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
    go: async () => {
      const start = Date.now() + 200;
      child.stdin.write(`${start}\n`);
      await new Promise((resolve) => setTimeout(resolve, start - Date.now()));
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
           const batch = await rechecks.claimDue({ workerId: 'there', now: new Date(${now}), leaseMs: 600000, limit: 1 });
           if (batch.length === 0) return got;
           got.push(...batch.map((s) => s.id));
         }`,
      );
      await other.ready();
      await other.go();
      const mine: string[] = [];
      for (;;) {
        const batch = await here.rechecks.claimDue({
          workerId: 'here',
          now: at(DAY),
          leaseMs: LEASE,
          limit: 1,
        });
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
           const answer = await rechecks.request({ id: ${JSON.stringify(newId().slice(0, 30))} + String(i).padStart(2, '0'),
             email: ${JSON.stringify(email.toLowerCase())}, address: 'https://there-' + i + '.example.com/', pages: 1,
             language: 'fr', reportId: ${JSON.stringify(newId())}, now: new Date() });
           outcomes.push(answer.outcome);
         }
         return outcomes;`,
      );
      await other.ready();
      await other.go();
      const mine = [];
      for (let i = 0; i < 4; i++)
        mine.push(
          (await here.rechecks.request(requestOf({ email, address: `https://here-${i}.example.com/` })))
            .outcome,
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
      'DELETE FROM schema_migrations WHERE version = 8',
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
  const run = promisify(execFile);
  const leadsCli = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '' },
    });

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

// --- Supabase ----------------------------------------------------------------------------------

let db: PGlite;
let postgrest: Awaited<ReturnType<typeof startPostgrest>>;
beforeAll(async () => {
  db = await supabaseSchema();
  postgrest = await startPostgrest(db);
});
afterAll(() => postgrest.close());

recheckStoreContract('Supabase store', async () => ({
  store: new SupabaseRechecks(postgrest.url, SERVICE_KEY),
  second: new SupabaseRechecks(postgrest.url, SERVICE_KEY),
  clear: async () => void (await db.exec('delete from public.recheck_subscriptions')),
  close: async () => {},
}));

const FUNCTIONS = [
  'request_recheck',
  'confirm_recheck',
  'unsubscribe_recheck',
  'get_recheck_subscription',
  'claim_due_rechecks',
  'complete_recheck',
  'release_recheck',
  'list_recheck_subscriptions',
  'purge_unconfirmed_rechecks',
];

describe('Supabase: the re-check subscriptions are the server’s only', () => {
  type Role = 'anon' | 'authenticated' | 'service_role';
  const as = <T>(role: Role, work: (tx: Transaction) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });

  it('the anon and authenticated roles can neither read, write nor call anything', async () => {
    const service = new SupabaseRechecks(postgrest.url, SERVICE_KEY);
    const s = (await service.request(requestOf())).subscription!;
    const id = `'${s.id}'`;
    for (const role of ['anon', 'authenticated'] as const) {
      for (const sql of [
        'select * from public.recheck_subscriptions',
        'select count(*) from public.recheck_subscriptions',
        `update public.recheck_subscriptions set status = 'unsubscribed'`,
        'delete from public.recheck_subscriptions',
        `insert into public.recheck_subscriptions (id, email, address, pages, language, status, last_report_id, created_at)
         values ('${newId()}', 'a@example.com', 'https://example.com/', 1, 'en', 'pending', '${newId()}', now())`,
        `select public.request_recheck('${newId()}', 'a@example.com', 'https://example.com/', 1, 'en', '${newId()}', now())`,
        `select public.confirm_recheck(${id}, now(), now())`,
        `select public.unsubscribe_recheck(${id}, now())`,
        `select * from public.get_recheck_subscription(${id})`,
        `select * from public.claim_due_rechecks('w', now() + interval '10 years', 60000, 10)`,
        `select public.complete_recheck(${id}, 'w', '${newId()}', now(), now())`,
        `select public.release_recheck(${id}, 'w', now())`,
        'select * from public.list_recheck_subscriptions()',
        `select public.purge_unconfirmed_rechecks(now() + interval '10 years')`,
      ])
        await expect(
          as(role, (tx) => tx.query(sql)),
          `${role}: ${sql}`,
        ).rejects.toThrow(/permission denied/);
    }
    // Through the PostgREST stand-in with the public key: refused, and nothing changed.
    const withAnonKey = new SupabaseRechecks(postgrest.url, ANON_KEY);
    await expect(withAnonKey.get(s.id)).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.list()).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.request(requestOf())).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.unsubscribe(s.id, T0)).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.confirm(s.id, T0, at(DAY))).rejects.toThrow(/permission denied/);
    await expect(withAnonKey.purgeUnconfirmed(at(3650 * DAY))).rejects.toThrow(/permission denied/);
    expect(await service.get(s.id)).toEqual(s);
  });

  it('row-level security is on with no policy; grants to the service_role only; functions pinned and invoker', async () => {
    const table = await db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid = 'public.recheck_subscriptions'::regclass`,
    );
    expect(table.rows[0]!.relrowsecurity).toBe(true);
    const policies = await db.query(`select 1 from pg_policies where tablename = 'recheck_subscriptions'`);
    expect(policies.rows).toHaveLength(0);
    const privileges = await db.query<{ grantee: string; privilege_type: string }>(
      `select grantee, privilege_type from information_schema.role_table_grants
       where table_schema = 'public' and table_name = 'recheck_subscriptions'
         and grantee in ('anon', 'authenticated', 'service_role', 'PUBLIC')
       order by grantee, privilege_type`,
    );
    expect(privileges.rows).toEqual([
      { grantee: 'service_role', privilege_type: 'DELETE' },
      { grantee: 'service_role', privilege_type: 'INSERT' },
      { grantee: 'service_role', privilege_type: 'SELECT' },
      { grantee: 'service_role', privilege_type: 'UPDATE' },
    ]);
    for (const name of FUNCTIONS) {
      const fn = await db.query<{ proconfig: string[]; prosecdef: boolean; callers: string[] }>(
        `select p.proconfig, p.prosecdef,
                array(select r.rolname from pg_roles r
                      where r.rolname in ('anon', 'authenticated', 'service_role')
                        and has_function_privilege(r.oid, p.oid, 'execute') order by r.rolname) as callers
         from pg_proc p where p.proname = $1 and p.pronamespace = 'public'::regnamespace`,
        [name],
      );
      expect(fn.rows, name).toHaveLength(1);
      expect(fn.rows[0]!.proconfig, name).toContain('search_path=""');
      expect(fn.rows[0]!.prosecdef, name).toBe(false);
      expect(fn.rows[0]!.callers, name).toEqual(['service_role']);
    }
  });

  it('the table itself refuses a malformed id and a second open subscription of an email and address', async () => {
    const insert = (id: string, email = 'a@example.com', status = 'pending') =>
      as('service_role', (tx) =>
        tx.query(
          `insert into public.recheck_subscriptions (id, email, address, pages, language, status, last_report_id, created_at, unsubscribed_at)
           values ($1, $2, 'https://constraint.example.com/', 1, 'en', $3, $4, now(), case when $3 = 'unsubscribed' then now() end)`,
          [id, email, status, newId()],
        ),
      );
    for (const id of ['short', newId().toUpperCase(), `${newId().slice(1)}g`])
      await expect(insert(id), id).rejects.toThrow(/check constraint/);
    await insert(newId());
    await expect(insert(newId(), 'A@Example.com')).rejects.toThrow(/duplicate key/);
    await insert(newId(), 'A@Example.com', 'unsubscribed');
    await expect(insert(newId(), 'not an email')).rejects.toThrow(/check constraint/);
  });
});

describe('openStore', () => {
  const supabase = () =>
    loadConfig({ SUPABASE_URL: postgrest.url, SUPABASE_ANON_KEY: ANON_KEY, DATA_DIR: tempDataDir() });

  it('gives Supabase re-checks with the service_role key', async () => {
    const store = await openStore(supabase(), { supabaseServiceRoleKey: SERVICE_KEY });
    try {
      const s = (await store.rechecks!.request(requestOf())).subscription!;
      expect(await store.rechecks!.get(s.id)).toEqual(s);
    } finally {
      await store.close();
    }
  });

  it('gives Supabase no re-checks without it', async () => {
    const store = await openStore(supabase());
    expect(store.rechecks).toBeUndefined();
    await store.close();
  });

  it('always gives the embedded store re-checks', async () => {
    const store = await openStore(loadConfig({ DATA_DIR: tempDataDir() }));
    try {
      expect(store.rechecks).toBeDefined();
      expect(await store.rechecks!.list()).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
