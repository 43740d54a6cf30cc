import { duplicateDetail, toDelivery, visitorMailRecord, type DeliveryRecord } from './records.ts';
import { serviceRpc, type ServiceRpc } from './supabase.ts';
import {
  DEFAULT_VISITOR_MAIL_LIMITS,
  MAX_EXPIRED_LEASES,
  StoreUnavailableError,
  type ClaimRequest,
  type Delivery,
  type DeliveryChannel,
  type DeliveryFailureRecord,
  type NewsletterSubscriptions,
  type Outbox,
  type SubscriptionChange,
  type Submission,
  type SubscriptionStatus,
  type VisitorMailLimits,
  type VisitorMailRecord,
} from './types.ts';

// The lead delivery outbox in Supabase (decision 018). The database fills `lead_deliveries` in the
// same transaction as the lead (a trigger on `leads`); this client leases, completes and fails
// deliveries through security-definer functions that only the service_role may call, so several
// replicas can drain one outbox. Which channels get deliveries is told to the database once, before
// the first lease (the trigger cannot read this process's settings).

export class SupabaseOutbox implements Outbox, NewsletterSubscriptions {
  private readonly rpc: ServiceRpc;
  private readonly channels: DeliveryChannel[];
  private readonly mailLimits: VisitorMailLimits;
  private announced = false;

  constructor(
    url: string,
    serviceRoleKey: string,
    options: {
      channels: Iterable<DeliveryChannel>;
      timeoutMs?: number;
      visitorMailLimits?: VisitorMailLimits;
    },
  ) {
    this.channels = [...new Set(options.channels)];
    this.mailLimits = options.visitorMailLimits ?? DEFAULT_VISITOR_MAIL_LIMITS;
    this.rpc = serviceRpc(url, serviceRoleKey, options.timeoutMs);
  }

  /**
   * Tells the database which channels get deliveries and how many visitor emails a mailbox may be
   * sent (before the first lease; again after a failure).
   */
  private async announce(): Promise<void> {
    if (this.announced) return;
    await this.rpc('set_lead_delivery_channels', { p_channels: this.channels });
    await this.rpc('set_visitor_mail_limits', {
      p_per_hour: this.mailLimits.perHour,
      p_per_day: this.mailLimits.perDay,
      p_queued: this.mailLimits.queued,
    });
    this.announced = true;
  }

  async setStatus(
    email: string,
    status: SubscriptionStatus,
    options: { linkIssuedAt?: Date } = {},
  ): Promise<SubscriptionChange> {
    // The unsubscribe time is the database's clock, the link's issue time this process's: a few
    // seconds of skew only matter for a link issued within seconds of an unsubscribe.
    const result = await this.rpc<string>('set_newsletter_status', {
      p_email: email,
      p_status: status,
      p_link_issued_at: options.linkIssuedAt?.toISOString() ?? null,
    });
    if (result !== 'changed' && result !== 'unchanged' && result !== 'unknown' && result !== 'superseded') {
      throw new StoreUnavailableError(`Supabase set_newsletter_status answered ${String(result)}`);
    }
    return result;
  }

  /**
   * What became of a submission's visitor email (decision 067): the newest of its kind to its
   * address, read by the database's visitor_mail_of; undefined without visitor emails.
   */
  async mailOf(submission: Submission): Promise<VisitorMailRecord | undefined> {
    if (!this.channels.includes('visitor-email')) return undefined;
    const rows = await this.rpc<
      | { kind: string; status: string; not_before: string; delivered_at: string | null; waiting: boolean }[]
      | null
    >('visitor_mail_of', {
      p_form: submission.form,
      p_email: submission.data.email,
      p_detail: duplicateDetail(submission),
    });
    const row = rows?.[0];
    return row ? visitorMailRecord(submission, row) : undefined;
  }

  async claim(request: ClaimRequest): Promise<Delivery[]> {
    await this.announce();
    if (request.channels.length === 0 || request.limit < 1) return [];
    // The database's clock decides what is due and how long a lease lasts: replicas' clocks may differ.
    const rows = await this.rpc<DeliveryRecord[] | null>('claim_lead_deliveries', {
      p_worker: request.workerId,
      p_limit: request.limit,
      p_lease_seconds: Math.ceil(request.leaseMs / 1000),
      p_channels: request.channels,
      p_max_expired_leases: request.maxExpiredLeases ?? MAX_EXPIRED_LEASES,
    });
    return (rows ?? []).map(toDelivery);
  }

  async complete(id: string, workerId: string): Promise<boolean> {
    return (await this.rpc<boolean>('complete_lead_delivery', { p_id: id, p_worker: workerId })) === true;
  }

  async fail(id: string, failure: DeliveryFailureRecord): Promise<boolean> {
    const done = await this.rpc<boolean>('fail_lead_delivery', {
      p_id: id,
      p_worker: failure.workerId,
      p_error: failure.error.slice(0, 1000),
      p_retry_at: failure.retryAt?.toISOString() ?? null,
    });
    return done === true;
  }
}
