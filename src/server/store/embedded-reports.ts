import type { Client, Row } from '@libsql/client';
import { embeddedSql, type EmbeddedSql } from './embedded-sql.ts';
import {
  REPORT_ID,
  type AuditReportStore,
  type SaveLimits,
  type SaveOutcome,
  type SavedAuditReport,
} from './report-types.ts';

// Saved audit reports in the embedded store's SQLite file, beside the leads: the same
// libsql client, so the same WAL file, busy timeout and durability (synchronous=FULL), and several
// server processes on one DATA_DIR see each other's reports. Times are integer milliseconds (like
// leads.created_ms): they compare as numbers whatever the year, where ISO text would not past 9999.
// `result` is the audit's JSON text, kept byte for byte (the page, the export and the badge read it).

/** The embedded store's migration that creates the table (embedded.ts applies it in its order). */
export const AUDIT_REPORTS_SCHEMA = [
  `CREATE TABLE audit_reports (
    id TEXT PRIMARY KEY CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
    address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 2048),
    pages INTEGER NOT NULL CHECK (typeof(pages) = 'integer' AND pages >= 1),
    overall INTEGER NOT NULL CHECK (typeof(overall) = 'integer' AND overall BETWEEN 0 AND 100),
    result TEXT NOT NULL CHECK (json_valid(result) AND json_type(result) = 'object'),
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    CHECK (expires_ms > created_ms)
  )`,
  // previous(): the newest report of an address before a time.
  'CREATE INDEX audit_reports_address ON audit_reports (address, created_ms)',
  // purgeExpired().
  'CREATE INDEX audit_reports_expiry ON audit_reports (expires_ms)',
];

/**
 * Migration 10 (decision 048): each report's size, known without reading its JSON (`bytes`, the
 * result's UTF-8 length, which the database measures itself), so the store's total is one sum; who
 * asked for it (`visitor_key`, a keyed hash of the visitor's address for the day, NULL for a
 * re-check), for the daily cap; and the indexes that find, oldest first, the reports nobody refers to.
 */
export const AUDIT_REPORTS_BOUNDS_SCHEMA = [
  'ALTER TABLE audit_reports ADD COLUMN visitor_key TEXT',
  'ALTER TABLE audit_reports ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0',
  `ALTER TABLE audit_reports ADD COLUMN follows_id TEXT
     CHECK (follows_id IS NULL OR (length(follows_id) = 32 AND follows_id NOT GLOB '*[^0-9a-f]*'))`,
  'UPDATE audit_reports SET bytes = length(CAST(result AS BLOB))',
  'CREATE INDEX audit_reports_visitor ON audit_reports (visitor_key) WHERE visitor_key IS NOT NULL',
  // The total (a sum over this index, not the table) and the oldest first.
  'CREATE INDEX audit_reports_age ON audit_reports (created_ms, id, bytes)',
  // Whether a lead or an open re-check still refers to a report (not anonymous: never evicted).
  "CREATE INDEX leads_report_id ON leads (json_extract(lead_data, '$.report_id'))",
  'CREATE INDEX recheck_subscriptions_report ON recheck_subscriptions (last_report_id)',
];

/** A report someone still refers to (`r` is the report): the budget never deletes it. */
const HELD = `(
  EXISTS (SELECT 1 FROM recheck_subscriptions s
          WHERE s.last_report_id = r.id AND s.status IN ('pending', 'active'))
  OR EXISTS (SELECT 1 FROM leads l WHERE json_extract(l.lead_data, '$.report_id') = r.id))`;

const TOTAL = '(SELECT total(bytes) FROM audit_reports)';

const COLUMNS = 'id, address, pages, overall, result, created_ms, expires_ms';
/** What get() and previous() read: the columns saved, and who asked. */
const READ = `${COLUMNS}, visitor_key, follows_id`;

function toReport(row: Row): SavedAuditReport {
  return {
    id: String(row.id),
    address: String(row.address),
    pages: Number(row.pages),
    overall: Number(row.overall),
    result: String(row.result),
    createdAt: new Date(Number(row.created_ms)),
    expiresAt: new Date(Number(row.expires_ms)),
    ...(row.visitor_key !== null && row.visitor_key !== undefined
      ? { visitorKey: String(row.visitor_key) }
      : {}),
    ...(row.follows_id !== null && row.follows_id !== undefined ? { follows: String(row.follows_id) } : {}),
  };
}

export class EmbeddedReports implements AuditReportStore {
  private readonly sql: EmbeddedSql;

  /** Takes the embedded store's open client (its schema already migrated); closing it is the store's. */
  constructor(client: Client) {
    this.sql = embeddedSql(client);
  }

  async save(report: SavedAuditReport, limits: SaveLimits = {}): Promise<SaveOutcome> {
    const visitor = report.visitorKey ?? null;
    const cap = limits.perVisitor ?? null;
    const budget = limits.budgetBytes ?? null;
    // One write transaction: the cap's count and the insert, then the oldest anonymous reports
    // deleted while the total is over the budget (a running sum, oldest first, stops at the excess),
    // then the new report taken back out if what is left is all referred to.
    const [inserted, , full] = await this.sql.batch('saving an audit report', [
      {
        sql: `INSERT INTO audit_reports (${COLUMNS}, visitor_key, follows_id, bytes)
              SELECT :id, :address, :pages, :overall, :result, :created, :expires, :visitor, :follows,
                     length(CAST(:result AS BLOB))
              WHERE :visitor IS NULL OR :cap IS NULL
                 OR (SELECT count(*) FROM audit_reports WHERE visitor_key = :visitor) < :cap`,
        args: {
          id: report.id,
          address: report.address,
          pages: report.pages,
          overall: report.overall,
          result: report.result,
          created: report.createdAt.getTime(),
          expires: report.expiresAt.getTime(),
          visitor,
          follows: report.follows ?? null,
          cap,
        },
      },
      {
        sql: `DELETE FROM audit_reports
              WHERE :budget IS NOT NULL AND ${TOTAL} > :budget AND id IN (
                SELECT id FROM (
                  SELECT r.id, r.bytes,
                         sum(r.bytes) OVER (ORDER BY r.created_ms, r.id ROWS UNBOUNDED PRECEDING) AS running
                  FROM audit_reports r
                  WHERE r.id <> :id AND NOT ${HELD}
                ) WHERE running - bytes < ${TOTAL} - :budget)`,
        args: { id: report.id, budget },
      },
      {
        sql: `DELETE FROM audit_reports WHERE id = :id AND :budget IS NOT NULL AND ${TOTAL} > :budget`,
        args: { id: report.id, budget },
      },
    ]);
    if (inserted!.rowsAffected === 0) return 'daily';
    return full!.rowsAffected > 0 ? 'full' : 'saved';
  }

  /** The reports' total size in bytes (the budget's measure): one sum over a column, no JSON read. */
  async totalBytes(): Promise<number> {
    const result = await this.sql.execute('measuring the audit reports', `SELECT ${TOTAL} AS total`);
    return Number(result.rows[0]!.total);
  }

  async get(id: string, now: Date): Promise<SavedAuditReport | undefined> {
    if (!REPORT_ID.test(id)) return undefined;
    const result = await this.sql.execute('reading an audit report', {
      sql: `SELECT ${READ} FROM audit_reports WHERE id = ? AND expires_ms > ?`,
      args: [id, now.getTime()],
    });
    const row = result.rows[0];
    return row ? toReport(row) : undefined;
  }

  async previous(address: string, before: Date, now: Date): Promise<SavedAuditReport | undefined> {
    const result = await this.sql.execute('reading the previous audit report', {
      sql: `SELECT ${READ} FROM audit_reports
            WHERE address = ? AND created_ms < ? AND expires_ms > ?
            ORDER BY created_ms DESC, id DESC LIMIT 1`,
      args: [address, before.getTime(), now.getTime()],
    });
    const row = result.rows[0];
    return row ? toReport(row) : undefined;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.sql.purge('purging expired audit reports', 'audit_reports', {
      sql: 'expires_ms <= ?',
      args: [now.getTime()],
    });
  }
}
