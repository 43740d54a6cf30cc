import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseOnPostgres, type SqlEngine, type SqlTx } from '../support/postgres-database.ts';

// The Supabase migrations' "never twice" promises on a real PostgreSQL server, with eight
// connections calling at once (on an engine that runs one transaction at a time, as PGlite did, no
// call ever waits for another's lock and a missing lock goes unnoticed): outbox leases, expired
// leases, re-check claims and completions, the duplicate window of leads and of report emails, the
// visitor email window and the re-check limit per email. The suite has a database of its own.

const CONNECTIONS = 8;
type Role = 'anon' | 'service_role';

let db: SqlEngine;
beforeAll(async () => {
  db = await supabaseOnPostgres();
});
afterAll(() => db.close());

/** Work in one transaction as a role, on a connection of its own. */
const as = <T>(role: Role, work: (tx: SqlTx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.exec(`set local role ${role}`);
    return work(tx);
  });

/** `count` calls at once, each on its own connection. */
const atOnce = <T>(count: number, call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => call(i)));

const setChannels = (channels: string[]) =>
  as('service_role', (tx) => tx.query('select public.set_lead_delivery_channels($1::text[])', [channels]));

const insertLeads = (emails: string[], form: string, extra: Record<string, unknown> = {}) =>
  as('anon', (tx) =>
    tx.query(
      `insert into public.leads (name, email, source, language, lead_data, utm_data, status)
       select 'Ada', e, 's', 'en', $2::jsonb, '{}'::jsonb, 'new' from unnest($1::text[]) as e`,
      [emails, JSON.stringify({ form_type: form, ...extra })],
    ),
  );

/** Every call of `claim` by `workers` workers at once, each claiming again until nothing is left. */
async function drain<R extends { id: string }>(workers: number, claim: (worker: string) => Promise<R[]>) {
  const got = await atOnce(workers, async (i) => {
    const mine: string[] = [];
    for (;;) {
      const rows = await claim(`worker-${i}`);
      if (rows.length === 0) return mine;
      mine.push(...rows.map((r) => r.id));
    }
  });
  return got.flat();
}

const claimDeliveries = (worker: string) =>
  as('service_role', async (tx) =>
    (
      await tx.query<{ id: string }>(`select id from public.claim_lead_deliveries($1, 5, 600)`, [worker])
    ).rows.map((r) => ({ id: String(r.id) })),
  );

const counts = (ids: string[]) => {
  const seen = new Map<string, number>();
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  return [...seen.values()];
};

describe('the Supabase migrations on a PostgreSQL server, eight connections at once', () => {
  it('leases each of 600 deliveries once, and each expired lease once again', async () => {
    await setChannels(['team-email', 'webhook']);
    await insertLeads(
      Array.from({ length: 300 }, (_, i) => `lease-${i}@example.com`),
      'contact',
    );
    const first = await drain(CONNECTIONS, claimDeliveries);
    expect(first).toHaveLength(600);
    expect(counts(first).every((n) => n === 1)).toBe(true);

    // Every worker died: the leases run out, and each delivery is leased again by exactly one.
    await db.exec(`update public.lead_deliveries set lease_until = now() - interval '1 second'`);
    const again = await drain(CONNECTIONS, claimDeliveries);
    expect(again).toHaveLength(600);
    expect(counts(again).every((n) => n === 1)).toBe(true);
    const { rows } = await db.query<{ expired: number; attempts: number; n: string }>(
      `select expired_leases as expired, attempts, count(*) as n from public.lead_deliveries
        group by expired_leases, attempts`,
    );
    expect(rows).toEqual([{ expired: 1, attempts: 1, n: '600' }]);
    await setChannels([]);
  });

  it('claims each of 400 due re-checks once, and completes a re-check once', async () => {
    await db.query(
      `insert into public.recheck_subscriptions
         (id, email, address, pages, language, status, last_report_id, created_at, confirmed_at, next_check_at)
       select md5('claim-' || i), 'r' || i || '@example.com', 'https://r' || i || '.example/', 1, 'en', 'active',
              md5('report-' || i), now() - interval '40 days', now() - interval '40 days', now() - interval '1 day'
         from generate_series(1, 400) as i`,
    );
    const claimed = await drain(CONNECTIONS, (worker) =>
      as(
        'service_role',
        async (tx) =>
          (
            await tx.query<{ id: string }>(`select id from public.claim_due_rechecks($1, now(), 600000, 5)`, [
              worker,
            ])
          ).rows,
      ),
    );
    expect(claimed).toHaveLength(400);
    expect(counts(claimed).every((n) => n === 1)).toBe(true);

    // The holder's completion, sent eight times at once (a retried request), counts once.
    const { rows } = await db.query<{ leased_by: string }>(
      `select leased_by from public.recheck_subscriptions where id = md5('claim-1')`,
    );
    const done = await atOnce(CONNECTIONS, () =>
      as(
        'service_role',
        async (tx) =>
          Object.values(
            (
              await tx.query<Record<string, boolean>>(
                `select public.complete_recheck(md5('claim-1'), $1, md5('next'), now(), now() + interval '30 days')`,
                [rows[0]!.leased_by],
              )
            ).rows[0]!,
          )[0],
      ),
    );
    expect(done.filter(Boolean)).toHaveLength(1);
  });

  it('stores a lead posted eight times at once once, and a report email asked eight times once', async () => {
    await setChannels(['team-email', 'visitor-email']);
    await atOnce(CONNECTIONS, () => insertLeads(['twice@example.com'], 'contact'));
    await atOnce(CONNECTIONS, () =>
      insertLeads(['report@example.com'], 'report', {
        report_id: 'r'.repeat(32),
        website: 'https://a.example/',
      }),
    );
    const leads = await db.query<{ email: string; n: string }>(
      `select email, count(*) as n from public.leads
        where email in ('twice@example.com', 'report@example.com') group by email order by email`,
    );
    expect(leads.rows).toEqual([
      { email: 'report@example.com', n: '1' },
      { email: 'twice@example.com', n: '1' },
    ]);
    const deliveries = await db.query<{ recipient: string | null; channel: string; n: string }>(
      `select d.recipient, d.channel, count(*) as n from public.lead_deliveries d
         join public.leads l on l.id = d.lead_id
        where l.email in ('twice@example.com', 'report@example.com')
        group by d.recipient, d.channel order by d.channel, d.recipient`,
    );
    expect(deliveries.rows).toEqual([
      { recipient: null, channel: 'team-email', n: '2' },
      { recipient: 'report@example.com', channel: 'visitor-email', n: '1' },
      { recipient: 'twice@example.com', channel: 'visitor-email', n: '1' },
    ]);
    await setChannels([]);
  });

  it('sends one address no more visitor emails for eight forms at once than for the same forms one by one', async () => {
    const forms = [
      'contact',
      'newsletter',
      'waitlist',
      'contact',
      'newsletter',
      'waitlist',
      'contact',
      'waitlist',
    ];
    const visitorEmails = async (email: string) =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from public.lead_deliveries where channel = 'visitor-email' and recipient = $1`,
            [email],
          )
        ).rows[0]!.n,
      );
    await setChannels(['visitor-email']);
    for (const [i, form] of forms.entries()) await insertLeads([`one.by.one@example.com`], form, { n: i });
    const sequential = await visitorEmails('one.by.one@example.com');
    await atOnce(forms.length, (i) => insertLeads(['at.once@example.com'], forms[i]!, { n: i }));
    expect(await visitorEmails('at.once@example.com')).toBe(sequential);
    expect(sequential).toBeGreaterThanOrEqual(1);
    await setChannels([]);
  });

  it('never lets one email request more re-checks than the limit, eight addresses at once', async () => {
    const outcomes = await atOnce(CONNECTIONS, (i) =>
      as(
        'service_role',
        async (tx) =>
          Object.values(
            (
              await tx.query<Record<string, { outcome: string }>>(
                `select public.request_recheck($1, 'limit@example.com', $2, 1, 'en', $3, now(), 3)`,
                [`${i}`.padStart(32, 'a'), `https://site-${i}.example/`, 'b'.repeat(32)],
              )
            ).rows[0]!,
          )[0]!.outcome,
      ),
    );
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(3);
    const stored = await db.query<{ n: string }>(
      `select count(*) as n from public.recheck_subscriptions where lower(email) = 'limit@example.com'`,
    );
    expect(stored.rows[0]!.n).toBe('3');
  });
});
