import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySender } from '../../src/server/delivery/channels/types.ts';
import { createDeliveryWorker } from '../../src/server/delivery/worker.ts';
import { SupabaseOutbox } from '../../src/server/store/supabase-outbox.ts';
import type { Delivery } from '../../src/server/store/types.ts';
import { SERVICE_KEY, startPostgrest } from '../fixtures/postgrest-stand-in.ts';
import { supabaseOnPostgres, type SqlEngine, type SqlTx } from '../support/postgres-database.ts';

// The outbox migration on the run's PostgreSQL server: deliveries are created in the lead's own
// transaction, only for the channels on, at most one visitor email per address per ten minutes;
// the anonymous role can neither read nor lease them; simultaneous leases never overlap (each claim
// on a connection of its own). Then the website's SupabaseOutbox client and worker drain it through
// the PostgREST stand-in.

type Role = 'anon' | 'authenticated' | 'service_role';
let db: SqlEngine;

beforeAll(async () => {
  db = await supabaseOnPostgres();
});
afterAll(() => db.close());

beforeEach(async () => {
  await db.exec(
    'delete from public.lead_deliveries; delete from public.leads; delete from public.lead_delivery_channels;',
  );
});

/** Work in one transaction as a role, on a connection of its own. */
function as<T>(role: Role, work: (tx: SqlTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    return work(tx);
  });
}

const UTM = JSON.stringify({
  utm_source: 'website',
  utm_medium: 'waitlist',
  utm_campaign: 'geo_waitlist_2025',
});

const waitlistRpc = (tx: SqlTx, email: string) =>
  tx.query<{ r: { success: boolean } }>(
    `select public.create_free_audit_from_form('Jane', $1, null, null, 'https://jane.example.com', 'fr', $2::jsonb, 'geo-website') as r`,
    [email, UTM],
  );

const insertLead = (tx: SqlTx, email: string, form: string, extra: Record<string, unknown> = {}) =>
  tx.query(
    `insert into public.leads (name, email, source, language, lead_data, utm_data, status) values ('Ada', $1, 's', 'en', $2::jsonb, '{}'::jsonb, 'new')`,
    [email, JSON.stringify({ form_type: form, ...extra })],
  );

const setChannels = (channels: string[]) =>
  as('service_role', (tx) => tx.query('select public.set_lead_delivery_channels($1::text[])', [channels]));

interface Row {
  id: string;
  lead_id: string;
  channel: string;
  kind: string;
  recipient: string | null;
  payload: { form: string; language: string; lead: Record<string, unknown> };
  status: string;
  attempts: number;
  leased_by: string | null;
}
const deliveries = async () =>
  (await db.query<Row>('select * from public.lead_deliveries order by created_at, channel')).rows;

describe('outbox migration', () => {
  it('creates no delivery while no channel is on', async () => {
    await as('anon', (tx) => insertLead(tx, 'quiet@example.com', 'contact'));
    expect(await deliveries()).toHaveLength(0);
  });

  it('fills the outbox in the transaction of the RPC that stores the lead', async () => {
    await setChannels(['team-email', 'webhook', 'visitor-email']);
    // Seen inside the RPC's transaction, then rolled back (by throwing out of it).
    let seenInside: string[] = [];
    const rolledBack = new Error('roll back');
    await expect(
      as('anon', async (tx) => {
        expect((await waitlistRpc(tx, 'Jane@Example.com')).rows[0]!.r.success).toBe(true);
        await tx.exec('reset role');
        const inside = (await tx.query<{ channel: string }>('select channel from public.lead_deliveries'))
          .rows;
        seenInside = inside.map((r) => r.channel).sort();
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(seenInside).toEqual(['team-email', 'visitor-email', 'webhook']);
    // Rolled back together.
    expect((await db.query('select 1 from public.leads')).rows).toHaveLength(0);
    expect(await deliveries()).toHaveLength(0);

    await as('anon', (tx) => waitlistRpc(tx, 'Jane@Example.com'));
    const rows = await deliveries();
    const lead = (await db.query<{ id: string }>('select id from public.leads')).rows[0]!;
    expect(rows.map((r) => [r.channel, r.kind, r.recipient, r.status, r.attempts]).sort()).toEqual([
      ['team-email', 'team-email', null, 'pending', 0],
      ['visitor-email', 'waitlist-confirmation', 'jane@example.com', 'pending', 0],
      ['webhook', 'webhook', null, 'pending', 0],
    ]);
    expect(rows.every((r) => r.lead_id === lead.id)).toBe(true);
    expect(rows[0]!.payload).toMatchObject({
      form: 'waitlist',
      language: 'fr',
      lead: {
        id: lead.id,
        email: 'jane@example.com',
        name: 'Jane',
        lead_data: { website: 'https://jane.example.com' },
      },
    });
  });

  it('stores neither the lead nor its deliveries when a delivery cannot be written', async () => {
    await setChannels(['team-email', 'visitor-email']);
    await db.exec(
      `alter table public.lead_deliveries add constraint refuse_for_test check (recipient is distinct from 'boom@example.com')`,
    );
    try {
      await expect(as('anon', (tx) => insertLead(tx, 'boom@example.com', 'contact'))).rejects.toThrow(
        /refuse_for_test/,
      );
      // The waitlist function catches errors itself and answers success false: nothing stored either.
      const answer = await as('anon', (tx) => waitlistRpc(tx, 'boom@example.com'));
      expect(answer.rows[0]!.r.success).toBe(false);
    } finally {
      await db.exec('alter table public.lead_deliveries drop constraint refuse_for_test');
    }
    expect((await db.query('select 1 from public.leads')).rows).toHaveLength(0);
    expect(await deliveries()).toHaveLength(0);
  });

  it('creates no delivery for a folded duplicate, and queued deliveries carry the merged lead', async () => {
    await setChannels(['team-email']);
    await as('anon', (tx) => waitlistRpc(tx, 'twice@example.com'));
    // The website's note after the waitlist function: folded into the first row.
    await as('anon', (tx) => insertLead(tx, 'twice@example.com', 'waitlist', { message: 'We sell bikes' }));
    const rows = await deliveries();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload.lead.lead_data).toMatchObject({
      message: 'We sell bikes',
      form_type: 'waitlist',
    });
  });

  it('sends a mailbox 3 visitor emails an hour and 6 a day, whatever its spelling; past that, with no queue, the lead is refused', async () => {
    await setChannels(['team-email', 'visitor-email']);
    // None may wait for the window (decision 067 queues them: visitor-mail-queue-postgres.test.ts).
    await as('service_role', (tx) => tx.query('select public.set_visitor_mail_limits(3, 6, 0)'));
    await as('anon', (tx) => insertLead(tx, 'ada.l@gmail.com', 'contact'));
    await as('anon', (tx) => insertLead(tx, 'ADAL+news@googlemail.com', 'newsletter'));
    await as('anon', (tx) => insertLead(tx, 'bob@example.com', 'newsletter'));
    await as('anon', (tx) => insertLead(tx, 'a.d.a.l@gmail.com', 'report', { report_id: 'a'.repeat(32) }));
    // The fourth of the hour: the trigger refuses the lead, so nothing is stored.
    await expect(
      as('anon', (tx) => insertLead(tx, 'adal+4@gmail.com', 'report', { report_id: 'b'.repeat(32) })),
    ).rejects.toThrow(/visitor_mail_limited/);
    let rows = await deliveries();
    expect(rows.filter((r) => r.channel === 'team-email')).toHaveLength(4);
    expect(rows.filter((r) => r.channel === 'visitor-email').map((r) => [r.recipient, r.kind])).toEqual([
      ['ada.l@gmail.com', 'contact-ack'],
      ['ADAL+news@googlemail.com', 'newsletter-optin'],
      ['bob@example.com', 'newsletter-optin'],
      ['a.d.a.l@gmail.com', 'report-summary'],
    ]);
    expect(
      (await db.query('select 1 from public.leads where email = $1', ['adal+4@gmail.com'])).rows,
    ).toEqual([]);
    // An hour later, three more; then the day's six are spent. The limits are the website's to state.
    const hourAgo = `update public.lead_deliveries
      set created_at = created_at - interval '61 minutes', not_before = not_before - interval '61 minutes'`;
    await db.exec(hourAgo);
    for (const n of [5, 6, 7]) await as('anon', (tx) => insertLead(tx, `adal+${n}@gmail.com`, 'contact'));
    await db.exec(hourAgo);
    await expect(as('anon', (tx) => insertLead(tx, 'adal+8@gmail.com', 'contact'))).rejects.toThrow(
      /visitor_mail_limited/,
    );
    await as('service_role', (tx) => tx.query('select public.set_visitor_mail_limits(3, 7, 0)'));
    await as('anon', (tx) => insertLead(tx, 'adal+8@gmail.com', 'contact'));
    rows = await deliveries();
    expect(
      rows.filter((r) => r.channel === 'visitor-email' && r.recipient !== 'bob@example.com'),
    ).toHaveLength(7);
    await as('service_role', (tx) => tx.query('select public.set_visitor_mail_limits(3, 6, 3)'));
  });

  it('keeps the outbox and its functions away from anon and authenticated', async () => {
    await setChannels(['webhook']);
    await as('anon', (tx) => insertLead(tx, 'secret@example.com', 'contact'));
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(as(role, (tx) => tx.query('select * from public.lead_deliveries'))).rejects.toThrow(
        /permission denied/,
      );
      await expect(as(role, (tx) => tx.query('select * from public.lead_delivery_channels'))).rejects.toThrow(
        /permission denied/,
      );
      await expect(
        as(role, (tx) => tx.query(`select * from public.claim_lead_deliveries('thief', 10)`)),
      ).rejects.toThrow(/permission denied/);
      await expect(
        as(role, (tx) => tx.query(`select public.complete_lead_delivery(gen_random_uuid(), 'thief')`)),
      ).rejects.toThrow(/permission denied/);
      await expect(
        as(role, (tx) => tx.query(`select public.fail_lead_delivery(gen_random_uuid(), 'thief', 'x', null)`)),
      ).rejects.toThrow(/permission denied/);
      await expect(
        as(role, (tx) => tx.query(`select public.set_lead_delivery_channels('{}')`)),
      ).rejects.toThrow(/permission denied/);
      await expect(as(role, (tx) => tx.query(`select public.retry_lead_deliveries()`))).rejects.toThrow(
        /permission denied/,
      );
    }
    expect((await deliveries())[0]!.leased_by).toBeNull();
  });

  it('leases each delivery once under simultaneous claims, and only the holder records the outcome', async () => {
    await setChannels(['team-email', 'webhook']);
    for (let i = 0; i < 10; i++) await as('anon', (tx) => insertLead(tx, `c${i}@example.com`, 'contact'));
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        as('service_role', (tx) =>
          tx.query<{ id: string; leased_by: string }>(
            `select * from public.claim_lead_deliveries($1, 3, 60)`,
            [`worker-${i}`],
          ),
        ),
      ),
    );
    const leased = claims.flatMap((c, i) =>
      c.rows.map((r) => ({ id: r.id, by: r.leased_by, worker: `worker-${i}` })),
    );
    expect(leased).toHaveLength(20);
    expect(new Set(leased.map((l) => l.id)).size).toBe(20);
    expect(leased.every((l) => l.by === l.worker)).toBe(true);
    // Nothing left to lease while the leases hold.
    const more = await as('service_role', (tx) =>
      tx.query(`select * from public.claim_lead_deliveries('late', 10)`),
    );
    expect(more.rows).toHaveLength(0);

    const [first, second] = leased;
    const call = (sql: string, params: unknown[]) =>
      as(
        'service_role',
        async (tx) => Object.values((await tx.query<Record<string, unknown>>(sql, params)).rows[0]!)[0],
      );
    expect(await call('select public.complete_lead_delivery($1, $2)', [first!.id, 'someone-else'])).toBe(
      false,
    );
    expect(await call('select public.complete_lead_delivery($1, $2)', [first!.id, first!.by])).toBe(true);
    expect(await call('select public.complete_lead_delivery($1, $2)', [first!.id, first!.by])).toBe(false);
    expect(
      await call('select public.fail_lead_delivery($1, $2, $3, null)', [second!.id, second!.by, 'HTTP 500']),
    ).toBe(true);
    const states = (
      await db.query<{ id: string; status: string; attempts: number; last_error: string | null }>(
        'select id, status, attempts, last_error from public.lead_deliveries where id = any($1::uuid[])',
        [[first!.id, second!.id]],
      )
    ).rows;
    expect(states.find((s) => s.id === first!.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(states.find((s) => s.id === second!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'HTTP 500',
    });
    expect(await call('select public.retry_lead_deliveries()', [])).toBe(1);
    expect(
      (
        await db.query<{ status: string }>('select status from public.lead_deliveries where id = $1', [
          second!.id,
        ])
      ).rows[0]!.status,
    ).toBe('pending');
  });

  it('counts an expired lease as an attempt, and fails the delivery on its third expiry', async () => {
    await setChannels(['webhook']);
    await as('anon', (tx) => insertLead(tx, 'crash@example.com', 'contact'));
    type Leased = Row & { expired_leases: number; last_error: string | null; lease_until: string | null };
    const claim = (worker: string, max?: number) =>
      as('service_role', async (tx) =>
        max === undefined
          ? (await tx.query<Leased>(`select * from public.claim_lead_deliveries($1, 10, 60)`, [worker])).rows
          : (
              await tx.query<Leased>(`select * from public.claim_lead_deliveries($1, 10, 60, null, $2)`, [
                worker,
                max,
              ])
            ).rows,
      );
    // The holder died: its lease runs out (the database's clock decides, so the lease is moved back).
    const expire = () =>
      db.exec(
        `update public.lead_deliveries set lease_until = now() - interval '1 second' where lease_until is not null`,
      );

    const [first] = await claim('dies-1');
    expect(first).toMatchObject({ status: 'pending', attempts: 0, expired_leases: 0, leased_by: 'dies-1' });
    expect(await claim('other')).toHaveLength(0);
    await expire();
    const [second] = await claim('dies-2');
    expect(second).toMatchObject({
      id: first!.id,
      status: 'pending',
      attempts: 1,
      expired_leases: 1,
      leased_by: 'dies-2',
    });
    expect(second!.last_error).toMatch(/^lease expired without an outcome .*, 1 of 3$/);
    await expire();
    expect((await claim('dies-3'))[0]).toMatchObject({ attempts: 2, expired_leases: 2 });
    await expire();
    const [dead] = await claim('dies-4');
    expect(dead).toMatchObject({
      id: first!.id,
      status: 'failed',
      attempts: 3,
      expired_leases: 3,
      leased_by: null,
      lease_until: null,
    });
    expect(await claim('late')).toHaveLength(0);

    // An operator's retry starts afresh; a lower limit fails it at its first expiry.
    const retried = await as('service_role', (tx) =>
      tx.query<{ n: number }>('select public.retry_lead_deliveries($1) as n', [first!.id]),
    );
    expect(retried.rows[0]!.n).toBe(1);
    expect((await claim('fresh', 1))[0]).toMatchObject({ status: 'pending', expired_leases: 0 });
    await expire();
    expect((await claim('next', 1))[0]).toMatchObject({ status: 'failed', attempts: 4, expired_leases: 1 });
  });

  it('takes over a lease that ends past what a claim grants, as a clock 31 days ahead left it', async () => {
    await setChannels(['webhook']);
    await as('anon', (tx) => insertLead(tx, 'jump@example.com', 'contact'));
    const claim = (worker: string) =>
      as(
        'service_role',
        async (tx) =>
          (
            await tx.query<Row & { expired_leases: number }>(
              `select * from public.claim_lead_deliveries($1, 10, 120)`,
              [worker],
            )
          ).rows,
      );
    const [first] = await claim('jumped');
    // The holder's clock had jumped 31 days on when it leased, then it crashed.
    await db.exec(`update public.lead_deliveries set lease_until = now() + interval '31 days'`);
    const [taken] = await claim('sane');
    expect(taken).toMatchObject({ id: first!.id, leased_by: 'sane', attempts: 1, expired_leases: 1 });
    // A lease within what a claim grants, and its minute of clock skew, still holds.
    await db.exec(`update public.lead_deliveries set lease_until = now() + interval '170 seconds'`);
    expect(await claim('other')).toEqual([]);
  });

  it('pins the search_path of every outbox function', async () => {
    for (const name of [
      'leads_enqueue_deliveries',
      'leads_refresh_pending_deliveries',
      'set_lead_delivery_channels',
      'set_visitor_mail_limits',
      'claim_lead_deliveries',
      'complete_lead_delivery',
      'fail_lead_delivery',
      'retry_lead_deliveries',
    ]) {
      const config = await db.query<{ proconfig: string[]; prosecdef: boolean }>(
        `select proconfig, prosecdef from pg_proc where proname = $1`,
        [name],
      );
      expect(config.rows[0]!.proconfig, name).toContain('search_path=""');
      expect(config.rows[0]!.prosecdef, name).toBe(true);
    }
  });
});

// --- The website's client and worker, through the PostgREST stand-in ---------------------------------

describe('SupabaseOutbox and the worker', () => {
  let postgrest: Awaited<ReturnType<typeof startPostgrest>>;
  let url: string;

  beforeAll(async () => {
    postgrest = await startPostgrest(db);
    url = postgrest.url;
  });
  afterAll(() => postgrest.close());

  it('tells the database its channels, then leases, sends and records every delivery once', async () => {
    const outbox = new SupabaseOutbox(url, SERVICE_KEY, { channels: ['team-email', 'webhook'] });
    // The first lease states the channels (nothing is due yet).
    expect(
      await outbox.claim({
        workerId: 'w',
        now: new Date(),
        leaseMs: 60_000,
        limit: 5,
        channels: ['webhook'],
      }),
    ).toEqual([]);
    expect(
      (await db.query<{ channel: string }>('select channel from public.lead_delivery_channels order by 1'))
        .rows,
    ).toEqual([{ channel: 'team-email' }, { channel: 'webhook' }]);
    for (let i = 0; i < 3; i++) await as('anon', (tx) => insertLead(tx, `sb${i}@example.com`, 'contact'));
    await as('anon', (tx) => waitlistRpc(tx, 'sbw@example.com'));

    const sent: Delivery[] = [];
    let failOnce = true;
    const sender: DeliverySender = {
      async send(delivery) {
        if (delivery.channel === 'webhook' && failOnce) {
          failOnce = false;
          throw new Error('first webhook attempt fails');
        }
        sent.push(delivery);
      },
    };
    const worker = createDeliveryWorker({
      outbox,
      senders: { 'team-email': sender, webhook: sender },
      logger: pino({ level: 'silent' }),
    });
    try {
      // Drained: seven sent, the webhook that failed waits for its retry.
      await worker.idle();
      expect(sent).toHaveLength(7);
      expect((await deliveries()).filter((r) => r.status === 'pending').map((r) => r.attempts)).toEqual([1]);
      // The database's clock decides what is due: the failed webhook's retry is brought forward.
      await db.exec(
        `update public.lead_deliveries set next_attempt_at = now() where status = 'pending' and attempts > 0`,
      );
      await worker.idle();
    } finally {
      await worker.stop();
    }
    const rows = await deliveries();
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'delivered')).toBe(true);
    expect(sent).toHaveLength(8);
    expect(new Set(sent.map((d) => d.id)).size).toBe(8);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
    const waitlistTeam = sent.find((d) => d.channel === 'team-email' && d.payload.form === 'waitlist')!;
    expect(waitlistTeam.payload.lead).toMatchObject({ email: 'sbw@example.com', language: 'fr' });
    expect(waitlistTeam.createdAt).toBeInstanceOf(Date);
  });

  it('reports as failed, never sends, a delivery whose lease expired once too often', async () => {
    const outbox = new SupabaseOutbox(url, SERVICE_KEY, { channels: ['webhook'] });
    await outbox.claim({ workerId: 'w', now: new Date(), leaseMs: 60_000, limit: 5, channels: ['webhook'] });
    await as('anon', (tx) => insertLead(tx, 'loop@example.com', 'contact'));
    const lease = (workerId: string) =>
      outbox.claim({ workerId, now: new Date(), leaseMs: 60_000, limit: 5, channels: ['webhook'] });
    const expire = () =>
      db.exec(
        `update public.lead_deliveries set lease_until = now() - interval '1 second' where lease_until is not null`,
      );
    for (const worker of ['dead-1', 'dead-2']) {
      expect(await lease(worker)).toHaveLength(1);
      await expire();
    }
    const sent: Delivery[] = [];
    const outcomes: string[] = [];
    const worker = createDeliveryWorker({
      outbox,
      senders: { webhook: { send: async (d) => void sent.push(d) } },
      logger: pino({ level: 'silent' }),
      maxExpiredLeases: 2,
      onOutcome: (_channel, outcome) => outcomes.push(outcome),
    });
    try {
      await worker.idle();
    } finally {
      await worker.stop();
    }
    expect(outcomes).toEqual(['failed']);
    expect(sent).toHaveLength(0);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('is refused with the anon key', async () => {
    const outbox = new SupabaseOutbox(url, 'anon-key', { channels: ['webhook'] });
    await expect(
      outbox.claim({ workerId: 'w', now: new Date(), leaseMs: 60_000, limit: 5, channels: ['webhook'] }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('newsletter double opt-in', () => {
  const setStatus = (role: Role, email: string, status: string) =>
    as(role, (tx) =>
      tx.query<{ r: string }>('select public.set_newsletter_status($1, $2) as r', [email, status]),
    );

  it('records a confirmation and an unsubscription for the service role, case-insensitively', async () => {
    await insertLead(db, 'News@Example.org', 'newsletter');
    expect((await setStatus('service_role', 'news@example.org', 'subscribed')).rows[0]!.r).toBe('changed');
    expect((await setStatus('service_role', 'NEWS@example.org', 'subscribed')).rows[0]!.r).toBe('unchanged');
    expect((await setStatus('service_role', 'news@example.org', 'unsubscribed')).rows[0]!.r).toBe('changed');
    expect((await setStatus('service_role', 'nobody@example.org', 'subscribed')).rows[0]!.r).toBe('unknown');
    const { rows } = await db.query<{ status: string }>(
      "select status from public.leads where email = 'News@Example.org'",
    );
    expect(rows[0]!.status).toBe('unsubscribed');
  });

  it('refuses a subscription through a link issued before the last unsubscribe', async () => {
    await insertLead(db, 'Replay@Example.org', 'newsletter');
    const confirm = (issuedAt: string) =>
      as('service_role', (tx) =>
        tx.query<{ r: string }>(
          `select public.set_newsletter_status($1, 'subscribed', $2::timestamptz) as r`,
          ['replay@example.org', issuedAt],
        ),
      );
    const before = new Date(Date.now() - 60_000).toISOString();
    expect((await confirm(before)).rows[0]!.r).toBe('changed');
    expect((await setStatus('service_role', 'REPLAY@example.org', 'unsubscribed')).rows[0]!.r).toBe(
      'changed',
    );
    // The same link again, after the unsubscribe: refused, nothing changes.
    expect((await confirm(before)).rows[0]!.r).toBe('superseded');
    const status = async () =>
      (
        await db.query<{ status: string }>(
          "select status from public.leads where email = 'Replay@Example.org'",
        )
      ).rows[0]!.status;
    expect(await status()).toBe('unsubscribed');
    // A link issued after it confirms.
    expect((await confirm(new Date(Date.now() + 60_000).toISOString())).rows[0]!.r).toBe('changed');
    expect(await status()).toBe('subscribed');
    // When each address unsubscribed is the server's business only.
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        as(role, (tx) => tx.query('select * from public.newsletter_unsubscribes')),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('refuses anyone else, and any other status', async () => {
    await insertLead(db, 'news@example.org', 'newsletter');
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(setStatus(role, 'news@example.org', 'subscribed')).rejects.toThrow(/permission denied/);
    }
    await expect(setStatus('service_role', 'news@example.org', 'new')).rejects.toThrow(
      /invalid newsletter status/,
    );
    // Only newsletter sign-ups change: a contact lead with the same address keeps its status.
    await insertLead(db, 'news@example.org', 'contact');
    await setStatus('service_role', 'news@example.org', 'subscribed');
    const { rows } = await db.query<{ status: string }>(
      "select status from public.leads where lead_data ->> 'form_type' = 'contact'",
    );
    expect(rows[0]!.status).toBe('new');
  });
});
