import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxKey, mailboxKeySql } from '../../src/server/mailbox.ts';
import { MIGRATIONS } from '../../src/server/store/embedded-migrations.ts';
import { DATABASE_FILE, EmbeddedStore } from '../../src/server/store/embedded.ts';
import { supabaseOnPostgres, type SqlEngine } from '../support/postgres-database.ts';

// The mailbox key is one rule in three places (decision 050): mailboxKey() in the website, the
// expression the embedded store's migration 10 rewrites stored keys with, and Supabase's
// public.mailbox_key(). They must agree on every address, or a limit counts one inbox as two.

const ADDRESSES = [
  'victim@gmail.com',
  'VICTIM@GMAIL.COM',
  'v.i.c.t.i.m@gmail.com',
  'Victim+report-7@gmail.com',
  'vic.tim+a+b@googlemail.com',
  ' victim@gmail.com ',
  'jane.doe+news@Example.org',
  'jane.doe@outlook.com',
  'j.doe@company-on-workspace.com',
  'j.doe@gmail.com.example',
  '+tag@example.com',
  'plain@sub.example.co.uk',
  'élodie.martin+x@exemple.fr',
];

describe('the mailbox key', () => {
  let db: SqlEngine;
  beforeAll(async () => {
    db = await supabaseOnPostgres({ connections: 1 });
  });
  afterAll(() => db.close());

  it('is the same in the website, in SQLite and in Postgres', async () => {
    const sqlite = createClient({ url: ':memory:' });
    try {
      for (const address of ADDRESSES) {
        const expected = mailboxKey(address);
        const inSqlite = await sqlite.execute({
          sql: `SELECT ${mailboxKeySql('a')} AS k FROM (SELECT ? AS a)`,
          args: [address],
        });
        expect(inSqlite.rows[0]!.k, address).toBe(expected);
        const inPostgres = await db.query<{ k: string }>('select public.mailbox_key($1) as k', [address]);
        expect(inPostgres.rows[0]!.k, address).toBe(expected);
      }
    } finally {
      sqlite.close();
    }
  });
});

describe('embedded store, migration 10', () => {
  it('rewrites the keys stored before it, so that earlier emails count for their mailbox', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'geo-migration-10-'));
    const raw = createClient({ url: `file:${path.join(dir, DATABASE_FILE)}` });
    try {
      await raw.execute(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
      );
      for (const migration of MIGRATIONS.filter((m) => m.version < 10)) {
        const statements = [
          ...migration.statements,
          {
            sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
            args: [migration.version, new Date().toISOString()],
          },
        ];
        if (migration.foreignKeysOff) await raw.migrate(statements);
        else await raw.batch(statements, 'write');
      }
      // As the previous release wrote them, an hour ago: three visitor emails to one inbox under
      // three keys, and a re-check of the same inbox under another spelling.
      const hourAgo = new Date(Date.now() - 50 * 60_000).toISOString();
      const lead = await raw.execute({
        sql: `INSERT INTO leads (form_type, email, email_key, language, source, utm_data, lead_data, created_at, created_ms)
              VALUES ('newsletter', 'Sam.R@gmail.com', 'sam.r@gmail.com', 'en', 's', '{}', '{"form_type":"newsletter"}', ?, ?)`,
        args: [hourAgo, Date.parse(hourAgo)],
      });
      for (const recipient of ['Sam.R@gmail.com', 'samr+1@gmail.com', 's.a.m.r@googlemail.com']) {
        await raw.execute({
          sql: `INSERT INTO lead_deliveries (id, lead_id, channel, kind, recipient, recipient_key, payload, next_attempt_at, created_at)
                VALUES (?, ?, 'visitor-email', 'newsletter-optin', ?, ?, '{}', ?, ?)`,
          args: [
            randomUUID(),
            Number(lead.lastInsertRowid),
            recipient,
            recipient.toLowerCase(),
            hourAgo,
            hourAgo,
          ],
        });
      }
      await raw.execute({
        sql: `INSERT INTO recheck_subscriptions (id, email, email_key, address, pages, language, status, last_report_id, created_ms)
              VALUES (?, 'S.A.M.R+x@gmail.com', 's.a.m.r+x@gmail.com', 'https://a.example/', 1, 'en', 'pending', ?, ?)`,
        args: [randomBytes(16).toString('hex'), randomBytes(16).toString('hex'), Date.now()],
      });

      // None may wait for the window (decision 067): the limit itself is what this shows.
      const store = await EmbeddedStore.open(dir, {
        channels: ['visitor-email'],
        visitorMailLimits: { perHour: 3, perDay: 6, queued: 0 },
      });
      try {
        const keys = await raw.execute('SELECT DISTINCT recipient_key FROM lead_deliveries');
        expect(keys.rows.map((r) => r.recipient_key)).toEqual(['samr@gmail.com']);
        const mailboxes = await raw.execute('SELECT mailbox_key FROM recheck_subscriptions');
        expect(mailboxes.rows.map((r) => r.mailbox_key)).toEqual(['samr@gmail.com']);
        // The inbox has had its three this hour, whatever the spelling asked next.
        const outcome = await store.save(
          { form: 'newsletter', data: { email: 'sa.mr+2@gmail.com', lang: 'en' } },
          { source: 's', submittedAt: new Date() },
        );
        expect(outcome).toBe('limited');
      } finally {
        await store.close();
      }
    } finally {
      raw.close();
    }
  });
});
