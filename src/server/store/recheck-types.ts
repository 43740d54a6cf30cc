import type { Lang } from '../../site.ts';
import { REPORT_ID } from './report-types.ts';
import type { DeliveryPayload } from './types.ts';

// Monthly re-checks: a person subscribes an audited address with their email, confirms by
// a link (double opt-in, like the newsletter), and the server re-audits it every month and emails
// what changed, until the one-click unsubscribe. This is what the store keeps of each subscription;
// the job that re-audits leases due subscriptions, one process at a time, like the lead outbox.
//
// Both stores implement it the same way (embedded-rechecks.ts, supabase-rechecks.ts; one test suite,
// tests/integration/recheck-store-sqlite-postgres.test.ts). Every time is the caller's (`now`,
// `at`…), as for saved reports.
// Any failure, the store's or a refused value (an id or report id not RECHECK_ID, an email or address
// out of form, pages below 1, an invalid Date, an id already used), is a StoreUnavailableError.

export type RecheckStatus = 'pending' | 'active' | 'unsubscribed';

export interface RecheckSubscription {
  /** 128 random bits, 32 lowercase hexadecimal digits: the key of its confirm and unsubscribe links. */
  id: string;
  /** As given; compared without regard to case (3 to 254 characters, one @, no white space). */
  email: string;
  /** The audited address as parseAuditUrl() normalised it (compared exactly; 1 to 2048 characters). */
  address: string;
  /** Pages each re-check audits (1, or a site audit's count). */
  pages: number;
  /** The language of its emails. */
  language: Lang;
  status: RecheckStatus;
  /** The saved report the next re-check is compared with: the one subscribed from, then each re-check's. */
  lastReportId: string;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  /** When the next re-check is due (active subscriptions only). */
  nextCheckAt: Date | null;
  lastCheckedAt: Date | null;
  /** Who holds it while a re-check runs, and until when. */
  leaseUntil: Date | null;
  leasedBy: string | null;
}

/** Addresses one email may have re-checked at once (pending and active together). */
export const MAX_RECHECKS_PER_EMAIL = 3;

/**
 * A subscription id, like a report id: 32 lowercase hexadecimal digits (128 bits). A link's id of any
 * other form is no subscription, without a lookup (get: undefined; confirm, unsubscribe: 'unknown';
 * complete, release: false).
 */
export const RECHECK_ID = REPORT_ID;

export type RecheckRequestOutcome =
  /** A new pending subscription. */
  | 'created'
  /** The email already has this address, pending or active: that subscription, unchanged. */
  | 'exists'
  /** The email already has MAX_RECHECKS_PER_EMAIL other addresses pending or active: nothing stored. */
  | 'limit';

export interface RecheckStore {
  /**
   * Asks for a re-check of `address` for `email` (pending until confirmed). An unsubscribed
   * subscription of the same email and address does not count: a new one is created. 'exists' is
   * decided before 'limit'. The check and the insert are one transaction, serialised per email
   * across processes: simultaneous requests never leave an email more than MAX_RECHECKS_PER_EMAIL.
   */
  request(input: {
    id: string;
    email: string;
    address: string;
    pages: number;
    language: Lang;
    reportId: string;
    now: Date;
  }): Promise<{ outcome: RecheckRequestOutcome; subscription?: RecheckSubscription }>;
  /**
   * Deletes a subscription that is still pending: its request was refused after it was created and
   * before anything was sent (the mailbox had had its visitor emails, decision 050), so it holds no
   * slot of the email's MAX_RECHECKS_PER_EMAIL. False when there is no such pending one.
   */
  discard(id: string): Promise<boolean>;
  /**
   * Confirms a pending subscription: active, its first re-check due at `firstCheckAt`. 'already':
   * it was active (nothing changes); 'unsubscribed': it ended before (the link no longer works).
   */
  confirm(
    id: string,
    now: Date,
    firstCheckAt: Date,
  ): Promise<'confirmed' | 'already' | 'unsubscribed' | 'unknown'>;
  /**
   * Ends a subscription (pending or active) for good: it is no longer due, and a re-check running
   * under a lease can no longer complete it.
   */
  unsubscribe(id: string, now: Date): Promise<'unsubscribed' | 'already' | 'unknown'>;
  get(id: string): Promise<RecheckSubscription | undefined>;
  /**
   * Atomically leases up to `limit` active subscriptions due at `now` that nobody holds (or whose
   * lease expired), for `leaseMs`, to `workerId`: two processes never get the same one. The earliest
   * due first. A limit below 1 leases nothing.
   */
  claimDue(request: {
    workerId: string;
    now: Date;
    leaseMs: number;
    limit: number;
  }): Promise<RecheckSubscription[]>;
  /**
   * The lease holder records a finished re-check: the new report, when, and the next due time; the
   * lease is released. False when the lease was lost (expired and taken, or unsubscribed meanwhile).
   * As in the outbox, a holder whose lease expired but was not taken yet still completes.
   *
   * With `mail`, the same transaction enqueues the re-check's email in the lead outbox (decision 032):
   * one `visitor-email` delivery of kind `recheck-report` to the subscription's email, with the given
   * payload, attached to the newest lead of form `recheck` whose `lead_data.recheck_id` is this
   * subscription (every confirmed subscription has one: its opt-in came from it). Nothing is enqueued
   * when the store's outbox does not have the visitor-email channel on, or when the completion is
   * refused (false). No such lead (an operator deleted it): a StoreUnavailableError, nothing changes.
   */
  complete(
    id: string,
    workerId: string,
    done: { reportId: string; at: Date; nextCheckAt: Date; mail?: { payload: DeliveryPayload } },
  ): Promise<boolean>;
  /** The lease holder gives up for now (the audit failed): due again at `retryAt`, lease released. */
  release(id: string, workerId: string, retryAt: Date): Promise<boolean>;
  /** Every subscription, newest first (operators: `npm run leads -- rechecks`). */
  list(): Promise<RecheckSubscription[]>;
  /**
   * Deletes pending subscriptions created strictly before `before` (never confirmed); returns how many.
   * Active and unsubscribed ones are kept. Nothing calls it by itself: the server schedules it.
   */
  purgeUnconfirmed(before: Date): Promise<number>;
}

/** The order claimDue returns subscriptions in: the earliest due first (an UPDATE … RETURNING gives none). */
export function byDue(a: RecheckSubscription, b: RecheckSubscription): number {
  return a.nextCheckAt!.getTime() - b.nextCheckAt!.getTime() || a.id.localeCompare(b.id);
}
