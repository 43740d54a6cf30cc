import type { Client, InStatement, Row } from '@libsql/client';
import type { Lang } from '../../site.ts';
import {
  MAX_RECHECKS_PER_EMAIL,
  RECHECK_ID,
  type RecheckStatus,
  type RecheckStore,
  type RecheckSubscription,
  byDue,
} from './recheck-types.ts';
import { mailboxKey } from '../mailbox.ts';
import { embeddedSql, type EmbeddedSql } from './embedded-sql.ts';
import { LEASE_CLOCK_SKEW_MS, StoreUnavailableError, type DeliveryPayload } from './types.ts';

// Monthly re-check subscriptions in the embedded store's SQLite file, beside the leads and
// the saved reports: the same libsql client, so the same WAL file, busy timeout and durability, and
// several server processes on one DATA_DIR share them. Times are integer milliseconds, as in
// audit_reports. `email_key` is the email lowercased here (as leads.email_key), so "the same email"
// means the same thing whatever SQLite's lower() knows of Unicode.
//
// Atomicity: a request's limit check and insert are one write batch (one BEGIN IMMEDIATE
// transaction, which another process waits for); a claim is one UPDATE … RETURNING statement. So
// neither two requests nor two workers, in this process or another, can interleave.

const ID_CHECK = (column: string) => `length(${column}) = 32 AND ${column} NOT GLOB '*[^0-9a-f]*'`;

/** The embedded store's migration that creates the table (embedded.ts applies it in its order). */
export const RECHECK_SUBSCRIPTIONS_SCHEMA = [
  `CREATE TABLE recheck_subscriptions (
    id TEXT PRIMARY KEY CHECK (${ID_CHECK('id')}),
    email TEXT NOT NULL CHECK (
      length(email) BETWEEN 3 AND 254 AND email GLOB '?*@?*.?*' AND email NOT GLOB '*@*@*'
      AND email NOT GLOB ('*[' || char(9, 10, 11, 12, 13, 32) || ']*')),
    email_key TEXT NOT NULL,
    address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 2048),
    pages INTEGER NOT NULL CHECK (typeof(pages) = 'integer' AND pages >= 1),
    language TEXT NOT NULL CHECK (language IN ('en', 'fr')),
    status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed')),
    last_report_id TEXT NOT NULL CHECK (${ID_CHECK('last_report_id')}),
    created_ms INTEGER NOT NULL,
    confirmed_ms INTEGER,
    unsubscribed_ms INTEGER,
    next_check_ms INTEGER,
    last_checked_ms INTEGER,
    lease_until_ms INTEGER,
    leased_by TEXT,
    -- Only an active subscription is due; it was confirmed; an ended one says when it ended.
    CHECK ((status = 'active') = (next_check_ms IS NOT NULL)),
    CHECK (status <> 'active' OR confirmed_ms IS NOT NULL),
    CHECK ((status = 'unsubscribed') = (unsubscribed_ms IS NOT NULL)),
    -- A lease has a holder and an end, and only an active subscription has one.
    CHECK ((leased_by IS NULL) = (lease_until_ms IS NULL)),
    CHECK (leased_by IS NULL OR status = 'active')
  )`,
  // One open (pending or active) subscription per email and address: the request's own check, kept
  // by the table too. Its leading column serves the per-email limit.
  `CREATE UNIQUE INDEX recheck_subscriptions_open ON recheck_subscriptions (email_key, address)
   WHERE status IN ('pending', 'active')`,
  // claimDue().
  'CREATE INDEX recheck_subscriptions_due ON recheck_subscriptions (status, next_check_ms)',
  // list() and purgeUnconfirmed().
  'CREATE INDEX recheck_subscriptions_created ON recheck_subscriptions (created_ms)',
];

const COLUMNS =
  'id, email, address, pages, language, status, last_report_id, created_ms, confirmed_ms, unsubscribed_ms, next_check_ms, last_checked_ms, lease_until_ms, leased_by';

const OPEN = "status IN ('pending', 'active')";

const date = (value: unknown): Date | null => (value === null ? null : new Date(Number(value)));

function toSubscription(row: Row): RecheckSubscription {
  return {
    id: String(row.id),
    email: String(row.email),
    address: String(row.address),
    pages: Number(row.pages),
    language: String(row.language) as Lang,
    status: String(row.status) as RecheckStatus,
    lastReportId: String(row.last_report_id),
    createdAt: new Date(Number(row.created_ms)),
    confirmedAt: date(row.confirmed_ms),
    unsubscribedAt: date(row.unsubscribed_ms),
    nextCheckAt: date(row.next_check_ms),
    lastCheckedAt: date(row.last_checked_ms),
    leaseUntil: date(row.lease_until_ms),
    leasedBy: row.leased_by === null ? null : String(row.leased_by),
  };
}

/** A time as the table keeps it; an invalid Date is refused like any value the table refuses. */
function ms(at: Date): number {
  const value = at.getTime();
  if (Number.isNaN(value)) throw new StoreUnavailableError('embedded store: re-checks: invalid date');
  return value;
}

/** The statement that enqueues a completed re-check's email in the store's outbox (embedded.ts). */
export type RecheckMailInsert = (subscriptionId: string, payload: DeliveryPayload, at: Date) => InStatement;

export class EmbeddedRechecks implements RecheckStore {
  private readonly sql: EmbeddedSql;

  /**
   * Takes the embedded store's open client (its schema already migrated; closing it is the store's)
   * and, when visitor emails are on, how to enqueue a completed re-check's email.
   */
  constructor(
    client: Client,
    private readonly mailInsert?: RecheckMailInsert,
  ) {
    this.sql = embeddedSql(client);
  }

  async request(input: Parameters<RecheckStore['request']>[0]): ReturnType<RecheckStore['request']> {
    const key = input.email.toLowerCase();
    const mailbox = mailboxKey(input.email);
    const mine = { sql: `email_key = ? AND ${OPEN}`, args: [key] };
    // The limit counts the mailbox's subscriptions, however its address was spelled (decision 050).
    const theirs = { sql: `mailbox_key = ? AND ${OPEN}`, args: [mailbox] };
    // One write transaction: the insert's conditions, and the row read after it, see the same rows.
    const [inserted, open] = await this.sql.batch('requesting a re-check', [
      {
        sql: `INSERT INTO recheck_subscriptions
                (id, email, email_key, mailbox_key, address, pages, language, status, last_report_id, created_ms)
              SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?
              WHERE NOT EXISTS (SELECT 1 FROM recheck_subscriptions WHERE ${mine.sql} AND address = ?)
                AND (SELECT count(*) FROM recheck_subscriptions WHERE ${theirs.sql} AND NOT (${mine.sql} AND address = ?)) < ?`,
        args: [
          input.id,
          input.email,
          key,
          mailbox,
          input.address,
          input.pages,
          input.language,
          input.reportId,
          ms(input.now),
          ...mine.args,
          input.address,
          ...theirs.args,
          ...mine.args,
          input.address,
          MAX_RECHECKS_PER_EMAIL,
        ],
      },
      {
        sql: `SELECT ${COLUMNS} FROM recheck_subscriptions WHERE ${mine.sql} AND address = ?`,
        args: [...mine.args, input.address],
      },
    ]);
    const row = open!.rows[0];
    if (inserted!.rowsAffected === 1) return { outcome: 'created', subscription: toSubscription(row!) };
    return row ? { outcome: 'exists', subscription: toSubscription(row) } : { outcome: 'limit' };
  }

  async discard(id: string): Promise<boolean> {
    if (!RECHECK_ID.test(id)) return false;
    const result = await this.sql.execute('discarding a re-check', {
      sql: "DELETE FROM recheck_subscriptions WHERE id = ? AND status = 'pending'",
      args: [id],
    });
    return result.rowsAffected === 1;
  }

  async confirm(id: string, now: Date, firstCheckAt: Date): ReturnType<RecheckStore['confirm']> {
    const at = ms(now);
    const first = ms(firstCheckAt);
    if (!RECHECK_ID.test(id)) return 'unknown';
    const [updated, after] = await this.sql.batch('confirming a re-check', [
      {
        sql: `UPDATE recheck_subscriptions SET status = 'active', confirmed_ms = ?, next_check_ms = ?
              WHERE id = ? AND status = 'pending'`,
        args: [at, first, id],
      },
      { sql: 'SELECT status FROM recheck_subscriptions WHERE id = ?', args: [id] },
    ]);
    if (updated!.rowsAffected === 1) return 'confirmed';
    const status = after!.rows[0]?.status;
    if (status === undefined) return 'unknown';
    return status === 'unsubscribed' ? 'unsubscribed' : 'already';
  }

  async unsubscribe(id: string, now: Date): ReturnType<RecheckStore['unsubscribe']> {
    const at = ms(now);
    if (!RECHECK_ID.test(id)) return 'unknown';
    // The lease goes too: the re-check running now can no longer complete it.
    const [updated, after] = await this.sql.batch('unsubscribing a re-check', [
      {
        sql: `UPDATE recheck_subscriptions
              SET status = 'unsubscribed', unsubscribed_ms = ?, next_check_ms = NULL,
                  lease_until_ms = NULL, leased_by = NULL
              WHERE id = ? AND status <> 'unsubscribed'`,
        args: [at, id],
      },
      { sql: 'SELECT 1 FROM recheck_subscriptions WHERE id = ?', args: [id] },
    ]);
    if (updated!.rowsAffected === 1) return 'unsubscribed';
    return after!.rows.length > 0 ? 'already' : 'unknown';
  }

  async get(id: string): Promise<RecheckSubscription | undefined> {
    if (!RECHECK_ID.test(id)) return undefined;
    const result = await this.sql.execute('reading a re-check', {
      sql: `SELECT ${COLUMNS} FROM recheck_subscriptions WHERE id = ?`,
      args: [id],
    });
    const row = result.rows[0];
    return row ? toSubscription(row) : undefined;
  }

  async claimDue(request: Parameters<RecheckStore['claimDue']>[0]): Promise<RecheckSubscription[]> {
    const now = ms(request.now);
    if (!(request.limit >= 1)) return [];
    const until = now + Math.max(1, Math.floor(request.leaseMs));
    // One statement: atomic in SQLite, so two workers (here or in another process) never lease one.
    // A lease ending after `until` (and LEASE_CLOCK_SKEW_MS) was granted by a clock ahead of ours (a
    // forward jump, then a crash): no sane clock gave it, so it holds nothing (decision 050).
    const result = await this.sql.execute('claiming due re-checks', {
      sql: `UPDATE recheck_subscriptions SET lease_until_ms = ?, leased_by = ?
            WHERE id IN (
              SELECT id FROM recheck_subscriptions
              WHERE status = 'active' AND next_check_ms <= ?
                AND (lease_until_ms IS NULL OR lease_until_ms <= ? OR lease_until_ms > ?)
              ORDER BY next_check_ms, created_ms, id
              LIMIT ?)
            RETURNING ${COLUMNS}`,
      args: [until, request.workerId, now, now, until + LEASE_CLOCK_SKEW_MS, Math.floor(request.limit)],
    });
    // RETURNING gives no order: the earliest due first.
    return result.rows.map(toSubscription).sort(byDue);
  }

  async complete(
    id: string,
    workerId: string,
    done: Parameters<RecheckStore['complete']>[2],
  ): Promise<boolean> {
    const at = ms(done.at);
    const next = ms(done.nextCheckAt);
    if (!RECHECK_ID.test(id)) return false;
    const update: InStatement = {
      sql: `UPDATE recheck_subscriptions
            SET last_report_id = ?, last_checked_ms = ?, next_check_ms = ?, lease_until_ms = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'active'`,
      args: [done.reportId, at, next, id, workerId],
    };
    // With its email: one write transaction, the insert only if the update changed the row.
    const statements =
      done.mail && this.mailInsert ? [update, this.mailInsert(id, done.mail.payload, done.at)] : [update];
    const [result] = await this.sql.batch('completing a re-check', statements);
    return result!.rowsAffected === 1;
  }

  async release(id: string, workerId: string, retryAt: Date): Promise<boolean> {
    const retry = ms(retryAt);
    if (!RECHECK_ID.test(id)) return false;
    const result = await this.sql.execute('releasing a re-check', {
      sql: `UPDATE recheck_subscriptions SET next_check_ms = ?, lease_until_ms = NULL, leased_by = NULL
            WHERE id = ? AND leased_by = ? AND status = 'active'`,
      args: [retry, id, workerId],
    });
    return result.rowsAffected === 1;
  }

  async list(): Promise<RecheckSubscription[]> {
    const result = await this.sql.execute('listing re-checks', {
      sql: `SELECT ${COLUMNS} FROM recheck_subscriptions ORDER BY created_ms DESC, id DESC`,
      args: [],
    });
    return result.rows.map(toSubscription);
  }

  async purgeUnconfirmed(before: Date): Promise<number> {
    return this.sql.purge('purging unconfirmed re-checks', 'recheck_subscriptions', {
      sql: "status = 'pending' AND created_ms < ?",
      args: [ms(before)],
    });
  }
}
