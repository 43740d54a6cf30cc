import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supabaseOnPostgres, type SqlEngine, type SqlTx } from '../support/postgres-database.ts';

// The Supabase migration on the run's PostgreSQL server: apply it, call the function, and show
// that the anonymous role can insert leads but never read them.

let db: SqlEngine;

beforeAll(async () => {
  db = await supabaseOnPostgres({ connections: 2 });
});
afterAll(() => db.close());

/** Work in one transaction as the anonymous role. */
const asAnon = <T>(work: (tx: SqlTx) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.exec('set local role anon');
    return work(tx);
  });

describe('supabase migration', () => {
  it('creates leads with the lead record columns and defaults', async () => {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'leads' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual(
      expect.arrayContaining([
        'name',
        'email',
        'phone',
        'company',
        'source',
        'language',
        'lead_data',
        'utm_data',
        'status',
        'created_at',
        'updated_at',
      ]),
    );
    await db.query(`insert into public.leads (email, source) values ('defaults@example.com', 'test')`);
    const row = await db.query<{ status: string }>(
      `select status from public.leads where email = 'defaults@example.com'`,
    );
    expect(row.rows[0]!.status).toBe('new');
  });

  it('create_free_audit_from_form stores a waitlist lead and answers {success, error}', async () => {
    const result = await asAnon((tx) =>
      tx.query<{ r: { success: boolean; error: string | null } }>(
        `select public.create_free_audit_from_form($1, $2, null, null, $3, $4, $5::jsonb, $6) as r`,
        [
          '',
          'Fn@Example.com',
          'https://fn.example.com',
          'fr',
          JSON.stringify({
            utm_source: 'website',
            utm_medium: 'waitlist',
            utm_campaign: 'geo_waitlist_2025',
          }),
          'geo-website',
        ],
      ),
    );
    expect(result.rows[0]!.r).toEqual({ success: true, error: null });
    const stored = await db.query<{
      name: string;
      email: string;
      language: string;
      source: string;
      utm_data: { utm_medium: string };
    }>(`select name, email, language, source, utm_data from public.leads where email = 'fn@example.com'`);
    expect(stored.rows[0]).toMatchObject({
      name: 'Not provided',
      language: 'fr',
      source: 'geo-website',
      utm_data: { utm_medium: 'waitlist' },
    });
  });

  it('answers success false for invalid input instead of raising', async () => {
    const result = await asAnon((tx) =>
      tx.query<{ r: { success: boolean; error: string } }>(
        `select public.create_free_audit_from_form('A', 'not-an-email', null, null, 'https://x.example.com', 'en', null, 's') as r`,
      ),
    );
    expect(result.rows[0]!.r.success).toBe(false);
    expect(result.rows[0]!.r.error).toMatch(/email/);
  });

  it('lets the anonymous role insert leads but not read, change or delete them', async () => {
    await asAnon((tx) =>
      tx.query(
        `insert into public.leads (name, email, source, language, lead_data, utm_data, status) values ('Anon', 'anon@example.com', 's', 'en', '{}', '{}', 'new')`,
      ),
    );
    await expect(asAnon((tx) => tx.query('select * from public.leads'))).rejects.toThrow(/permission denied/);
    await expect(asAnon((tx) => tx.query(`update public.leads set status = 'won'`))).rejects.toThrow(
      /permission denied/,
    );
    await expect(asAnon((tx) => tx.query('delete from public.leads'))).rejects.toThrow(/permission denied/);
    await expect(
      asAnon((tx) =>
        tx.query(`insert into public.leads (email, source, status) values ('x@example.com', 's', 'won')`),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('stores the same form and email once within ten minutes, keeping the later details', async () => {
    const count = async (email: string) =>
      (
        await db.query<{ n: number }>(`select count(*)::int as n from public.leads where lower(email) = $1`, [
          email,
        ])
      ).rows[0]!.n;
    const utm = JSON.stringify({
      utm_source: 'website',
      utm_medium: 'waitlist',
      utm_campaign: 'geo_waitlist_2025',
    });
    // The waitlist function, then the note the website adds as a lead: one row, with the note.
    await asAnon((tx) =>
      tx.query(
        `select public.create_free_audit_from_form('', 'twice@example.com', null, null, 'https://twice.example.com', 'en', $1::jsonb, 's')`,
        [utm],
      ),
    );
    await asAnon((tx) =>
      tx.query(
        `insert into public.leads (name, email, source, language, lead_data, utm_data, status) values ('Ada', 'Twice@example.com', 's', 'en', $1::jsonb, $2::jsonb, 'new')`,
        [
          JSON.stringify({
            form_type: 'waitlist',
            message: 'We sell bikes',
            website: 'https://twice.example.com',
          }),
          utm,
        ],
      ),
    );
    expect(await count('twice@example.com')).toBe(1);
    const row = await db.query<{ name: string; lead_data: { message: string; form_type: string } }>(
      `select name, lead_data from public.leads where email = 'twice@example.com'`,
    );
    expect(row.rows[0]).toMatchObject({
      name: 'Ada',
      lead_data: { message: 'We sell bikes', form_type: 'waitlist' },
    });
    // Another form with the same email is its own lead.
    await asAnon((tx) =>
      tx.query(
        `insert into public.leads (email, source, lead_data, status) values ('twice@example.com', 's', '{"form_type":"contact"}', 'new')`,
      ),
    );
    expect(await count('twice@example.com')).toBe(2);
    // Outside the window, a new row.
    await db.query(
      `update public.leads set created_at = now() - interval '11 minutes' where lower(email) = 'twice@example.com'`,
    );
    await asAnon((tx) =>
      tx.query(
        `insert into public.leads (email, source, lead_data, status) values ('twice@example.com', 's', '{"form_type":"contact"}', 'new')`,
      ),
    );
    expect(await count('twice@example.com')).toBe(3);
  });

  it('pins the function search_path', async () => {
    for (const name of ['create_free_audit_from_form', 'leads_fold_recent_duplicate']) {
      const config = await db.query<{ proconfig: string[] }>(
        `select proconfig from pg_proc where proname = $1`,
        [name],
      );
      expect(config.rows[0]!.proconfig, name).toContain('search_path=""');
    }
  });
});
