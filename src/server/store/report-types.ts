import { randomBytes } from 'node:crypto';

// Saved audit reports: every audit a person runs is kept under an unguessable id, for its
// permanent address, its exports and its badge, and to compare the next audit of the same address
// with. A report is stored in no language (the audit's findings, as message keys and values): each
// reader's page translates it, so one report reads the same in English and French.

/** A saved report. `result` is the audit's successful RunResult, as JSON: untrusted site text inside. */
export interface SavedAuditReport {
  /**
   * 128 random bits in lowercase hexadecimal (32 characters): the report's permanent address. Not
   * base64url: the site's addresses are lowercase (uppercase paths redirect), so ids must be too.
   */
  id: string;
  /**
   * The audited address as parseAuditUrl() normalised it: what "the same site" means when a report
   * is compared with the one before it.
   */
  address: string;
  /** Pages the audit covered: 1, or a site audit's count. */
  pages: number;
  /** The overall score, kept beside the result for the badge and for listings. */
  overall: number;
  /** The language-neutral audit result (RunResult with ok: true), serialised as JSON text. */
  result: string;
  createdAt: Date;
  /** After this instant the report is gone: get() and previous() no longer return it. */
  expiresAt: Date;
  /**
   * Who asked for it (decision 048): a keyed hash of the visitor's address for the day (visitorKey
   * in service.ts), never the address itself; the daily cap counts by it. Absent for a re-check's
   * report and for reports saved before it existed.
   */
  visitorKey?: string;
  /**
   * The report this one follows in a monthly re-check's chain (its subscription's last report), 32
   * hexadecimal digits: the earlier report its page compares with and links (decision 048).
   */
  follows?: string;
}

/**
 * What bounds a save (decision 048), checked and applied in the same transaction as the insert, so
 * neither two requests nor two processes can both pass a limit the other fills.
 */
export interface SaveLimits {
  /**
   * Reports one visitor key may have: past it, a report of that key is not saved ('daily'). A
   * report without a key (a monthly re-check) has no cap.
   */
  perVisitor?: number;
  /**
   * The reports' total size in bytes (the `bytes` column: the result's UTF-8 length). Past it, the
   * oldest anonymous reports are deleted until the new one fits; when only reports someone still
   * refers to are left, the new one is not saved ('full'). A report is not anonymous while an open
   * (pending or active) re-check subscription names it as its last report, or a lead (an "Email me
   * this report" or re-check request) names it in its lead_data.report_id.
   */
  budgetBytes?: number;
}

/** What a save did: saved, or not saved for the visitor's daily cap or the store's full budget. */
export type SaveOutcome = 'saved' | 'daily' | 'full';

/**
 * Both stores implement it the same way (embedded-reports.ts, supabase-reports.ts; one test suite,
 * tests/integration/report-store-sqlite-postgres.test.ts). Every time is the caller's: a report is
 * expired at `now` when `now >= expiresAt`. Any failure, the store's or a refused report, is a StoreUnavailableError.
 */
export interface AuditReportStore {
  /**
   * Stores a new report. Refused: an id already used (never overwritten), an id that is not
   * REPORT_ID, pages below 1, an overall that is not an integer from 0 to 100, a result that is not
   * a JSON object, an expiresAt not after createdAt, an empty address or one over 2048 characters.
   * Within `limits`, a report the visitor's cap or the budget leaves out is not saved, and says why.
   */
  save(report: SavedAuditReport, limits?: SaveLimits): Promise<SaveOutcome>;
  /** The report with this id, unless it never existed or expired at `now` (a malformed id: no lookup). */
  get(id: string, now: Date): Promise<SavedAuditReport | undefined>;
  /**
   * The newest report of exactly `address` (the caller normalises it) created strictly before
   * `before` and not expired at `now`: the one a report's score change is measured against.
   */
  previous(address: string, before: Date, now: Date): Promise<SavedAuditReport | undefined>;
  /**
   * Deletes the reports expired at `now`, in short batches (a purge never holds the embedded file's
   * write lock for long), and returns how many. Safe from several processes at once. Nothing calls
   * it by itself: the server schedules it.
   */
  purgeExpired(now: Date): Promise<number>;
  /** The reports' total size in bytes, as the budget counts it (`bytes`: the results' UTF-8 length). */
  totalBytes(): Promise<number>;
}

/** How long reports are kept by default (AUDIT_REPORT_DAYS). */
export const AUDIT_REPORT_DAYS = 365;

/** A report id: 32 lowercase hexadecimal digits (128 bits). Anything else is no id, without a lookup. */
export const REPORT_ID = /^[0-9a-f]{32}$/;

/**
 * A new id for a report (and a re-check subscription, RECHECK_ID): 128 random bits, lowercase
 * hexadecimal (the site's paths are lowercase).
 */
export function newReportId(): string {
  return randomBytes(16).toString('hex');
}
