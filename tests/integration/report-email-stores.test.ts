import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/store/embedded-migrations.ts';
import { DATABASE_FILE, EmbeddedStore } from '../../src/server/store/embedded.ts';
import { leadRecord } from '../../src/server/store/records.ts';
import type { ReportEmailLead } from '../../src/server/store/types.ts';
import { closePeers, parseMail, startSmtp } from '../support/delivery-peers.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import type { SqlTx } from '../support/postgres-database.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// "Email me this report" in both stores (decision 030). The embedded file takes form_type 'report'
// and the visitor email 'report-summary' from its migration 7, which rebuilds two tables of a file
// already in use without losing a row, an id or a reference. Supabase takes them from
// 20261221000000_report_email.sql, on the run's PostgreSQL server: the anonymous role inserts a
// report lead as it inserts contact and newsletter leads, and the lead's deliveries are enqueued in
// its transaction; then the whole flow runs through the server against a PostgREST stand-in.

const ID_A = 'a'.repeat(32);
const ID_B = 'b'.repeat(32);

const reportSubmission = (
  email: string,
  report: string,
  lang: 'en' | 'fr' = 'en',
): { form: 'report'; data: ReportEmailLead } => ({
  form: 'report',
  data: {
    email,
    report,
    lang,
    website: 'https://shop.example/',
    reportUrl: `https://geo.example/${lang}/tools/report/${report}`,
  },
});

describe('embedded store, migration 7', () => {
  it('upgrades a file in use: every lead, delivery, id and reference kept; report leads accepted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'geo-migration-7-'));
    const raw = createClient({ url: `file:${path.join(dir, DATABASE_FILE)}` });
    try {
      // The file as the previous release left it: migrations 1 to 6, with leads and deliveries.
      await raw.execute(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (const migration of MIGRATIONS.filter((m) => m.version < 7)) {
        await raw.batch(
          [
            ...migration.statements,
            {
              sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
              args: [migration.version, new Date().toISOString()],
            },
          ],
          'write',
        );
      }
      const ctx = (i: number) => ({ source: 's', submittedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
      // Three leads with their deliveries, written as the old schema allows; the last one deleted,
      // so the id sequence is ahead of the highest id.
      for (const [i, form] of (['waitlist', 'contact', 'newsletter'] as const).entries()) {
        await raw.execute({
          sql: `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
                VALUES (?, ?, ?, 'en', 's', '{}', ?, ?, ?)`,
          args: [
            form,
            `old${i}@example.com`,
            `old${i}@example.com`,
            JSON.stringify({ form_type: form }),
            ctx(i).submittedAt.toISOString(),
            ctx(i).submittedAt.getTime(),
          ],
        });
      }
      for (const lead of [1, 2]) {
        await raw.execute({
          sql: `INSERT INTO lead_deliveries (id, lead_id, channel, kind, recipient, recipient_key, payload, next_attempt_at, created_at, expired_leases)
                VALUES (?, ?, 'visitor-email', 'contact-ack', 'x@example.com', 'x@example.com', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 1)`,
          args: [`delivery-${lead}`, lead],
        });
      }
      await raw.execute('DELETE FROM leads WHERE id = 3');
      // The old schema refuses a report lead.
      await expect(
        raw.execute(
          `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
           VALUES ('report', 'r@example.com', 'r@example.com', 'en', 's', '{}', '{}', 'x', 1)`,
        ),
      ).rejects.toThrow(/CHECK/);
      const leadsBefore = (await raw.execute('SELECT * FROM leads ORDER BY id')).rows;
      const deliveriesBefore = (await raw.execute('SELECT * FROM lead_deliveries ORDER BY id')).rows;

      const store = await EmbeddedStore.open(dir, { channels: ['team-email', 'webhook', 'visitor-email'] });
      try {
        expect(
          (await raw.execute('SELECT max(version) AS v FROM schema_migrations')).rows[0]!.v,
        ).toBeGreaterThanOrEqual(7);
        expect((await raw.execute('SELECT * FROM leads ORDER BY id')).rows).toEqual(leadsBefore);
        // Version 12 (decision 067) gave each delivery its not-before time: its creation.
        const deliveriesAfter = (await raw.execute('SELECT * FROM lead_deliveries ORDER BY id')).rows;
        for (const row of deliveriesAfter) expect(row.not_before).toBe(row.created_at);
        expect(deliveriesAfter.map(({ not_before: _, ...row }) => row)).toEqual(
          deliveriesBefore.map((row) => ({ ...row })),
        );
        expect((await raw.execute('PRAGMA foreign_key_check')).rows).toEqual([]);
        const indexes = (await raw.execute("SELECT name FROM sqlite_master WHERE type = 'index'")).rows.map(
          (r) => r.name,
        );
        for (const name of [
          'leads_dedupe',
          'leads_created',
          'leads_submission',
          'lead_deliveries_due',
          'lead_deliveries_lead',
          'lead_deliveries_visitor',
        ])
          expect(indexes).toContain(name);
        expect((await raw.execute("SELECT name FROM sqlite_master WHERE name LIKE '%_next'")).rows).toEqual(
          [],
        );

        // A report lead now, with its report email; its id follows the deleted lead's, never reuses it.
        const submission = reportSubmission('new@example.com', ID_A);
        expect(await store.save({ form: 'report', data: submission.data }, ctx(9))).toBe('stored');
        const [row] = (
          await raw.execute("SELECT id, form_type, website FROM leads WHERE email = 'new@example.com'")
        ).rows;
        expect(row).toMatchObject({ id: 4, form_type: 'report', website: 'https://shop.example/' });
        expect(
          (await store.deliveries())
            .filter((d) => d.leadId === '4')
            .map((d) => d.kind)
            .sort(),
        ).toEqual(['report-summary', 'team-email', 'webhook']);
        // The old rows still lease and complete.
        const claimed = await store.claim({
          workerId: 'w',
          now: new Date(),
          leaseMs: 60_000,
          limit: 10,
          channels: ['visitor-email'],
        });
        expect(claimed.map((d) => d.id)).toContain('delivery-1');
        // Other values are still refused.
        await expect(
          raw.execute(
            `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
             VALUES ('other', 'o@example.com', 'o@example.com', 'en', 's', '{}', '{}', 'x', 1)`,
          ),
        ).rejects.toThrow(/CHECK/);
        await expect(
          raw.execute(
            `INSERT INTO lead_deliveries (id, lead_id, channel, kind, payload, next_attempt_at, created_at)
             VALUES ('bad', 4, 'visitor-email', 'other', '{}', 'x', 'x')`,
          ),
        ).rejects.toThrow(/CHECK/);
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

  it('stores a repeat of the same report once, and another report as another lead', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'geo-report-dupes-'));
    const store = await EmbeddedStore.open(dir, { channels: ['team-email', 'visitor-email'] });
    try {
      const at = (minutes: number) => ({
        source: 's',
        submittedAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
      });
      const save = (report: string, minutes: number, email = 'ada@example.com') =>
        store.save({ form: 'report', data: reportSubmission(email, report).data }, at(minutes));
      expect(await save(ID_A, 0)).toBe('stored');
      expect(await save(ID_A, 5, 'ADA@example.com')).toBe('duplicate');
      expect(await save(ID_B, 6)).toBe('stored');
      expect(await save(ID_A, 11)).toBe('stored');
      // The mailbox has had its three visitor emails this hour (decision 050): the next three wait
      // for the hour after the first (decision 067); past those three waiting, refused.
      expect(await save(ID_B, 20, 'Ada+4@example.com')).toBe('stored');
      expect(await save(ID_B, 21, 'Ada+5@example.com')).toBe('stored');
      expect(await save(ID_B, 22, 'Ada+6@example.com')).toBe('stored');
      expect(await save(ID_B, 23, 'Ada+7@example.com')).toBe('limited');
      const deliveries = await store.deliveries();
      // Every stored lead reaches the team, and its report email the address.
      expect(deliveries.filter((d) => d.channel === 'team-email')).toHaveLength(6);
      const mails = deliveries.filter((d) => d.kind === 'report-summary');
      expect(mails.map((d) => d.leadId)).toEqual(['1', '2', '3', '4', '5', '6']);
      // At 00:00, 00:06, 00:11, then an hour after the first, the second and the third.
      expect(mails.map((d) => d.notBefore.toISOString().slice(11, 16))).toEqual([
        '00:00',
        '00:06',
        '00:11',
        '01:00',
        '01:06',
        '01:11',
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('Supabase, migration 20261221000000_report_email.sql', () => {
  type Role = 'anon' | 'service_role';
  const supabase = supabaseOnPostgrest();
  beforeEach(async () => {
    await supabase.db.exec(
      'delete from public.lead_deliveries; delete from public.leads; delete from public.lead_delivery_channels;',
    );
  });
  const as = <T>(role: Role, work: (tx: SqlTx) => Promise<T>) =>
    supabase.db.transaction(async (tx) => {
      await tx.exec(`set local role ${role}`);
      return work(tx);
    });
  /** The insert the Supabase store makes for a lead (SupabaseStore.insertLead): the record's columns. */
  const insertReport = (tx: SqlTx, email: string, report: string) => {
    const record = leadRecord(reportSubmission(email, report, 'fr'), {
      source: 'geo-website',
      submittedAt: new Date(),
    });
    const columns = Object.keys(record) as (keyof typeof record)[];
    return tx.query(
      `insert into public.leads (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((c) =>
        typeof record[c] === 'object' && record[c] !== null ? JSON.stringify(record[c]) : record[c],
      ),
    );
  };
  const deliveries = async () =>
    (
      await supabase.db.query<{
        channel: string;
        kind: string;
        recipient: string | null;
        payload: { lead: { lead_data: Record<string, string> } };
      }>('select * from public.lead_deliveries order by created_at, channel')
    ).rows;

  it('lets the anonymous role insert a report lead, and enqueues its deliveries in the same transaction', async () => {
    await as('service_role', (tx) =>
      tx.query('select public.set_lead_delivery_channels($1::text[])', [
        ['team-email', 'webhook', 'visitor-email'],
      ]),
    );
    await as('anon', (tx) => insertReport(tx, 'Ada@Example.com', ID_A));
    const rows = await deliveries();
    expect(rows.map((r) => [r.channel, r.kind, r.recipient]).sort()).toEqual([
      ['team-email', 'team-email', null],
      ['visitor-email', 'report-summary', 'Ada@Example.com'],
      ['webhook', 'webhook', null],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      form: 'report',
      language: 'fr',
      lead: { lead_data: { form_type: 'report', report_id: ID_A, website: 'https://shop.example/' } },
    });
    // Anonymous visitors still read nothing back.
    await expect(as('anon', (tx) => tx.query('select * from public.leads'))).rejects.toThrow(
      /permission denied/,
    );
  });

  it('folds a repeat of the same report; another report is another lead, with its visitor email', async () => {
    await as('service_role', (tx) =>
      tx.query('select public.set_lead_delivery_channels($1::text[])', [['team-email', 'visitor-email']]),
    );
    await as('anon', (tx) => insertReport(tx, 'ada@example.com', ID_A));
    await as('anon', (tx) => insertReport(tx, 'ADA@example.com', ID_A));
    await as('anon', (tx) => insertReport(tx, 'ada@example.com', ID_B));
    const leads = (
      await supabase.db.query<{ lead_data: { report_id: string } }>(
        'select lead_data from public.leads order by created_at',
      )
    ).rows;
    expect(leads.map((l) => l.lead_data.report_id)).toEqual([ID_A, ID_B]);
    const rows = await deliveries();
    expect(rows.filter((r) => r.channel === 'team-email')).toHaveLength(2);
    // Within the mailbox's three an hour (decision 050; 20270101000000_mailbox_limits.sql).
    expect(rows.filter((r) => r.kind === 'report-summary')).toHaveLength(2);
  });

  it('allows the new kind only as a visitor email, and nothing it did not list', async () => {
    const { rows: constraints } = await supabase.db.query<{ conname: string; def: string }>(
      `select conname, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'public.lead_deliveries'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%optin%'`,
    );
    expect(constraints.map((c) => c.conname).sort()).toEqual([
      'lead_deliveries_kind_check',
      'lead_deliveries_visitor_kind_check',
    ]);
    for (const c of constraints) expect(c.def).toContain('report-summary');
    await as('anon', (tx) => insertReport(tx, 'kinds@example.com', ID_A));
    const lead = (await supabase.db.query<{ id: string }>('select id from public.leads')).rows[0]!.id;
    const insert = (channel: string, kind: string) =>
      supabase.db.query(
        `insert into public.lead_deliveries (lead_id, channel, kind, payload) values ($1, $2, $3, '{}')`,
        [lead, channel, kind],
      );
    await expect(insert('visitor-email', 'report-summary')).resolves.toBeDefined();
    await expect(insert('team-email', 'report-summary')).rejects.toThrow(/violates check constraint/);
    await expect(insert('visitor-email', 'other')).rejects.toThrow(/violates check constraint/);
    await expect(insert('visitor-email', 'team-email')).rejects.toThrow(/violates check constraint/);
  });

  it('pins the search_path of the functions it replaces', async () => {
    const { rows } = await supabase.db.query<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where proname in ('leads_enqueue_deliveries', 'leads_fold_recent_duplicate')`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.proconfig).toContain('search_path=""');
  });
});

describe('Supabase, through the server', () => {
  const supabase = supabaseOnPostgrest();
  let site: Server;
  let siteHost: string;
  beforeAll(async () => {
    site = createHttpServer((req, res) => {
      if (req.url === '/')
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Tea from three farms in Japan</title></head><body><main><h1>Tea</h1><p>Green tea since 2019.</p></main></body></html>',
          );
      else res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteHost = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
  afterEach(closePeers);

  it('stores the report lead through the anon key and emails the saved report', async () => {
    const smtp = await startSmtp();
    const app = await testServer({
      SUPABASE_URL: supabase.postgrest.url,
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
      NEWSLETTER_SECRET: 'a-newsletter-secret-of-at-least-32-chars',
      SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'GEO Platform <hello@geo.example>',
      AUDIT_ALLOWED_HOSTS: siteHost,
    });
    try {
      // The worker tells the database its channels with its first lease: a drain makes one.
      await app.locals.deliveryIdle();
      const audit = await request(app)
        .get('/api/audit')
        .query({ url: `http://${siteHost}/`, lang: 'fr' })
        .set('User-Agent', HUMAN_UA);
      const id = audit.body.id as string;
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const visitor = 'supa-report@example.org';
      const res = await request(app)
        .post('/api/report-email')
        .send({ email: visitor, report: id, lang: 'fr' });
      expect(res.status).toBe(200);
      const lead = (
        await supabase.db.query<{ language: string; lead_data: Record<string, string> }>(
          'select language, lead_data from public.leads where email = $1',
          [visitor],
        )
      ).rows[0]!;
      expect(lead.language).toBe('fr');
      expect(lead.lead_data).toMatchObject({
        form_type: 'report',
        report_id: id,
        website: `http://${siteHost}/`,
        report_url: `https://geo.example/fr/tools/report/${id}`,
      });
      await app.locals.deliveryIdle();
      const mails = smtp.messages.filter((m) => m.to.includes(visitor));
      expect(mails).toHaveLength(1);
      const mail = parseMail(mails[0]!.raw);
      expect(mail.headers.get('subject')).toBe('Votre audit de citation IA de 127.0.0.1');
      expect(mail.text).toContain(`https://geo.example/fr/tools/report/${id}`);
      expect(mail.text).toContain(`${audit.body.overall}\u00a0sur 100`);
      // An id Supabase does not know is refused before anything is stored.
      const unknown = await request(app)
        .post('/api/report-email')
        .send({ email: visitor, report: 'c'.repeat(32), lang: 'en' });
      expect(unknown.status).toBe(400);

      // The mailbox's limits are the database's to keep (decision 050): two more spellings of the
      // same inbox reach it, the next three are queued for the hour after (decision 067), the next
      // one is refused with the reason, and nothing is stored for it.
      const more = async (email: string) =>
        request(app).post('/api/report-email').send({ email, report: id, lang: 'en' });
      expect((await more('Supa-Report+1@example.org')).status).toBe(200);
      expect((await more('supa-report+2@example.org')).status).toBe(200);
      for (const n of [4, 5, 6])
        expect((await more(`supa-report+${n}@example.org`)).body.delivery).toBe('queued');
      const refused = await more('SUPA-REPORT+3@example.org');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('mailbox_limited');
      const stored = await supabase.db.query('select 1 from public.leads where email ilike $1', [
        'supa-report%',
      ]);
      expect(stored.rows).toHaveLength(6);
    } finally {
      await app.locals.close();
    }
  });
});
