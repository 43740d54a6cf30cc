import type { Client, InStatement } from '@libsql/client';
import { FORM_TYPES } from '../../lib/form-limits.ts';
import { mailboxKeySql } from '../mailbox.ts';
import { RECHECK_SUBSCRIPTIONS_SCHEMA } from './embedded-rechecks.ts';
import { AUDIT_REPORTS_BOUNDS_SCHEMA, AUDIT_REPORTS_SCHEMA } from './embedded-reports.ts';
import { VISITOR_MAIL_KINDS } from './types.ts';

// The embedded store's schema, version by version. A version once released is history: a change is
// a new version at the end, never an edit of one a file may already have applied.

/**
 * Rebuilds a table to change what its CHECK constraints allow, which SQLite cannot alter in place:
 * SQLite's own procedure (https://www.sqlite.org/lang_altertable.html#otheralter), with foreign keys
 * off for the transaction (a migration with `foreignKeysOff`): a new table, every row copied, the old
 * one dropped, the new one renamed (in that order, so `lead_deliveries` keeps referencing `leads`),
 * its indexes made again. An AUTOINCREMENT table keeps its sequence, so no id is ever given twice.
 */
function rebuildTable(table: string, create: string, columns: string, indexes: string[]): string[] {
  const next = `${table}_next`;
  return [
    create.replace(`CREATE TABLE ${table} (`, `CREATE TABLE ${next} (`),
    `INSERT INTO ${next} (${columns}) SELECT ${columns} FROM ${table}`,
    `UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = '${table}'), 0))
     WHERE name = '${next}'`,
    `INSERT INTO sqlite_sequence (name, seq) SELECT '${next}', seq FROM sqlite_sequence
     WHERE name = '${table}' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = '${next}')`,
    `DROP TABLE ${table}`,
    `ALTER TABLE ${next} RENAME TO ${table}`,
    ...indexes,
  ];
}

/**
 * The leads and lead_deliveries tables rebuilt (rebuildTable) to allow these form types and delivery
 * kinds: the columns are those of migrations 1, 3 and 4, in their order. Each migration that widens
 * the lists passes them as they stood then.
 */
function rebuildLeadTables(forms: readonly string[], kinds: readonly string[]): string[] {
  const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
  return [
    ...rebuildTable(
      'leads',
      `CREATE TABLE leads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_type TEXT NOT NULL CHECK (form_type IN (${list(forms)})),
        name TEXT,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL,
        phone TEXT,
        company TEXT,
        website TEXT,
        service TEXT,
        message TEXT,
        language TEXT NOT NULL,
        source TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'new',
        utm_data TEXT NOT NULL,
        lead_data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        submission_id TEXT
      )`,
      'id, form_type, name, email, email_key, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at, created_ms, submission_id',
      [
        'CREATE INDEX leads_dedupe ON leads (form_type, email_key, created_ms)',
        'CREATE INDEX leads_created ON leads (created_ms)',
        'CREATE UNIQUE INDEX leads_submission ON leads (submission_id)',
      ],
    ),
    ...rebuildTable(
      'lead_deliveries',
      `CREATE TABLE lead_deliveries (
        id TEXT PRIMARY KEY,
        lead_id INTEGER NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('team-email', 'webhook', 'visitor-email')),
        kind TEXT NOT NULL CHECK (kind IN (${list(kinds)})),
        recipient TEXT,
        recipient_key TEXT,
        payload TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        leased_by TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        retried_at TEXT,
        delivered_at TEXT,
        expired_leases INTEGER NOT NULL DEFAULT 0
      )`,
      'id, lead_id, channel, kind, recipient, recipient_key, payload, status, attempts, next_attempt_at, lease_until, leased_by, last_error, created_at, retried_at, delivered_at, expired_leases',
      [
        'CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at)',
        'CREATE INDEX lead_deliveries_lead ON lead_deliveries (lead_id)',
        "CREATE INDEX lead_deliveries_visitor ON lead_deliveries (recipient_key, created_at) WHERE channel = 'visitor-email'",
      ],
    ),
  ];
}

/** The file's schema, version by version (exported for the tests of an upgrade). */
export const MIGRATIONS: readonly { version: number; statements: string[]; foreignKeysOff?: boolean }[] = [
  {
    version: 1,
    statements: [
      `CREATE TABLE leads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_type TEXT NOT NULL CHECK (form_type IN ('waitlist', 'contact', 'newsletter')),
        name TEXT,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL,
        phone TEXT,
        company TEXT,
        website TEXT,
        service TEXT,
        message TEXT,
        language TEXT NOT NULL,
        source TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'new',
        utm_data TEXT NOT NULL,
        lead_data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      )`,
      'CREATE INDEX leads_dedupe ON leads (form_type, email_key, created_ms)',
      'CREATE INDEX leads_created ON leads (created_ms)',
    ],
  },
  {
    version: 2,
    // Readiness writes here: a write probe finds a locked or read-only file, a read would not.
    statements: [
      'CREATE TABLE store_health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL)',
    ],
  },
  {
    version: 3,
    // The outbox. Times are ISO 8601 UTC strings from toISOString(), which sort as they compare.
    // `submission_id` marks the row a save just inserted, so its deliveries are inserted by the same
    // transaction only when the lead itself was (a duplicate inserts neither).
    statements: [
      'ALTER TABLE leads ADD COLUMN submission_id TEXT',
      'CREATE UNIQUE INDEX leads_submission ON leads (submission_id)',
      `CREATE TABLE lead_deliveries (
        id TEXT PRIMARY KEY,
        lead_id INTEGER NOT NULL REFERENCES leads (id),
        channel TEXT NOT NULL CHECK (channel IN ('team-email', 'webhook', 'visitor-email')),
        kind TEXT NOT NULL CHECK (kind IN ('team-email', 'webhook', 'waitlist-confirmation', 'contact-ack', 'newsletter-optin')),
        recipient TEXT,
        recipient_key TEXT,
        payload TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        leased_by TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL,
        retried_at TEXT,
        delivered_at TEXT
      )`,
      'CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at)',
      'CREATE INDEX lead_deliveries_lead ON lead_deliveries (lead_id)',
      "CREATE INDEX lead_deliveries_visitor ON lead_deliveries (recipient_key, created_at) WHERE channel = 'visitor-email'",
    ],
  },
  {
    version: 4,
    // Leases that expired without an outcome (decision 021): a delivery whose worker keeps dying
    // is failed after MAX_EXPIRED_LEASES of them instead of being sent again forever.
    statements: ['ALTER TABLE lead_deliveries ADD COLUMN expired_leases INTEGER NOT NULL DEFAULT 0'],
  },
  {
    version: 5,
    // When each address last unsubscribed from the newsletter (decision 021): a confirmation link
    // issued before that no longer subscribes it.
    statements: [
      'CREATE TABLE newsletter_unsubscribes (email_key TEXT PRIMARY KEY, unsubscribed_at TEXT NOT NULL)',
    ],
  },
  {
    version: 6,
    // Saved audit reports: embedded-reports.ts.
    statements: AUDIT_REPORTS_SCHEMA,
  },
  {
    version: 7,
    // "Email me this report" (decision 030): form_type 'report' and the visitor email
    // 'report-summary'.
    foreignKeysOff: true,
    statements: rebuildLeadTables(
      ['waitlist', 'contact', 'newsletter', 'report'],
      ['team-email', 'webhook', 'waitlist-confirmation', 'contact-ack', 'newsletter-optin', 'report-summary'],
    ),
  },
  {
    version: 8,
    // Monthly re-check subscriptions: embedded-rechecks.ts. The runner applies each
    // version it has not applied, so this one does not depend on 7 (a file may get it first).
    statements: RECHECK_SUBSCRIPTIONS_SCHEMA,
  },
  {
    version: 9,
    // Monthly re-checks (decision 032): form_type 'recheck', and its visitor emails 'recheck-optin'
    // (the lead's) and 'recheck-report' (each month's, enqueued when a re-check completes).
    foreignKeysOff: true,
    statements: rebuildLeadTables(FORM_TYPES, ['team-email', 'webhook', ...VISITOR_MAIL_KINDS]),
  },
  {
    version: 10,
    // Limits that protect a recipient count mailboxes, not spellings of an address (decision 050):
    // the visitor emails' recipient_key and the re-checks' new mailbox_key hold mailboxKey(), and the
    // rows written before are rewritten by the same rule. The re-checks' email_key stays as it was:
    // its unique index says one open subscription per address as typed, and rewriting it could
    // collide two rows that were distinct.
    statements: [
      `UPDATE lead_deliveries SET recipient_key = ${mailboxKeySql('recipient')}
       WHERE channel = 'visitor-email' AND recipient IS NOT NULL`,
      'ALTER TABLE recheck_subscriptions ADD COLUMN mailbox_key TEXT',
      `UPDATE recheck_subscriptions SET mailbox_key = ${mailboxKeySql('email')}`,
      `CREATE INDEX recheck_subscriptions_mailbox ON recheck_subscriptions (mailbox_key)
       WHERE status IN ('pending', 'active')`,
    ],
  },
  {
    version: 11,
    // Bounded saved reports (decision 048): each report's size and who asked for it, for the
    // store's budget and the daily cap per visitor: embedded-reports.ts.
    statements: AUDIT_REPORTS_BOUNDS_SCHEMA,
  },
  {
    version: 12,
    // An email a visitor asks for is queued, not dropped, when the mailbox has had its emails for
    // the hour or the day (decision 067): not_before is when it may go (its first attempt), and the
    // mailbox's limits count visitor emails by it. Rows written before went at their creation.
    statements: [
      'ALTER TABLE lead_deliveries ADD COLUMN not_before TEXT',
      'UPDATE lead_deliveries SET not_before = created_at',
      `CREATE INDEX lead_deliveries_mailbox_due ON lead_deliveries (recipient_key, not_before)
       WHERE channel = 'visitor-email'`,
    ],
  },
];

/**
 * Opens the file's journal (WAL, synchronous=FULL, the busy timeout) and applies every version of
 * MIGRATIONS it has not applied yet, each in its own transaction.
 */
export async function applyMigrations(client: Client, busyTimeoutMs: number): Promise<void> {
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('PRAGMA synchronous = FULL');
  await client.execute(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  await client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
  );
  const applied = new Set(
    (await client.execute('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)),
  );
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    const statements: InStatement[] = [
      ...migration.statements,
      {
        sql: 'INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)',
        args: [migration.version, new Date().toISOString()],
      },
    ];
    try {
      // A table rebuild runs with foreign keys off (libsql turns them on for every connection).
      if (migration.foreignKeysOff) await client.migrate(statements);
      else await client.batch(statements, 'write');
    } catch (error) {
      // Several processes may open a new file at once (one per core, or the operators' script):
      // the one that lost the race finds the migration applied by the other.
      const done = await client.execute({
        sql: 'SELECT 1 FROM schema_migrations WHERE version = ?',
        args: [migration.version],
      });
      if (done.rows.length === 0) throw error;
    }
  }
}
