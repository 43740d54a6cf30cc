import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client, type InStatement } from '@libsql/client';
import { FORM_TYPES } from '../../lib/form-limits.ts';
import { EmbeddedRechecks, RECHECK_SUBSCRIPTIONS_SCHEMA } from './embedded-rechecks.ts';
import { AUDIT_REPORTS_SCHEMA, EmbeddedReports } from './embedded-reports.ts';
import {
  SubmissionStore,
  duplicateDetail,
  leadColumns,
  leadRecord,
  toDelivery,
  type DeliveryRecord,
  type Submission,
} from './records.ts';
import type { RecheckStore } from './recheck-types.ts';
import type { AuditReportStore } from './report-types.ts';
import {
  DELIVERY_CHANNELS,
  DUPLICATE_WINDOW_MS,
  LEASE_EXPIRED_ERROR,
  MAX_EXPIRED_LEASES,
  StoreUnavailableError,
  VISITOR_MAIL_KIND,
  VISITOR_MAIL_KINDS,
  VISITOR_MAIL_WINDOW_MS,
  type ClaimRequest,
  type Delivery,
  type DeliveryChannel,
  type DeliveryFailureRecord,
  type DeliveryKind,
  type DeliveryPayload,
  type DeliveryStatus,
  type NewsletterSubscriptions,
  type SubscriptionChange,
  type SubscriptionStatus,
  type LeadContext,
  type LeadRow,
  type LeadStore,
  type Outbox,
  type SaveOutcome,
  type StoreOptions,
} from './types.ts';

// The embedded default store: one SQLite file in DATA_DIR (WAL, synchronous=FULL so a 200 means the
// lead is on disk), created with its schema on first start, migrations versioned in the file.
// It is also the lead delivery outbox (decision 018): a lead and the deliveries it causes are written
// in one transaction, and workers (in this process or another one on the same file) lease them.
// The saved audit reports live in the same file (embedded-reports.ts).

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
    // Saved audit reports (issue 23): embedded-reports.ts.
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
    // Monthly re-check subscriptions (issue 23): embedded-rechecks.ts. The runner applies each
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
];

/** A delivery's payload, built in SQL from the lead row just inserted (its id is only known there). */
const PAYLOAD_SQL = `json_object(
  'form', l.form_type,
  'language', l.language,
  'lead', json_object(
    'id', l.id, 'form_type', l.form_type, 'name', l.name, 'email', l.email, 'phone', l.phone,
    'company', l.company, 'website', l.website, 'service', l.service, 'message', l.message,
    'language', l.language, 'source', l.source, 'status', l.status, 'utm_data', json(l.utm_data),
    'lead_data', json(l.lead_data), 'created_at', l.created_at))`;

/** The columns a new delivery is written with (the rest take their defaults). */
const INSERT_DELIVERY =
  'INSERT INTO lead_deliveries (id, lead_id, channel, kind, recipient, recipient_key, payload, status, attempts, next_attempt_at, created_at)';

/**
 * A monthly re-check's email (decision 032), for EmbeddedRechecks.complete's transaction: inserted
 * only if the statement just before it (the completion's UPDATE) changed its row, attached to the
 * newest `recheck` lead of the subscription. Without one, lead_id is NULL and the insert fails: the
 * whole completion is refused.
 */
function recheckMailInsert(subscriptionId: string, payload: DeliveryPayload, at: Date): InStatement {
  const iso = at.toISOString();
  return {
    sql: `${INSERT_DELIVERY}
          SELECT ?, (SELECT max(l.id) FROM leads l
                     WHERE l.form_type = 'recheck' AND json_extract(l.lead_data, '$.recheck_id') = r.id),
                 'visitor-email', 'recheck-report', r.email, r.email_key, ?, 'pending', 0, ?, ?
          FROM recheck_subscriptions r WHERE r.id = ? AND changes() = 1`,
    args: [randomUUID(), JSON.stringify(payload), iso, iso, subscriptionId],
  };
}

const DELIVERY_COLUMNS =
  'id, lead_id, channel, kind, recipient, payload, status, attempts, expired_leases, next_attempt_at, lease_until, leased_by, last_error, created_at, retried_at, delivered_at';

/** Counts by status, for operators. */
export type OutboxCounts = Record<DeliveryStatus, number>;

/**
 * How long a write waits for a lock held by another process before failing. Short on purpose:
 * SQLite waits on the event loop's thread, and a visitor should get a quick 503, not a hang.
 */
const BUSY_TIMEOUT_MS = 500;

export const DATABASE_FILE = 'leads.db';

/** Checks DATA_DIR before anything else, so a bad directory fails start-up with one clear line. */
export function prepareDataDir(dataDir: string): string {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new Error(
      `DATA_DIR ${dataDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!statSync(dataDir).isDirectory()) throw new Error(`DATA_DIR ${dataDir} is not a directory`);
  try {
    accessSync(dataDir, constants.W_OK | constants.R_OK);
  } catch {
    throw new Error(`DATA_DIR ${dataDir} is not writable by this process`);
  }
  return path.join(dataDir, DATABASE_FILE);
}

export class EmbeddedStore extends SubmissionStore implements LeadStore, Outbox, NewsletterSubscriptions {
  readonly kind = 'embedded' as const;
  /** Channels that get a delivery for each new lead. */
  readonly channels: ReadonlySet<DeliveryChannel>;
  /** Saved audit reports, in the same file: always available on the embedded store. */
  readonly reports: AuditReportStore;
  /** Monthly re-check subscriptions, in the same file: always available on the embedded store. */
  readonly rechecks: RecheckStore;
  private constructor(
    private readonly client: Client,
    readonly file: string,
    channels: ReadonlySet<DeliveryChannel>,
  ) {
    super();
    this.channels = channels;
    this.reports = new EmbeddedReports(client);
    // A completed re-check's email goes out through this outbox when visitor emails are on.
    this.rechecks = new EmbeddedRechecks(
      client,
      channels.has('visitor-email') ? recheckMailInsert : undefined,
    );
  }

  static async open(dataDir: string, options: StoreOptions = {}): Promise<EmbeddedStore> {
    const file = prepareDataDir(dataDir);
    // `timeout` is SQLite's busy timeout, set on every connection of the client's pool (a PRAGMA
    // would only reach the connection it ran on).
    const client = createClient({ url: `file:${file}`, timeout: BUSY_TIMEOUT_MS });
    const channels = new Set(options.channels ?? []);
    for (const channel of channels) {
      if (!DELIVERY_CHANNELS.includes(channel)) throw new Error(`Unknown delivery channel: ${channel}`);
    }
    const store = new EmbeddedStore(client, file, channels);
    await store.migrate();
    return store;
  }

  /** This store is its own outbox when a channel is on. */
  get outbox(): Outbox | undefined {
    return this.channels.size > 0 ? this : undefined;
  }

  private async migrate(): Promise<void> {
    await this.client.execute('PRAGMA journal_mode = WAL');
    await this.client.execute('PRAGMA synchronous = FULL');
    await this.client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await this.client.execute(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)',
    );
    const applied = new Set(
      (await this.client.execute('SELECT version FROM schema_migrations')).rows.map((r) => Number(r.version)),
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
        if (migration.foreignKeysOff) await this.client.migrate(statements);
        else await this.client.batch(statements, 'write');
      } catch (error) {
        // Several processes may open a new file at once (one per core, or the operators' script):
        // the one that lost the race finds the migration applied by the other.
        const done = await this.client.execute({
          sql: 'SELECT 1 FROM schema_migrations WHERE version = ?',
          args: [migration.version],
        });
        if (done.rows.length === 0) throw error;
      }
    }
  }

  /**
   * One statement inserts unless the same form and email (and, for a report, the same report: see
   * duplicateDetail) arrived within the window: atomic in SQLite.
   * With channels on, the same write transaction (one batch: no other work runs on this connection in
   * between) inserts the lead's deliveries, each only if the lead row was inserted; the visitor email
   * also only if no visitor email to that address was created within its window.
   */
  protected async save(submission: Submission, ctx: LeadContext): Promise<SaveOutcome> {
    const record = leadRecord(submission, ctx);
    const columns = leadColumns(record);
    const now = ctx.submittedAt.getTime();
    const emailKey = record.email.toLowerCase();
    const submissionId = this.channels.size > 0 ? randomUUID() : null;
    const statement: InStatement = {
      sql: `INSERT INTO leads (form_type, name, email, email_key, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at, created_ms, submission_id)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
            WHERE NOT EXISTS (SELECT 1 FROM leads WHERE form_type = ? AND email_key = ? AND created_ms > ?
              AND coalesce(json_extract(lead_data, '$.report_id'), '') = ?)`,
      args: [
        columns.form_type,
        record.name,
        record.email,
        emailKey,
        record.phone,
        record.company,
        columns.website,
        columns.service,
        columns.message,
        record.language,
        record.source,
        record.status,
        JSON.stringify(record.utm_data),
        JSON.stringify(record.lead_data),
        ctx.submittedAt.toISOString(),
        now,
        submissionId,
        columns.form_type,
        emailKey,
        now - DUPLICATE_WINDOW_MS,
        duplicateDetail(submission),
      ],
    };
    try {
      if (!submissionId) {
        const result = await this.client.execute(statement);
        return result.rowsAffected === 1 ? 'stored' : 'duplicate';
      }
      const [lead] = await this.client.batch(
        [statement, ...this.deliveryInserts(submission, submissionId, ctx.submittedAt)],
        'write',
      );
      return lead!.rowsAffected === 1 ? 'stored' : 'duplicate';
    } catch (error) {
      throw new StoreUnavailableError(`embedded store write failed: ${(error as Error).message}`);
    }
  }

  private deliveryInserts(submission: Submission, submissionId: string, submittedAt: Date): InStatement[] {
    const email = submission.data.email;
    const at = submittedAt.toISOString();
    const insert = (
      channel: DeliveryChannel,
      kind: DeliveryKind,
      recipient: string | null,
      condition = '',
      conditionArgs: (string | number)[] = [],
    ): InStatement => ({
      sql: `${INSERT_DELIVERY}
            SELECT ?, l.id, ?, ?, ?, ?, ${PAYLOAD_SQL}, 'pending', 0, ?, ?
            FROM leads l WHERE l.submission_id = ?${condition}`,
      args: [
        randomUUID(),
        channel,
        kind,
        recipient,
        recipient?.toLowerCase() ?? null,
        at,
        at,
        submissionId,
        ...conditionArgs,
      ],
    });
    const statements: InStatement[] = [];
    if (this.channels.has('team-email')) statements.push(insert('team-email', 'team-email', null));
    if (this.channels.has('webhook')) statements.push(insert('webhook', 'webhook', null));
    if (this.channels.has('visitor-email')) {
      statements.push(
        insert(
          'visitor-email',
          VISITOR_MAIL_KIND[submission.form],
          email,
          ` AND NOT EXISTS (SELECT 1 FROM lead_deliveries d
              WHERE d.channel = 'visitor-email' AND d.recipient_key = ? AND d.created_at > ?)`,
          [email.toLowerCase(), new Date(submittedAt.getTime() - VISITOR_MAIL_WINDOW_MS).toISOString()],
        ),
      );
    }
    return statements;
  }

  /** The newsletter's double opt-in: always available on the embedded store. */
  get subscriptions(): NewsletterSubscriptions {
    return this;
  }

  async setStatus(
    email: string,
    status: SubscriptionStatus,
    options: { linkIssuedAt?: Date; now?: Date } = {},
  ): Promise<SubscriptionChange> {
    const key = email.toLowerCase();
    const newsletter = "form_type = 'newsletter' AND email_key = ?";
    // A subscription through a link issued before the last unsubscribe changes nothing.
    const superseded = options.linkIssuedAt
      ? {
          sql: 'EXISTS (SELECT 1 FROM newsletter_unsubscribes WHERE email_key = ? AND unsubscribed_at > ?)',
          args: [key, options.linkIssuedAt.toISOString()],
        }
      : { sql: '0', args: [] };
    const statements: InStatement[] = [
      {
        sql: `SELECT (SELECT count(*) FROM leads WHERE ${newsletter}) AS n, ${superseded.sql} AS superseded`,
        args: [key, ...superseded.args],
      },
      // The update applies only to sign-ups not already in that state.
      {
        sql: `UPDATE leads SET status = ? WHERE ${newsletter} AND status <> ? AND NOT ${superseded.sql}`,
        args: [status, key, status, ...superseded.args],
      },
    ];
    if (status === 'unsubscribed') {
      statements.push({
        sql: `INSERT INTO newsletter_unsubscribes (email_key, unsubscribed_at)
              SELECT ?, ? WHERE EXISTS (SELECT 1 FROM leads WHERE ${newsletter})
              ON CONFLICT (email_key) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at`,
        args: [key, (options.now ?? new Date()).toISOString(), key],
      });
    }
    // One write transaction: the check and the change see the same state.
    const [before, updated] = await this.client.batch(statements, 'write');
    const row = before!.rows[0]!;
    if (Number(row.n) === 0) return 'unknown';
    if (Number(row.superseded) === 1) return 'superseded';
    return updated!.rowsAffected > 0 ? 'changed' : 'unchanged';
  }

  async ping(): Promise<void> {
    try {
      accessSync(path.dirname(this.file), constants.W_OK);
      await this.client.execute({
        sql: 'INSERT OR REPLACE INTO store_health (id, checked_at) VALUES (1, ?)',
        args: [new Date().toISOString()],
      });
    } catch (error) {
      throw new StoreUnavailableError(`embedded store unavailable: ${(error as Error).message}`);
    }
  }

  /** Every lead, oldest first, optionally since a date (operators' export). */
  async list(since?: Date): Promise<LeadRow[]> {
    const result = await this.client.execute({
      sql: `SELECT id, form_type, name, email, phone, company, website, service, message, language, source, status, utm_data, lead_data, created_at
            FROM leads WHERE created_ms >= ? ORDER BY id`,
      args: [since ? since.getTime() : 0],
    });
    return result.rows.map((r) => ({ ...r }) as unknown as LeadRow);
  }

  // --- Outbox (the worker) -------------------------------------------------------------------

  /**
   * One UPDATE … RETURNING statement: atomic in SQLite, so two workers never lease one delivery.
   * A due row that still has a lease had it expire without an outcome (complete, fail and retry all
   * clear it): that lost attempt is counted here, and the row is failed rather than leased once it
   * has expired `maxExpiredLeases` times (decision 021). SET expressions read the row as it was.
   */
  async claim(request: ClaimRequest): Promise<Delivery[]> {
    if (request.channels.length === 0 || request.limit < 1) return [];
    const now = request.now.toISOString();
    const max = Math.max(1, Math.floor(request.maxExpiredLeases ?? MAX_EXPIRED_LEASES));
    const expired = 'lease_until IS NOT NULL';
    const dies = `(${expired} AND expired_leases + 1 >= ?)`;
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET attempts = attempts + (${expired}),
                expired_leases = expired_leases + (${expired}),
                last_error = CASE WHEN ${expired}
                  THEN printf('%s, %d of %d', ?, expired_leases + 1, ?) ELSE last_error END,
                status = CASE WHEN ${dies} THEN 'failed' ELSE status END,
                lease_until = CASE WHEN ${dies} THEN NULL ELSE ? END,
                leased_by = CASE WHEN ${dies} THEN NULL ELSE ? END
            WHERE id IN (
              SELECT id FROM lead_deliveries
              WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
                AND channel IN (${request.channels.map(() => '?').join(', ')})
              ORDER BY next_attempt_at, created_at
              LIMIT ?)
            RETURNING ${DELIVERY_COLUMNS}`,
      args: [
        LEASE_EXPIRED_ERROR,
        max,
        max,
        max,
        new Date(request.now.getTime() + request.leaseMs).toISOString(),
        max,
        request.workerId,
        now,
        now,
        ...request.channels,
        request.limit,
      ],
    });
    return result.rows.map((row) => toDelivery(row as unknown as DeliveryRecord));
  }

  async complete(id: string, workerId: string, at: Date): Promise<boolean> {
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, lease_until = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'pending'`,
      args: [at.toISOString(), id, workerId],
    });
    return result.rowsAffected === 1;
  }

  async fail(id: string, failure: DeliveryFailureRecord): Promise<boolean> {
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET attempts = attempts + 1, last_error = ?,
                status = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END,
                next_attempt_at = COALESCE(?, next_attempt_at), lease_until = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'pending'`,
      args: [
        failure.error.slice(0, 1000),
        failure.retryAt?.toISOString() ?? null,
        failure.retryAt?.toISOString() ?? null,
        id,
        failure.workerId,
      ],
    });
    return result.rowsAffected === 1;
  }

  // --- Outbox (operators: npm run leads -- outbox | retry) ---------------------------------------

  async outboxCounts(): Promise<OutboxCounts> {
    const counts: OutboxCounts = { pending: 0, delivered: 0, failed: 0 };
    const result = await this.client.execute(
      'SELECT status, count(*) AS n FROM lead_deliveries GROUP BY status',
    );
    for (const row of result.rows) counts[row.status as DeliveryStatus] = Number(row.n);
    return counts;
  }

  /** Deliveries with these statuses (all when none is given), oldest first. */
  async deliveries(statuses: readonly DeliveryStatus[] = []): Promise<Delivery[]> {
    const where = statuses.length ? `WHERE status IN (${statuses.map(() => '?').join(', ')})` : '';
    const result = await this.client.execute({
      sql: `SELECT ${DELIVERY_COLUMNS} FROM lead_deliveries ${where} ORDER BY created_at, id`,
      args: [...statuses],
    });
    return result.rows.map((row) => toDelivery(row as unknown as DeliveryRecord));
  }

  /**
   * Puts deliveries back to pending, due now, with a fresh retry schedule and a fresh count of
   * expired leases: one by id (a failed one, or a pending one nobody is sending right now), or every
   * failed one. Returns how many changed.
   */
  async retry(target: { id: string } | { allFailed: true }, now = new Date()): Promise<number> {
    const at = now.toISOString();
    const which =
      'id' in target
        ? {
            sql: `id = ? AND (status = 'failed' OR (status = 'pending' AND (lease_until IS NULL OR lease_until <= ?)))`,
            args: [target.id, at],
          }
        : { sql: `status = 'failed'`, args: [] };
    const result = await this.client.execute({
      sql: `UPDATE lead_deliveries
            SET status = 'pending', next_attempt_at = ?, retried_at = ?, lease_until = NULL, leased_by = NULL,
                expired_leases = 0
            WHERE ${which.sql}`,
      args: [at, at, ...which.args],
    });
    return result.rowsAffected;
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
