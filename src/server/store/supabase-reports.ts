import {
  REPORT_ID,
  type AuditReportStore,
  type SaveLimits,
  type SaveOutcome,
  type SavedAuditReport,
} from './report-types.ts';
import { purgeInBatches, serviceRpc, type ServiceRpc } from './supabase.ts';
import { StoreUnavailableError } from './types.ts';

// Saved audit reports in Supabase: the table `audit_reports` and its functions
// (supabase/migrations/20261220000000_audit_reports.sql, bounded by 20270105000000_audit_report_bounds.sql)
// are closed to the public anon key, so this
// client holds the service_role key, like the outbox's. Times are this process's (`now`, `before`),
// as in the embedded store: replicas' clocks differ by seconds at most, a report lives for months.

/** A row as PostgREST returns it (timestamps as ISO 8601 text). */
interface ReportRow {
  id: string;
  address: string;
  pages: number;
  overall: number;
  result: string;
  created_at: string;
  expires_at: string;
  visitor_key?: string | null;
  follows_id?: string | null;
}

function toReport(row: ReportRow): SavedAuditReport {
  return {
    id: row.id,
    address: row.address,
    pages: Number(row.pages),
    overall: Number(row.overall),
    result: row.result,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    ...(row.visitor_key ? { visitorKey: row.visitor_key } : {}),
    ...(row.follows_id ? { follows: row.follows_id } : {}),
  };
}

/** A time as the functions take it; an invalid Date is refused like any report the store refuses. */
function iso(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new StoreUnavailableError('Supabase audit reports: invalid date');
  return date.toISOString();
}

export class SupabaseReports implements AuditReportStore {
  private readonly rpc: ServiceRpc;

  constructor(url: string, serviceRoleKey: string, options: { timeoutMs?: number } = {}) {
    this.rpc = serviceRpc(url, serviceRoleKey, options.timeoutMs);
  }

  async save(report: SavedAuditReport, limits: SaveLimits = {}): Promise<SaveOutcome> {
    const outcome = await this.rpc<string>('save_bounded_audit_report', {
      p_id: report.id,
      p_address: report.address,
      p_pages: report.pages,
      p_overall: report.overall,
      p_result: report.result,
      p_created_at: iso(report.createdAt),
      p_expires_at: iso(report.expiresAt),
      p_visitor_key: report.visitorKey ?? null,
      p_follows_id: report.follows ?? null,
      p_per_visitor: limits.perVisitor ?? null,
      p_budget_bytes: limits.budgetBytes ?? null,
    });
    if (outcome !== 'saved' && outcome !== 'daily' && outcome !== 'full') {
      throw new StoreUnavailableError(`Supabase save_bounded_audit_report answered ${String(outcome)}`);
    }
    return outcome;
  }

  async totalBytes(): Promise<number> {
    return Number(await this.rpc<number | string>('audit_reports_total_bytes', {}));
  }

  async get(id: string, now: Date): Promise<SavedAuditReport | undefined> {
    if (!REPORT_ID.test(id)) return undefined;
    const rows = await this.rpc<ReportRow[] | null>('get_audit_report', {
      p_id: id,
      p_now: iso(now),
    });
    const row = rows?.[0];
    return row ? toReport(row) : undefined;
  }

  async previous(address: string, before: Date, now: Date): Promise<SavedAuditReport | undefined> {
    const rows = await this.rpc<ReportRow[] | null>('previous_audit_report', {
      p_address: address,
      p_before: iso(before),
      p_now: iso(now),
    });
    const row = rows?.[0];
    return row ? toReport(row) : undefined;
  }

  async purgeExpired(now: Date): Promise<number> {
    return purgeInBatches(this.rpc, 'purge_expired_audit_reports', { p_now: iso(now) });
  }
}
