import type { Client, Row } from '@libsql/client';
import { embeddedSql, type EmbeddedSql } from './embedded-sql.ts';
import { REPORT_ID, type AuditReportStore, type SavedAuditReport } from './report-types.ts';

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

const COLUMNS = 'id, address, pages, overall, result, created_ms, expires_ms';

function toReport(row: Row): SavedAuditReport {
  return {
    id: String(row.id),
    address: String(row.address),
    pages: Number(row.pages),
    overall: Number(row.overall),
    result: String(row.result),
    createdAt: new Date(Number(row.created_ms)),
    expiresAt: new Date(Number(row.expires_ms)),
  };
}

export class EmbeddedReports implements AuditReportStore {
  private readonly sql: EmbeddedSql;

  /** Takes the embedded store's open client (its schema already migrated); closing it is the store's. */
  constructor(client: Client) {
    this.sql = embeddedSql(client);
  }

  async save(report: SavedAuditReport): Promise<void> {
    await this.sql.execute('saving an audit report', {
      sql: `INSERT INTO audit_reports (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      args: [
        report.id,
        report.address,
        report.pages,
        report.overall,
        report.result,
        report.createdAt.getTime(),
        report.expiresAt.getTime(),
      ],
    });
  }

  async get(id: string, now: Date): Promise<SavedAuditReport | undefined> {
    if (!REPORT_ID.test(id)) return undefined;
    const result = await this.sql.execute('reading an audit report', {
      sql: `SELECT ${COLUMNS} FROM audit_reports WHERE id = ? AND expires_ms > ?`,
      args: [id, now.getTime()],
    });
    const row = result.rows[0];
    return row ? toReport(row) : undefined;
  }

  async previous(address: string, before: Date, now: Date): Promise<SavedAuditReport | undefined> {
    const result = await this.sql.execute('reading the previous audit report', {
      sql: `SELECT ${COLUMNS} FROM audit_reports
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
