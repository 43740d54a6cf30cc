import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { recheckMailPayload } from '../../src/server/recheck-job.ts';
import { MIGRATIONS } from '../../src/server/store/embedded-migrations.ts';
import { openStore } from '../../src/server/store/index.ts';
import { newReportId } from '../../src/server/store/report-types.ts';
import {
  DELIVERY_CHANNELS,
  StoreUnavailableError,
  type Delivery,
  type DeliveryChannel,
  type LeadStore,
  type Outbox,
} from '../../src/server/store/types.ts';
import { fileFromBefore, tempDataDirs } from '../support/embedded-files.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// The monthly re-check's mail in both stores (decision 032): a request is a lead of form type
// 'recheck' whose visitor email is the opt-in, and a completed re-check enqueues the month's email in
// the lead outbox in the completion's own transaction, attached to that lead. The embedded file gets
// the form and kinds from its migration 9, Supabase from 20261231000000_recheck_mail.sql (on the
// run's PostgreSQL server, behind the PostgREST stand-in, through the store the server opens).

const T0 = new Date('2027-03-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const LEASE = 10 * 60 * 1000;
const ALL: DeliveryChannel[] = [...DELIVERY_CHANNELS];

let n = 0;

/** An active subscription due at T0 + 30 days, and (unless `lead` is false) the lead that asked for it. */
async function subscribed(store: LeadStore, lead = true) {
  const email = `Person-${++n}@Example.com`;
  const address = `https://site-${n}.example.com/`;
  const reportId = newReportId();
  const { subscription } = await store.rechecks!.request({
    id: newReportId(),
    email,
    address,
    pages: 1,
    language: 'fr',
    reportId,
    now: T0,
  });
  if (lead) {
    const saved = await store.save(
      {
        form: 'recheck',
        data: {
          email,
          report: reportId,
          lang: 'fr',
          website: address,
          reportUrl: `https://geo.example/fr/tools/report/${reportId}`,
          recheckId: subscription!.id,
        },
      },
      { source: 'test', submittedAt: T0 },
    );
    expect(saved).toBe('stored');
  }
  expect(await store.rechecks!.confirm(subscription!.id, T0, new Date(T0.getTime() + 30 * DAY))).toBe(
    'confirmed',
  );
  return (await store.rechecks!.get(subscription!.id))!;
}

/** Leases the one subscription due at `due` to the job `job`, and a month's email payload for it. */
async function leaseDue(store: LeadStore, due: Date) {
  const [leased] = await store.rechecks!.claimDue({ workerId: 'job', now: due, leaseMs: LEASE, limit: 1 });
  const payload = recheckMailPayload(leased!, { reportId: newReportId(), checkedAt: due, nextCheckAt: due });
  return { leased: leased!, payload };
}

/** Sends every due delivery, as the delivery worker would: leased, then recorded as delivered. */
async function claimAll(outbox: Outbox, now: Date) {
  const due = await outbox.claim({ workerId: 'mail-test', now, leaseMs: LEASE, limit: 100, channels: ALL });
  for (const delivery of due) expect(await outbox.complete(delivery.id, 'mail-test', now)).toBe(true);
  return due;
}

/**
 * `open` gives a store on fresh data; `another` a second one (another server) on the data of the
 * store `open` gave last.
 */
function recheckMailContract(
  name: string,
  open: (channels: DeliveryChannel[]) => Promise<LeadStore>,
  another: () => Promise<LeadStore>,
) {
  describe(`${name}: a re-check's mail`, () => {
    // A store of its own for each test: only that test's subscriptions are due, its deliveries listed.
    let store: LeadStore;
    beforeEach(async () => {
      store = await open(ALL);
    });
    afterEach(() => store.close());

    it('a request is a lead whose visitor email is the opt-in, beside the team email and the webhook', async () => {
      const subscription = await subscribed(store);
      const mine = (await claimAll(store.outbox!, new Date(T0.getTime() + 1000))).filter(
        (d) => d.payload.lead.email === subscription.email,
      );
      expect(mine.map((d) => [d.channel, d.kind, d.recipient]).sort()).toEqual([
        ['team-email', 'team-email', null],
        ['visitor-email', 'recheck-optin', subscription.email],
        ['webhook', 'webhook', null],
      ]);
      expect(mine[0]!.payload).toMatchObject({
        form: 'recheck',
        language: 'fr',
        lead: { lead_data: { form_type: 'recheck', recheck_id: subscription.id } },
      });
    });

    it('a repeat for the same subscription within ten minutes is one lead; a new subscription is another, and emailed', async () => {
      const email = `Twice-${++n}@Example.com`;
      const ask = (report: string, recheckId: string, address = email) => ({
        email: address,
        report,
        lang: 'en' as const,
        website: 'https://twice.example/',
        reportUrl: `https://geo.example/en/tools/report/${report}`,
        recheckId,
      });
      const at = (minutes: number) => ({
        source: 'test',
        submittedAt: new Date(T0.getTime() + minutes * 60_000),
      });
      const first = newReportId();
      const other = newReportId();
      const [subscription, otherSubscription, renewed] = [newReportId(), newReportId(), newReportId()];
      expect(await store.save({ form: 'recheck', data: ask(first, subscription) }, at(0))).toBe('stored');
      expect(
        await store.save({ form: 'recheck', data: ask(first, subscription, email.toLowerCase()) }, at(5)),
      ).toBe('duplicate');
      // Another server on the same data: the store's own rule folds it (SQLite's INSERT … WHERE NOT
      // EXISTS; Supabase's leads_fold_recent_duplicate), whatever that server answers.
      const peer = await another();
      try {
        await peer.save({ form: 'recheck', data: ask(first, subscription) }, at(6));
      } finally {
        await peer.close();
      }
      expect(await store.save({ form: 'recheck', data: ask(other, otherSubscription) }, at(7))).toBe(
        'stored',
      );
      // The same report again after an unsubscribe is a new subscription: a new lead and its opt-in
      // (decision 050), not a repeat that sends nothing.
      expect(await store.save({ form: 'recheck', data: ask(first, renewed) }, at(8))).toBe('stored');
      const mine = (await claimAll(store.outbox!, at(9).submittedAt)).filter(
        (d) => String(d.payload.lead.email).toLowerCase() === email.toLowerCase(),
      );
      const subscriptionOf = (d: Delivery) => (d.payload.lead.lead_data as { recheck_id: string }).recheck_id;
      const all = [subscription, otherSubscription, renewed].sort();
      expect(
        mine
          .filter((d) => d.channel === 'team-email')
          .map(subscriptionOf)
          .sort(),
      ).toEqual(all);
      expect(
        mine
          .filter((d) => d.channel === 'visitor-email' && d.kind === 'recheck-optin')
          .map(subscriptionOf)
          .sort(),
      ).toEqual(all);
    });

    it('a completed re-check enqueues one email with the payload given, attached to that lead', async () => {
      const subscription = await subscribed(store);
      const optin = (await claimAll(store.outbox!, new Date(T0.getTime() + 1000))).find(
        (d) => d.kind === 'recheck-optin' && d.recipient === subscription.email,
      )!;
      const due = new Date(T0.getTime() + 31 * DAY);
      const [leased] = await store.rechecks!.claimDue({
        workerId: 'job',
        now: due,
        leaseMs: LEASE,
        limit: 1,
      });
      expect(leased!.id).toBe(subscription.id);
      const reportId = newReportId();
      const nextCheckAt = new Date(due.getTime() + 30 * DAY);
      const payload = recheckMailPayload(leased!, { reportId, checkedAt: due, nextCheckAt });
      expect(
        await store.rechecks!.complete(subscription.id, 'job', {
          reportId,
          at: due,
          nextCheckAt,
          mail: { payload },
        }),
      ).toBe(true);
      const mails = await claimAll(store.outbox!, due);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        channel: 'visitor-email',
        kind: 'recheck-report',
        recipient: subscription.email,
        leadId: optin.leadId,
        payload,
      });
      expect((await store.rechecks!.get(subscription.id))!.lastReportId).toBe(reportId);
    });

    it('a completion refused (its lease lost, or stopped meanwhile) enqueues nothing', async () => {
      const subscription = await subscribed(store);
      await claimAll(store.outbox!, new Date(T0.getTime() + 1000));
      const due = new Date(T0.getTime() + 31 * DAY);
      const { payload } = await leaseDue(store, due);
      const done = { reportId: newReportId(), at: due, nextCheckAt: due, mail: { payload } };
      expect(await store.rechecks!.complete(subscription.id, 'another-job', done)).toBe(false);
      expect(await store.rechecks!.unsubscribe(subscription.id, due)).toBe('unsubscribed');
      expect(await store.rechecks!.complete(subscription.id, 'job', done)).toBe(false);
      expect(await claimAll(store.outbox!, due)).toEqual([]);
    });

    it('without the subscription’s lead, the completion fails and changes nothing', async () => {
      const subscription = await subscribed(store, false);
      const due = new Date(T0.getTime() + 31 * DAY);
      const { leased, payload } = await leaseDue(store, due);
      await expect(
        store.rechecks!.complete(subscription.id, 'job', {
          reportId: newReportId(),
          at: due,
          nextCheckAt: new Date(due.getTime() + 30 * DAY),
          mail: { payload },
        }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(await store.rechecks!.get(subscription.id)).toEqual(leased);
      expect(await claimAll(store.outbox!, due)).toEqual([]);
    });

    it('with visitor emails off, a re-check completes and enqueues no email', async () => {
      const quiet = await open(['team-email']);
      try {
        const subscription = await subscribed(quiet);
        await claimAll(quiet.outbox!, new Date(T0.getTime() + 1000));
        const due = new Date(T0.getTime() + 62 * DAY);
        const { payload } = await leaseDue(quiet, due);
        const done = {
          reportId: newReportId(),
          at: due,
          nextCheckAt: new Date(due.getTime() + DAY),
          mail: { payload },
        };
        expect(await quiet.rechecks!.complete(subscription.id, 'job', done)).toBe(true);
        expect(await claimAll(quiet.outbox!, due)).toEqual([]);
      } finally {
        await quiet.close();
      }
    });
  });
}

const tempDataDir = tempDataDirs('geo-recheck-mail-');

describe('embedded store, migration 9', () => {
  it('upgrades a file in use: every lead, delivery, id and reference kept; re-check leads and emails accepted', async () => {
    const dataDir = tempDataDir();
    // The file as version 8 left it: one contact lead, and the tables as migration 7 built them
    // (version 12's column comes after 9's rebuild, as in a file upgraded in order).
    const raw = await fileFromBefore(dataDir, ['DELETE FROM schema_migrations WHERE version IN (9, 12)']);
    try {
      await raw.migrate(MIGRATIONS.find((m) => m.version === 7)!.statements);
      // A second lead deleted, so the id sequence is ahead of the highest id; deliveries of the first.
      await raw.execute(
        `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
         VALUES ('newsletter', 'gone@example.com', 'gone@example.com', 'en', 's', '{}', '{"form_type":"newsletter"}', 'x', 1)`,
      );
      await raw.execute("DELETE FROM leads WHERE email = 'gone@example.com'");
      for (const [id, channel, kind] of [
        ['old-team', 'team-email', 'team-email'],
        ['old-ack', 'visitor-email', 'contact-ack'],
      ] as const) {
        await raw.execute({
          sql: `INSERT INTO lead_deliveries (id, lead_id, channel, kind, recipient, recipient_key, payload, next_attempt_at, created_at, expired_leases)
                VALUES (?, 1, ?, ?, 'ada@example.com', 'ada@example.com', '{"form":"contact","language":"en","lead":{}}', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 1)`,
          args: [id, channel, kind],
        });
      }
      // That schema refuses a re-check lead and the re-check's emails.
      const insertLead = (form: string) =>
        raw.execute({
          sql: `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
                VALUES (?, 'r@example.com', 'r@example.com', 'en', 's', '{}', '{}', 'x', 1)`,
          args: [form],
        });
      const insertDelivery = (kind: string) =>
        raw.execute({
          sql: `INSERT INTO lead_deliveries (id, lead_id, channel, kind, payload, next_attempt_at, created_at)
                VALUES (?, 1, 'visitor-email', ?, '{}', 'x', 'x')`,
          args: [`try-${kind}`, kind],
        });
      await expect(insertLead('recheck')).rejects.toThrow(/CHECK/);
      for (const kind of ['recheck-optin', 'recheck-report'])
        await expect(insertDelivery(kind)).rejects.toThrow(/CHECK/);
      const leadsBefore = (await raw.execute('SELECT * FROM leads ORDER BY id')).rows;
      const deliveriesBefore = (await raw.execute('SELECT * FROM lead_deliveries ORDER BY id')).rows;
      expect(leadsBefore).toHaveLength(1);

      const store = await openStore(loadConfig({ DATA_DIR: dataDir }), { channels: ALL });
      try {
        expect(
          (await raw.execute('SELECT version FROM schema_migrations WHERE version = 9')).rows,
        ).toHaveLength(1);
        expect((await raw.execute('SELECT * FROM leads ORDER BY id')).rows).toEqual(leadsBefore);
        // Version 12 (decision 067) gave each delivery its not-before time: its creation.
        const deliveriesAfter = (await raw.execute('SELECT * FROM lead_deliveries ORDER BY id')).rows;
        for (const row of deliveriesAfter) expect(row.not_before).toBe(row.created_at);
        expect(deliveriesAfter.map(({ not_before: _, ...row }) => row)).toEqual(
          deliveriesBefore.map((row) => ({ ...row })),
        );
        expect((await raw.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
        const names = (await raw.execute('SELECT name FROM sqlite_master')).rows.map((r) => r.name);
        for (const index of [
          'leads_dedupe',
          'leads_created',
          'leads_submission',
          'lead_deliveries_due',
          'lead_deliveries_lead',
          'lead_deliveries_visitor',
        ])
          expect(names).toContain(index);
        expect(names.filter((name) => String(name).endsWith('_next'))).toEqual([]);

        // A re-check lead now, with its opt-in; its id follows the deleted lead's, never reuses it.
        const subscription = await subscribed(store);
        const [lead] = (
          await raw.execute({
            sql: 'SELECT id, form_type FROM leads WHERE email = ?',
            args: [subscription.email],
          })
        ).rows;
        expect(lead).toMatchObject({ id: 3, form_type: 'recheck' });
        expect(
          (await raw.execute('SELECT kind FROM lead_deliveries WHERE lead_id = 3 ORDER BY kind')).rows.map(
            (r) => r.kind,
          ),
        ).toEqual(['recheck-optin', 'team-email', 'webhook']);
        await insertDelivery('recheck-report');
        // The old rows still lease; other values and orphans are still refused.
        const claimed = await store.outbox!.claim({
          workerId: 'w',
          now: T0,
          leaseMs: LEASE,
          limit: 10,
          channels: ALL,
        });
        expect(claimed.map((d) => d.id)).toEqual(expect.arrayContaining(['old-team', 'old-ack']));
        await expect(insertLead('other')).rejects.toThrow(/CHECK/);
        await expect(insertDelivery('other')).rejects.toThrow(/CHECK/);
        await expect(
          raw.execute(
            `INSERT INTO lead_deliveries (id, lead_id, channel, kind, payload, next_attempt_at, created_at)
             VALUES ('orphan', 99, 'webhook', 'webhook', '{}', 'x', 'x')`,
          ),
        ).rejects.toThrow(/FOREIGN KEY/);
      } finally {
        await store.close();
      }
    } finally {
      raw.close();
    }
  });
});

let embeddedDir = '';
recheckMailContract(
  'embedded store',
  (channels) => {
    embeddedDir = tempDataDir();
    return openStore(loadConfig({ DATA_DIR: embeddedDir }), { channels });
  },
  () => openStore(loadConfig({ DATA_DIR: embeddedDir }), { channels: ALL }),
);

const supabase = supabaseOnPostgrest();

const supabaseStore = (channels: DeliveryChannel[]) =>
  openStore(
    loadConfig({
      SUPABASE_URL: supabase.postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      DATA_DIR: tempDataDir(),
    }),
    { channels, supabaseServiceRoleKey: SERVICE_KEY },
  );

recheckMailContract(
  'Supabase store',
  async (channels) => {
    await supabase.db.exec(
      'delete from public.lead_deliveries; delete from public.leads; delete from public.recheck_subscriptions;',
    );
    const store = await supabaseStore(channels);
    // The database learns the channels with the outbox's first lease.
    await store.outbox!.claim({ workerId: 'warm-up', now: new Date(0), leaseMs: 1, limit: 0, channels });
    return store;
  },
  () => supabaseStore(ALL),
);
