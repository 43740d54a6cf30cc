import type { Lang } from '../../site.ts';

// Monthly re-checks (issue 23): a person subscribes an audited address with their email, confirms by
// a link (double opt-in, like the newsletter), and the server re-audits it every month and emails
// what changed, until the one-click unsubscribe. This is what the store keeps of each subscription;
// the job that re-audits leases due subscriptions, one process at a time, like the lead outbox.

export type RecheckStatus = 'pending' | 'active' | 'unsubscribed';

export interface RecheckSubscription {
  /** 128 random bits, 32 lowercase hexadecimal digits: the key of its confirm and unsubscribe links. */
  id: string;
  /** As given; compared without regard to case. */
  email: string;
  /** The audited address as parseAuditUrl() normalised it. */
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
   * subscription of the same email and address does not count: a new one is created.
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
  /** Confirms a pending subscription: active, its first re-check due at `firstCheckAt`. */
  confirm(
    id: string,
    now: Date,
    firstCheckAt: Date,
  ): Promise<'confirmed' | 'already' | 'unsubscribed' | 'unknown'>;
  /** Ends a subscription (pending or active) for good. */
  unsubscribe(id: string, now: Date): Promise<'unsubscribed' | 'already' | 'unknown'>;
  get(id: string): Promise<RecheckSubscription | undefined>;
  /**
   * Atomically leases up to `limit` active subscriptions due at `now` that nobody holds (or whose
   * lease expired), for `leaseMs`, to `workerId`: two processes never get the same one.
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
   */
  complete(
    id: string,
    workerId: string,
    done: { reportId: string; at: Date; nextCheckAt: Date },
  ): Promise<boolean>;
  /** The lease holder gives up for now (the audit failed): due again at `retryAt`, lease released. */
  release(id: string, workerId: string, retryAt: Date): Promise<boolean>;
  /** Every subscription, newest first (operators: `npm run leads -- rechecks`). */
  list(): Promise<RecheckSubscription[]>;
  /** Deletes pending subscriptions created before `before` and never confirmed; returns how many. */
  purgeUnconfirmed(before: Date): Promise<number>;
}
