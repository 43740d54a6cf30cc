import type { FormType } from '../../lib/form-limits.ts';
import type { ParsedForm, RecheckInput, ReportEmailInput } from '../forms.ts';
import type { RecheckStore } from './recheck-types.ts';
import type { AuditReportStore } from './report-types.ts';

/**
 * What a store reports after a save: stored, recognised as a repeat within the window, or refused
 * because the recipient's mailbox has had as many visitor emails as its limits allow (nothing stored).
 */
export type SaveOutcome = 'stored' | 'duplicate' | 'limited';

/**
 * Same form and same email within this window is stored once (decision 006); for `report`, same
 * report too (decision 030: asking for another report is another request).
 */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * "Email me this report" as stored: what the form sent, and what the saved report says of itself
 * when the lead arrives (decision 030).
 */
export interface ReportEmailLead extends ReportEmailInput {
  /** The audited address of the report (as the audit normalised it): the lead's website. */
  website: string;
  /** The report's permanent link in the page's language (SITE_URL/{lang}/tools/report/{id}). */
  reportUrl: string;
}

/**
 * "Re-check this site every month" as stored (decision 032): what the form sent, what its saved
 * report says of itself, and the subscription the request created or found (pending until the
 * visitor follows the link of the recheck-optin email).
 */
export interface RecheckLead extends RecheckInput {
  /** The audited address of the report (as the audit normalised it): the lead's website. */
  website: string;
  /** The report's permanent link in the page's language. */
  reportUrl: string;
  /** The re-check subscription's id (RECHECK_ID): the key of its confirm and unsubscribe links. */
  recheckId: string;
}

/**
 * A waitlist form as stored: with `welcomeAudit: 'link'` when the visitor's address had used up its
 * audits (the audit's per-address limit, decision 049), so that the welcome email offers the audit's
 * link instead of running it.
 */
export type WaitlistLead = Extract<ParsedForm, { form: 'waitlist' }>['data'] & { welcomeAudit?: 'link' };

/**
 * What a visitor submitted: a validated form, the report and re-check forms with what their saved
 * report says (its audited address and permanent link, looked up by src/server/leads.ts).
 */
export type Submission =
  | Exclude<ParsedForm, { form: 'waitlist' | 'report' | 'recheck' }>
  | { form: 'waitlist'; data: WaitlistLead }
  | { form: 'report'; data: ReportEmailLead }
  | { form: 'recheck'; data: RecheckLead };

export interface LeadContext {
  /** PROJECT_SOURCE: the lead's `source` and the RPC's `p_project_source`. */
  source: string;
  submittedAt: Date;
}

/** A stored lead as operators export it. */
export interface LeadRow {
  id: number;
  form_type: FormType;
  name: string | null;
  email: string;
  phone: null;
  company: null;
  website: string | null;
  service: string | null;
  message: string | null;
  language: string;
  source: string;
  status: string;
  utm_data: string;
  lead_data: string;
  created_at: string;
}

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}

/** The backend answered but declined the submission, with a text meant for the visitor. */
export class StoreRefusedError extends StoreUnavailableError {
  override name = 'StoreRefusedError';
  constructor(readonly publicMessage: string) {
    super(`refused: ${publicMessage}`);
  }
}

export interface LeadStore {
  readonly kind: 'embedded' | 'supabase';
  /**
   * The lead delivery outbox (decision 018), when this store was opened with delivery channels on:
   * the worker drains it. Leads saved through the store get their deliveries in the same transaction.
   */
  readonly outbox?: Outbox;
  /**
   * Stores a submission of any form, with its deliveries when the outbox is on. A repeat within the
   * duplicate window (same form and email; for a report or re-check request, the same report) is
   * stored once and answers `duplicate`.
   */
  save(submission: Submission, ctx: LeadContext): Promise<SaveOutcome>;
  /**
   * The newsletter's double opt-in (decision 018): an address is subscribed once its confirmation link
   * is followed, and unsubscribed by its unsubscribe link. Present when visitor emails can be sent.
   */
  readonly subscriptions?: NewsletterSubscriptions;
  /**
   * Saved audit reports: always on the embedded store; on Supabase only with the
   * service_role key (the table is closed to the anon key). Without it, audits run but are not saved.
   */
  readonly reports?: AuditReportStore;
  /** Monthly re-check subscriptions: like `reports`, on Supabase with the service_role key. */
  readonly rechecks?: RecheckStore;
  /**
   * With visitor emails on: what became of the visitor email of a submission just saved (stored or a
   * repeat), read from the outbox (decision 067); undefined when the lead has none.
   */
  mailOf?(submission: Submission, now: Date): Promise<VisitorMailRecord | undefined>;
  /** Throws StoreUnavailableError when the store cannot take writes. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// The fixed UTM payloads per form (the waitlist's and the contact form's are the product's own).
export const UTM = {
  waitlist: { utm_source: 'website', utm_medium: 'waitlist', utm_campaign: 'geo_waitlist_2025' },
  contact: { utm_source: 'website', utm_medium: 'contact_form', utm_campaign: 'geo_contact_form' },
  newsletter: { utm_source: 'website', utm_medium: 'newsletter', utm_campaign: 'geo_newsletter' },
  report: { utm_source: 'website', utm_medium: 'report_email', utm_campaign: 'geo_audit_report' },
  recheck: { utm_source: 'website', utm_medium: 'recheck', utm_campaign: 'geo_audit_recheck' },
} as const;

/** The name the store receives for the waitlist when the visitor left it empty. */
export const NAME_NOT_PROVIDED = 'Not provided';

// ---------------------------------------------------------------------------------------------
// Lead delivery outbox (decision 018). Every accepted lead is stored together with the deliveries it
// causes; a worker leases due deliveries, sends them through their channel and records the result.

export const DELIVERY_CHANNELS = ['team-email', 'webhook', 'visitor-email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const VISITOR_MAIL_KINDS = [
  'waitlist-confirmation',
  'contact-ack',
  'newsletter-optin',
  'report-summary',
  /** The double opt-in of a monthly re-check (its lead's). */
  'recheck-optin',
  /** A monthly re-check's outcome: enqueued by the re-check store when the re-check completes. */
  'recheck-report',
] as const;
export type VisitorMailKind = (typeof VISITOR_MAIL_KINDS)[number];

/** What a delivery sends: the visitor email's template, else the channel's own name. */
export type DeliveryKind = 'team-email' | 'webhook' | VisitorMailKind;

/** The visitor email each form causes. */
export const VISITOR_MAIL_KIND: Record<FormType, VisitorMailKind> = {
  waitlist: 'waitlist-confirmation',
  contact: 'contact-ack',
  newsletter: 'newsletter-optin',
  report: 'report-summary',
  recheck: 'recheck-optin',
};

/**
 * Visitor emails one mailbox (mailboxKey: `victim+1@` and `victim@` are one) may be sent at the
 * request of a form, per hour and per day, whichever replica or form asked (decision 050). A request
 * past either is refused whole: nothing stored, nothing sent, the visitor told why. A re-check's
 * monthly email goes to a confirmed subscriber and is not counted.
 */
export interface VisitorMailLimits {
  perHour: number;
  perDay: number;
  /**
   * Emails past those limits are queued until the mailbox's window allows them (decision 067): at
   * most this many at once per mailbox. A request past it is refused whole, as before.
   */
  queued: number;
}

/** MAILBOX_EMAILS_PER_HOUR, MAILBOX_EMAILS_PER_DAY and MAILBOX_EMAILS_QUEUED's defaults. */
export const DEFAULT_VISITOR_MAIL_LIMITS: VisitorMailLimits = { perHour: 3, perDay: 6, queued: 3 };

/**
 * The visitor email a form's lead has (decision 067), as the outbox holds it: the form's answer says
 * from it whether the email is on its way, queued, already sent, or carried by the report email.
 */
export interface VisitorMailRecord {
  status: DeliveryStatus;
  /** When it may go (or went): its creation, or later when the mailbox's window made it wait. */
  notBefore: Date;
  deliveredAt: Date | null;
  /** Pending and not yet due at the store's clock (Supabase's is the database's). */
  waiting: boolean;
  /** A re-check's confirm link travels in the report email of the same report. */
  included: boolean;
}
/**
 * A lease (outbox or re-check) that ends later than now + its length + this was granted by a clock
 * ahead of ours (a forward jump, then a crash): no sane clock gave it, so it is treated as expired
 * rather than holding its row for the size of the jump (decision 050). The margin lets replicas whose
 * clocks differ by less than a minute (Supabase re-checks are leased on each replica's clock) keep
 * each other's leases.
 */
export const LEASE_CLOCK_SKEW_MS = 60_000;

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** Options a store is opened with. */
export interface StoreOptions {
  /** Channels that get a delivery for each new lead (none: leads are only stored, as before). */
  channels?: Iterable<DeliveryChannel>;
  /** With the visitor-email channel on: how many a mailbox may be sent (DEFAULT_VISITOR_MAIL_LIMITS). */
  visitorMailLimits?: VisitorMailLimits;
}

/**
 * The lead a delivery carries, in one shape whichever store holds it (built by `deliveryPayload` in
 * records.ts): the lead record's columns, the form and the three fields people read first lifted out
 * of `lead_data`, and any other column the stored row has (Supabase's `updated_at`, an operator's own).
 */
export interface DeliveryLead {
  /** The stored lead's id: a number in the embedded store, a uuid in Supabase; null for a re-check's email. */
  id: string | number | null;
  form_type: FormType | 'unknown';
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  /** From `lead_data`; null when absent or empty. */
  website: string | null;
  service: string | null;
  message: string | null;
  language: string;
  source: string | null;
  status: string | null;
  utm_data: Record<string, unknown>;
  lead_data: Record<string, unknown>;
  created_at: string | null;
  [column: string]: unknown;
}

/** A delivery's payload: the lead as stored, its form and language. */
export interface DeliveryPayload {
  /** The form the lead came from ('unknown' only for rows written to Supabase by hand). */
  form: FormType | 'unknown';
  language: string;
  lead: DeliveryLead;
}

export interface Delivery {
  /** Stable across retries: the webhook-id and the email's Message-ID. */
  id: string;
  leadId: string;
  channel: DeliveryChannel;
  kind: DeliveryKind;
  /** The visitor's address for visitor emails; null for the team channels (their settings decide). */
  recipient: string | null;
  payload: DeliveryPayload;
  status: DeliveryStatus;
  /**
   * Attempts made before this one: each recorded outcome, and each lease that expired without one
   * (its worker died or froze during the attempt).
   */
  attempts: number;
  /** Leases that expired without an outcome since creation or an operator's retry. */
  expiredLeases: number;
  nextAttemptAt: Date;
  /**
   * When it may first go: its creation, or later when its mailbox's window made it wait (decision
   * 067). The retry schedule starts here.
   */
  notBefore: Date;
  leaseUntil: Date | null;
  leasedBy: string | null;
  lastError: string | null;
  createdAt: Date;
  /** When an operator last put it back to pending: the retry schedule starts again from here. */
  retriedAt: Date | null;
  deliveredAt: Date | null;
}

export interface ClaimRequest {
  /** Who holds the lease (one id per worker). */
  workerId: string;
  now: Date;
  /** How long the lease lasts: longer than a delivery can take. */
  leaseMs: number;
  limit: number;
  /** Only deliveries of these channels (the ones this worker can send). */
  channels: readonly DeliveryChannel[];
  /**
   * A delivery whose lease expires for this many times is failed instead of leased again (default
   * MAX_EXPIRED_LEASES).
   */
  maxExpiredLeases?: number;
}

/**
 * Leases that may expire without an outcome before a delivery is failed (decision 021). A lease
 * expires when its worker died or froze during the attempt: once can be a deploy or a crash caused
 * by something else, but a delivery on which three workers in a row died is what kills them, and
 * sending it again would only take the site down again, restart after restart.
 */
export const MAX_EXPIRED_LEASES = 3;

/** The last error of a delivery whose lease expired, with how many times it did (both stores). */
export const LEASE_EXPIRED_ERROR =
  'lease expired without an outcome (the worker stopped or froze during the attempt)';

export interface DeliveryFailureRecord {
  workerId: string;
  at: Date;
  /** Short description, without personal data where the channel can avoid it. */
  error: string;
  /** The next attempt, or null when the delivery is dead (`failed`). */
  retryAt: Date | null;
}

/** What the worker needs from a store. Only the lease holder may complete or fail a delivery. */
export interface Outbox {
  /**
   * Atomically leases up to `limit` due deliveries that nobody else holds. A delivery whose previous
   * lease expired counts that lost attempt; when it reaches `maxExpiredLeases` it comes back with
   * status `failed` and no lease (not to be sent: only reported).
   */
  claim(request: ClaimRequest): Promise<Delivery[]>;
  /** Records a success; false when the lease was lost (another worker may send it again). */
  complete(id: string, workerId: string, at: Date): Promise<boolean>;
  /** Records a failed attempt and the next one (or death); false when the lease was lost. */
  fail(id: string, failure: DeliveryFailureRecord): Promise<boolean>;
}

export type SubscriptionStatus = 'subscribed' | 'unsubscribed';

export type SubscriptionChange = 'changed' | 'unchanged' | 'unknown' | 'superseded';

export interface NewsletterSubscriptions {
  /**
   * Sets the status of every newsletter sign-up of `email` (case-insensitive): `changed`, `unchanged`
   * when it already had it, or `unknown` when the address never signed up. An unsubscription records
   * when it happened; a subscription through a link issued before the last one (`linkIssuedAt`) is
   * refused as `superseded` and changes nothing (decision 021).
   */
  setStatus(
    email: string,
    status: SubscriptionStatus,
    options?: { linkIssuedAt?: Date },
  ): Promise<SubscriptionChange>;
}
