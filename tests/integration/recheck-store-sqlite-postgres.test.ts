import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import {
  MAX_RECHECKS_PER_EMAIL,
  type RecheckStore,
  type RecheckSubscription,
} from '../../src/server/store/recheck-types.ts';
import { SupabaseRechecks } from '../../src/server/store/supabase-rechecks.ts';
import { StoreUnavailableError } from '../../src/server/store/types.ts';
import { rawClient, tempDataDirs } from '../support/embedded-files.ts';
import { SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';
import {
  MINUTE,
  DAY,
  T0,
  at,
  newId,
  LEASE,
  freshEmail,
  freshAddress,
  type RequestInput,
  requestOf,
} from '../support/recheck-store.ts';

// The storage of monthly re-check subscriptions (issue 23), from its contract
// (src/server/store/recheck-types.ts): one suite run against the embedded store (SQLite in a
// temporary DATA_DIR) and against Supabase (the migrations on a PostgreSQL server behind the
// PostgREST stand-in, through the service_role key), each with a second store on the same data for
// what two processes do at once. What only one of them shows is in recheck-store-sqlite-processes.test.ts (a real second Node
// process on one DATA_DIR, an existing file gaining the table, the operators' listing) and
// recheck-store-supabase.test.ts (the Supabase table closed to the public keys, openStore).

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

    it(`the limit counts the mailbox: ${MAX_RECHECKS_PER_EMAIL} spellings of one Gmail inbox, then refused`, async () => {
      const spellings = ['sam.r@gmail.com', 'SAMR+1@gmail.com', 's.a.m.r@googlemail.com', 'samr+4@gmail.com'];
      for (const email of spellings.slice(0, MAX_RECHECKS_PER_EMAIL)) await created({ email });
      expect(await store.request(requestOf({ email: spellings[3] }))).toEqual({ outcome: 'limit' });
      // Dots matter elsewhere: another provider's sam.r is not samr.
      expect((await store.request(requestOf({ email: 'samr@example.com' }))).outcome).toBe('created');
      expect((await store.request(requestOf({ email: 'sam.r@example.com' }))).outcome).toBe('created');
    });

    it('discard deletes a pending subscription only: its slot is free again', async () => {
      const email = freshEmail();
      const [a, b, c] = [await created({ email }), await created({ email }), await created({ email })];
      await store.confirm(a!.id, T0, at(DAY));
      expect(await store.discard(a!.id)).toBe(false);
      expect(await store.discard(c!.id)).toBe(true);
      expect(await store.discard(c!.id)).toBe(false);
      expect(await store.discard('not-an-id')).toBe(false);
      expect(await store.get(c!.id)).toBeUndefined();
      expect((await store.get(b!.id))!.status).toBe('pending');
      expect((await store.request(requestOf({ email }))).outcome).toBe('created');
    });

    it('a lease from a clock 31 days ahead holds nothing; one within the lease and a minute still holds', async () => {
      const s = await active(at(DAY));
      // A worker whose clock had jumped 31 days leases it, and crashes.
      const [jumped] = await claim('jumped', at(DAY + 31 * DAY));
      expect(jumped!.id).toBe(s.id);
      // The next claim on a sane clock takes it over at once.
      const [taken] = await claim('sane', at(DAY + MINUTE));
      expect(taken).toMatchObject({ id: s.id, leasedBy: 'sane', leaseUntil: at(DAY + MINUTE + LEASE) });
      // A clock less than a minute behind the holder's keeps its lease.
      expect(await claim('behind', at(DAY + MINUTE - 50_000))).toEqual([]);
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

// --- Supabase ----------------------------------------------------------------------------------

const pg = supabaseOnPostgrest();

recheckStoreContract('Supabase store', async () => ({
  store: new SupabaseRechecks(pg.postgrest.url, SERVICE_KEY),
  second: new SupabaseRechecks(pg.postgrest.url, SERVICE_KEY),
  clear: async () => void (await pg.db.exec('delete from public.recheck_subscriptions')),
  close: async () => {},
}));
