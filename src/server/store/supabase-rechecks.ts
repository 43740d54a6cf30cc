import type { Lang } from '../../site.ts';
import {
  MAX_RECHECKS_PER_EMAIL,
  RECHECK_ID,
  type RecheckRequestOutcome,
  type RecheckStatus,
  type RecheckStore,
  type RecheckSubscription,
  byDue,
} from './recheck-types.ts';
import { purgeInBatches, serviceRpc, type ServiceRpc } from './supabase.ts';
import { StoreUnavailableError } from './types.ts';

// Monthly re-check subscriptions in Supabase: the table `recheck_subscriptions` and its
// functions (supabase/migrations/20261230000000_recheck_subscriptions.sql) are closed to the public
// anon key, so this client holds the service_role key, like the saved reports'. Times are this
// process's, as in the embedded store. The functions do what must be atomic: a request's limit check
// and insert under a per-email lock, a claim with FOR UPDATE SKIP LOCKED.

/** A row as PostgREST returns it (timestamps as ISO 8601 text). */
interface RecheckRow {
  id: string;
  email: string;
  address: string;
  pages: number;
  language: string;
  status: string;
  last_report_id: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  next_check_at: string | null;
  last_checked_at: string | null;
  lease_until: string | null;
  leased_by: string | null;
}

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

function toSubscription(row: RecheckRow): RecheckSubscription {
  return {
    id: row.id,
    email: row.email,
    address: row.address,
    pages: Number(row.pages),
    language: row.language as Lang,
    status: row.status as RecheckStatus,
    lastReportId: row.last_report_id,
    createdAt: new Date(row.created_at),
    confirmedAt: date(row.confirmed_at),
    unsubscribedAt: date(row.unsubscribed_at),
    nextCheckAt: date(row.next_check_at),
    lastCheckedAt: date(row.last_checked_at),
    leaseUntil: date(row.lease_until),
    leasedBy: row.leased_by,
  };
}

/** A time as the functions take it; an invalid Date is refused like any value the table refuses. */
function iso(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new StoreUnavailableError('Supabase re-checks: invalid date');
  return at.toISOString();
}

/** A function's answer, when it is one of those it may give. */
function oneOf<T extends string>(answer: unknown, answers: readonly T[]): T {
  if (!answers.includes(answer as T))
    throw new StoreUnavailableError('Supabase re-checks: unexpected answer');
  return answer as T;
}

export class SupabaseRechecks implements RecheckStore {
  private readonly rpc: ServiceRpc;

  constructor(url: string, serviceRoleKey: string, options: { timeoutMs?: number } = {}) {
    this.rpc = serviceRpc(url, serviceRoleKey, options.timeoutMs);
  }

  async request(input: Parameters<RecheckStore['request']>[0]): ReturnType<RecheckStore['request']> {
    const answer = await this.rpc<{ outcome: RecheckRequestOutcome; subscription?: RecheckRow } | null>(
      'request_recheck',
      {
        p_id: input.id,
        p_email: input.email,
        p_address: input.address,
        p_pages: input.pages,
        p_language: input.language,
        p_report_id: input.reportId,
        p_now: iso(input.now),
        p_max: MAX_RECHECKS_PER_EMAIL,
      },
    );
    const outcome = oneOf(answer?.outcome, ['created', 'exists', 'limit'] as const);
    return answer?.subscription
      ? { outcome, subscription: toSubscription(answer.subscription) }
      : { outcome };
  }

  async discard(id: string): Promise<boolean> {
    if (!RECHECK_ID.test(id)) return false;
    return (await this.rpc<boolean>('discard_recheck', { p_id: id })) === true;
  }

  async confirm(id: string, now: Date, firstCheckAt: Date): ReturnType<RecheckStore['confirm']> {
    const args = { p_id: id, p_now: iso(now), p_first_check_at: iso(firstCheckAt) };
    if (!RECHECK_ID.test(id)) return 'unknown';
    return oneOf(await this.rpc('confirm_recheck', args), [
      'confirmed',
      'already',
      'unsubscribed',
      'unknown',
    ] as const);
  }

  async unsubscribe(id: string, now: Date): ReturnType<RecheckStore['unsubscribe']> {
    const args = { p_id: id, p_now: iso(now) };
    if (!RECHECK_ID.test(id)) return 'unknown';
    return oneOf(await this.rpc('unsubscribe_recheck', args), [
      'unsubscribed',
      'already',
      'unknown',
    ] as const);
  }

  async get(id: string): Promise<RecheckSubscription | undefined> {
    if (!RECHECK_ID.test(id)) return undefined;
    const rows = await this.rpc<RecheckRow[] | null>('get_recheck_subscription', { p_id: id });
    const row = rows?.[0];
    return row ? toSubscription(row) : undefined;
  }

  async claimDue(request: Parameters<RecheckStore['claimDue']>[0]): Promise<RecheckSubscription[]> {
    const now = iso(request.now);
    if (!(request.limit >= 1)) return [];
    const rows = await this.rpc<RecheckRow[] | null>('claim_due_rechecks', {
      p_worker: request.workerId,
      p_now: now,
      p_lease_ms: Math.max(1, Math.floor(request.leaseMs)),
      p_limit: Math.floor(request.limit),
    });
    // The earliest due first (an UPDATE … RETURNING gives no order).
    return (rows ?? []).map(toSubscription).sort(byDue);
  }

  async complete(
    id: string,
    workerId: string,
    done: Parameters<RecheckStore['complete']>[2],
  ): Promise<boolean> {
    const args = {
      p_id: id,
      p_worker: workerId,
      p_report_id: done.reportId,
      p_at: iso(done.at),
      p_next_check_at: iso(done.nextCheckAt),
      // The month's email, enqueued by the database in the completion's transaction.
      p_mail: done.mail?.payload ?? null,
    };
    if (!RECHECK_ID.test(id)) return false;
    return (await this.rpc<boolean | null>('complete_recheck', args)) === true;
  }

  async release(id: string, workerId: string, retryAt: Date): Promise<boolean> {
    const args = { p_id: id, p_worker: workerId, p_retry_at: iso(retryAt) };
    if (!RECHECK_ID.test(id)) return false;
    return (await this.rpc<boolean | null>('release_recheck', args)) === true;
  }

  async list(): Promise<RecheckSubscription[]> {
    const rows = await this.rpc<RecheckRow[] | null>('list_recheck_subscriptions', {});
    return (rows ?? []).map(toSubscription);
  }

  async purgeUnconfirmed(before: Date): Promise<number> {
    return purgeInBatches(this.rpc, 'purge_unconfirmed_rechecks', { p_before: iso(before) });
  }
}
