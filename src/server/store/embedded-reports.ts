import type { Client, InStatement, Row } from '@libsql/client';
import { REPORT_ID, type AuditReportStore, type SavedAuditReport } from './report-types.ts';
import { StoreUnavailableError } from './types.ts';

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

/**
 * Expired reports deleted per statement: each batch is its own short write transaction, so a purge
 * of many reports never holds the file's write lock longer than a lead's write waits (500 ms).
 */
const PURGE_BATCH = 500;

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
  /** Takes the embedded store's open client (its schema already migrated); closing it is the store's. */
  constructor(private readonly client: Client) {}

  private async execute(what: string, statement: InStatement) {
    try {
      return await this.client.execute(statement);
    } catch (error) {
      throw new StoreUnavailableError(`embedded store: ${what} failed: ${(error as Error).message}`);
    }
  }

  async save(report: SavedAuditReport): Promise<void> {
    await this.execute('saving an audit report', {
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
    const result = await this.execute('reading an audit report', {
      sql: `SELECT ${COLUMNS} FROM audit_reports WHERE id = ? AND expires_ms > ?`,
      args: [id, now.getTime()],
    });
    const row = result.rows[0];
    return row ? toReport(row) : undefined;
  }

  async previous(address: string, before: Date, now: Date): Promise<SavedAuditReport | undefined> {
    const result = await this.execute('reading the previous audit report', {
      sql: `SELECT ${COLUMNS} FROM audit_reports
            WHERE address = ? AND created_ms < ? AND expires_ms > ?
            ORDER BY created_ms DESC, id DESC LIMIT 1`,
      args: [address, before.getTime(), now.getTime()],
    });
    const row = result.rows[0];
    return row ? toReport(row) : undefined;
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (;;) {
      const result = await this.execute('purging expired audit reports', {
        sql: `DELETE FROM audit_reports WHERE rowid IN (
                SELECT rowid FROM audit_reports WHERE expires_ms <= ? LIMIT ?)`,
        args: [now.getTime(), PURGE_BATCH],
      });
      purged += result.rowsAffected;
      if (result.rowsAffected < PURGE_BATCH) return purged;
    }
  }
}
