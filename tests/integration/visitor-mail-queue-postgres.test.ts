import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadRecord } from '../../src/server/store/records.ts';
import type { ReportEmailLead } from '../../src/server/store/types.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import type { SqlTx } from '../support/postgres-database.ts';
import { closePeers, parseMail, startSmtp } from '../support/delivery-peers.ts';
import { hrefs } from '../support/report-harness.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Supabase's side of decision 067 (issue 38, bug 1), on the run's real PostgreSQL server
// (supabase/migrations/20270110000000_visitor_mail_queue.sql): a visitor email past the mailbox's
// hour is queued with its not-before time, the worker leases it only once that time has come, the
// queue per mailbox is bounded, a re-check's confirm link rides in a waiting report email, and the
// form's answer says each. The database's clock decides here, so "an hour later" is the queue moved
// an hour back in the database, as expireLeases() ends a lease rather than waiting it out.

const ID_A = 'a'.repeat(32);

describe('Supabase: the trigger queues, bounds and schedules', () => {
  type Role = 'anon' | 'service_role';
  const supabase = supabaseOnPostgrest();
  const as = <T>(role: Role, work: (tx: SqlTx) => Promise<T>) =>
    supabase.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  const insertReport = (tx: SqlTx, email: string, recheckId?: string) => {
    const data: ReportEmailLead = {
      email,
      report: ID_A,
      lang: 'en',
      website: 'https://shop.example/',
      reportUrl: `https://geo.example/en/tools/report/${ID_A}`,
    };
    const record = leadRecord(
      recheckId ? { form: 'recheck', data: { ...data, recheckId } } : { form: 'report', data },
      { source: 'geo-website', submittedAt: new Date() },
    );
    const columns = Object.keys(record) as (keyof typeof record)[];
    return tx.query(
      `insert into public.leads (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) =>
        typeof record[c] === 'object' && record[c] !== null ? JSON.stringify(record[c]) : record[c],
      ),
    );
  };
  beforeEach(async () => {
    await supabase.db.exec('delete from public.lead_deliveries; delete from public.leads;');
    await as('service_role', async (tx) => {
      await tx.query('select public.set_lead_delivery_channels($1::text[])', [['visitor-email']]);
      await tx.query('select public.set_visitor_mail_limits(3, 6, 3)');
    });
  });

  it('eight spellings of one inbox at once: three now, three an hour later, two refused', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => as('anon', (tx) => insertReport(tx, `inbox+${i}@example.org`))),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const r of refused)
      expect(String((r as PromiseRejectedResult).reason)).toMatch(/visitor_mail_limited/);
    const { rows } = await supabase.db.query<{ late: boolean; hour_on: boolean }>(
      `select not_before > created_at + interval '1 second' as late,
              not_before >= (select min(not_before) from public.lead_deliveries) + interval '1 hour' as hour_on
       from public.lead_deliveries order by not_before`,
    );
    expect(rows.map((r) => r.late)).toEqual([false, false, false, true, true, true]);
    expect(rows.map((r) => r.hour_on)).toEqual([false, false, false, true, true, true]);
    // The worker's claim leases the three due, not the three queued.
    const leased = await as('service_role', (tx) =>
      tx.query<{ recipient: string }>(`select recipient from public.claim_lead_deliveries('w1', 100)`),
    );
    expect(leased.rows).toHaveLength(3);
  });

  it('a re-check rides in the waiting report email, and a folded repeat of the report keeps its link', async () => {
    await as('service_role', (tx) => tx.query('select public.set_visitor_mail_limits(1, 6, 1)'));
    await as('anon', (tx) => insertReport(tx, 'first@example.org'));
    await as('anon', (tx) => insertReport(tx, 'first+2@example.org'));
    const recheckId = 'c'.repeat(32);
    // The queue is full (one waiting): the re-check adds no email, so it is not refused.
    await as('anon', (tx) => insertReport(tx, 'first+2@example.org', recheckId));
    // The same report asked again within ten minutes: folded into its lead, whose pending
    // deliveries are refreshed from it.
    await as('anon', (tx) => insertReport(tx, 'FIRST+2@example.org'));
    const { rows } = await supabase.db.query<{ kind: string; recheck: string | null; waiting: boolean }>(
      `select kind, payload -> 'lead' -> 'lead_data' ->> 'recheck_id' as recheck, not_before > now() as waiting
       from public.lead_deliveries order by not_before`,
    );
    expect(rows).toEqual([
      { kind: 'report-summary', recheck: null, waiting: false },
      { kind: 'report-summary', recheck: recheckId, waiting: true },
    ]);
    const { rows: said } = await as('service_role', (tx) =>
      tx.query<{ kind: string; waiting: boolean }>(
        `select kind, waiting from public.visitor_mail_of('recheck', 'first+2@example.org', $1)`,
        [recheckId],
      ),
    );
    expect(said).toEqual([{ kind: 'report-summary', waiting: true }]);
  });
});

describe('Supabase, through the server', () => {
  const supabase = supabaseOnPostgrest();
  let site: TeaSite;
  beforeAll(async () => {
    site = await startTeaSite();
  });
  afterAll(() => site.close());
  afterEach(closePeers);

  it('queued with its time, the re-check’s link in the queued report email, the queue bounded', async () => {
    const smtp = await startSmtp();
    const app = await testServer({
      SUPABASE_URL: supabase.postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      NEWSLETTER_SECRET: 'a-newsletter-secret-of-at-least-32-chars',
      SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'GEO Platform <hello@geo.example>',
      AUDIT_ALLOWED_HOSTS: site.host,
      MAILBOX_EMAILS_PER_HOUR: '1',
      MAILBOX_EMAILS_QUEUED: '1',
    });
    try {
      // The worker tells the database its channels and limits with its first lease.
      await app.locals.deliveryIdle();
      const audit = await request(app)
        .get('/api/audit')
        .query({ url: `${site.origin}/`, lang: 'en' })
        .set('User-Agent', HUMAN_UA);
      const id = audit.body.id as string;
      const post = (form: string, email: string) =>
        request(app).post(`/api/${form}`).send({ email, report: id, lang: 'en' });
      const first = await post('report-email', 'queue@example.org');
      expect(first.body).toEqual({ success: true, delivery: 'sending', at: expect.any(String) });
      await app.locals.deliveryIdle();
      const queued = await post('report-email', 'queue+2@example.org');
      expect(queued.body).toEqual({ success: true, delivery: 'queued', at: expect.any(String) });
      const wait = Date.parse(queued.body.at as string) - Date.parse(first.body.at as string);
      expect(wait).toBeGreaterThan(59 * 60_000);
      expect(wait).toBeLessThan(61 * 60_000);
      // The re-check of the same report to the same address: in the queued report email.
      const recheck = await post('recheck', 'queue+2@example.org');
      expect(recheck.body).toEqual({ ...queued.body, included: true });
      expect((await post('report-email', 'queue+2@example.org')).body).toEqual({
        ...queued.body,
        repeat: true,
      });
      // One waiting already: a third spelling is refused, and told why.
      const refused = await post('report-email', 'queue+3@example.org');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('mailbox_limited');
      await app.locals.deliveryIdle();
      expect(smtp.messages).toHaveLength(1);
      // An hour on: the queue moved back an hour in the database.
      await supabase.db.exec(
        `update public.lead_deliveries set not_before = not_before - interval '1 hour',
           next_attempt_at = next_attempt_at - interval '1 hour' where status = 'pending'`,
      );
      await app.locals.deliveryIdle();
      expect(smtp.messages).toHaveLength(2);
      const mail = parseMail(smtp.messages[1]!.raw);
      expect(smtp.messages[1]!.to).toEqual(['queue+2@example.org']);
      const confirm = hrefs(mail.html).find((h) =>
        h.startsWith('https://geo.example/en/tools/recheck/confirm?id='),
      );
      expect(confirm).toBeDefined();
      expect(mail.text).toContain(confirm);
      expect(mail.text).toContain('Your monthly re-check: confirm it here');
    } finally {
      await app.locals.close();
    }
  });
});
