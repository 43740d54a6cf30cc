import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { WaitlistInput } from '../forms.ts';
import { duplicateDetail, leadRecord, type LeadRecord } from './records.ts';
import type { RecheckStore } from './recheck-types.ts';
import type { AuditReportStore } from './report-types.ts';
import {
  DUPLICATE_WINDOW_MS,
  StoreRefusedError,
  StoreUnavailableError,
  type LeadContext,
  type LeadStore,
  type NewsletterSubscriptions,
  type Outbox,
  type SaveOutcome,
  type Submission,
  type VisitorMailRecord,
} from './types.ts';

// Supabase store (when SUPABASE_URL and SUPABASE_ANON_KEY are set): the waitlist calls the
// create_free_audit_from_form function, every other form inserts its lead record into `leads`
// (both requests are fixed: the project's existing function and table take exactly these). Both a
// returned `error` and `{ success: false }` in `data` are failures. The key never leaves the server.
// Calls time out, so a slow backend answers 503 quickly instead of hanging.
// Deliveries (decision 018) are created by the database itself, in the insert's transaction (see
// supabase/migrations/*_outbox.sql) with the row as stored, which the worker reads through
// deliveryPayload (records.ts) as it reads the embedded store's (decision 039). The outbox the
// worker drains is a separate client holding the service_role key (supabase-outbox.ts); so are the
// saved audit reports (supabase-reports.ts).

export const SUPABASE_TIMEOUT_MS = 5000;

/** fetch with a deadline: supabase-js takes a custom fetch. */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new Error(`Supabase did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const upstream = init?.signal;
    if (upstream) upstream.addEventListener('abort', () => controller.abort(upstream.reason), { once: true });
    return fetch(input, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
  };
}

/** A database function called with the service_role key: its data, or the store is unavailable. */
export type ServiceRpc = <T>(name: string, args: Record<string, unknown>) => Promise<T>;

/** Calls database functions as the service role (the outbox, saved reports, re-checks). */
export function serviceRpc(url: string, serviceRoleKey: string, timeoutMs?: number): ServiceRpc {
  const client = supabaseClient(url, serviceRoleKey, timeoutMs);
  return async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const { data, error } = await client.rpc(name, args);
    if (error) throw new StoreUnavailableError(`Supabase ${name} failed: ${error.message}`);
    return data as T;
  };
}

/**
 * Calls a purge function until it deletes fewer rows than it may: each call deletes at most `limit`
 * (its `p_limit`), one short transaction each. Returns how many rows went in all.
 */
export async function purgeInBatches(
  rpc: ServiceRpc,
  name: string,
  args: Record<string, unknown>,
  limit = 1000,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const count = Number(await rpc<number>(name, { ...args, p_limit: limit }));
    purged += count;
    if (!(count >= limit)) return purged;
  }
}

/** A server-side supabase-js client: no session, calls time out. */
export function supabaseClient(url: string, key: string, timeoutMs = SUPABASE_TIMEOUT_MS): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchWithTimeout(timeoutMs) },
  });
}

/**
 * What the database's trigger raises when the recipient's mailbox has had its visitor emails for now
 * (supabase/migrations/20270101000000_mailbox_limits.sql): the lead is refused whole (decision 050).
 */
const MAILBOX_LIMITED = 'visitor_mail_limited';

class MailboxLimitedError extends Error {
  override name = 'MailboxLimitedError';
}

/** A failed call: the mailbox's limit when the trigger said so, else the store is unavailable. */
function storeError(call: string, message: string): Error {
  if (message.includes(MAILBOX_LIMITED)) return new MailboxLimitedError();
  return new StoreUnavailableError(`Supabase ${call} failed: ${message}`);
}

interface RpcResult {
  success?: boolean;
  error?: string | null;
}

export class SupabaseStore implements LeadStore {
  readonly kind = 'supabase' as const;
  private readonly client: SupabaseClient;
  /**
   * Same form and email within the window: stored once. This process remembers what it stored and
   * holds a second submission until the first one's write is done; across replicas, the database's
   * own trigger (supabase/migrations) folds a repeat into the first row.
   */
  private readonly recent = new Map<string, number>();
  private readonly inflight = new Map<string, Promise<void>>();

  /** What became of a submission's visitor email: the outbox's service_role client reads it (decision 067). */
  readonly mailOf?: (submission: Submission) => Promise<VisitorMailRecord | undefined>;
  /** The lead delivery outbox, when delivery is on (another client: it needs the service_role key). */
  readonly outbox: Outbox | undefined;
  /** The newsletter's opt-in, through the same service_role client as the outbox. */
  readonly subscriptions: NewsletterSubscriptions | undefined;
  /** Saved audit reports, when the service_role key is given (supabase-reports.ts). */
  readonly reports: AuditReportStore | undefined;
  /** Monthly re-check subscriptions, when the service_role key is given (supabase-rechecks.ts). */
  readonly rechecks: RecheckStore | undefined;

  constructor(
    url: string,
    anonKey: string,
    options: {
      timeoutMs?: number;
      outbox?: Outbox &
        NewsletterSubscriptions & {
          mailOf?(submission: Submission): Promise<VisitorMailRecord | undefined>;
        };
      reports?: AuditReportStore;
      rechecks?: RecheckStore;
    } = {},
  ) {
    this.outbox = options.outbox;
    this.subscriptions = options.outbox;
    const outbox = options.outbox;
    if (outbox?.mailOf) this.mailOf = (submission) => outbox.mailOf!(submission);
    this.reports = options.reports;
    this.rechecks = options.rechecks;
    this.client = supabaseClient(url, anonKey, options.timeoutMs);
  }

  /** What makes two submissions the same lead: the form, the email, and for a report the report. */
  private static key(submission: Submission): string {
    const detail = duplicateDetail(submission);
    return `${submission.form}:${submission.data.email.toLowerCase()}${detail ? `:${detail}` : ''}`;
  }

  private seen(key: string, now: number): boolean {
    for (const [k, at] of this.recent) if (now - at > DUPLICATE_WINDOW_MS) this.recent.delete(k);
    return this.recent.has(key);
  }

  private async guarded(
    submission: Submission,
    ctx: LeadContext,
    write: () => Promise<void>,
  ): Promise<SaveOutcome> {
    const now = ctx.submittedAt.getTime();
    const { form } = submission;
    const key = SupabaseStore.key(submission);
    // A simultaneous submission of the same lead waits for the first one's outcome.
    for (let pending = this.inflight.get(key); pending; pending = this.inflight.get(key))
      await pending.catch(() => undefined);
    if (this.seen(key, now)) return 'duplicate';
    const attempt = (async () => {
      try {
        await write();
      } catch (error) {
        if (error instanceof MailboxLimitedError) throw error;
        if (error instanceof StoreUnavailableError) throw error;
        throw new StoreUnavailableError(`Supabase ${form} failed: ${(error as Error).message}`);
      }
      this.recent.set(key, now);
    })();
    this.inflight.set(key, attempt);
    try {
      await attempt;
    } catch (error) {
      if (error instanceof MailboxLimitedError) return 'limited';
      throw error;
    } finally {
      this.inflight.delete(key);
    }
    return 'stored';
  }

  private async insertLead(record: LeadRecord): Promise<void> {
    const { error } = await this.client.from('leads').insert(record);
    if (error) throw storeError('insert into leads', error.message);
  }

  save(submission: Submission, ctx: LeadContext): Promise<SaveOutcome> {
    const record = leadRecord(submission, ctx);
    return this.guarded(submission, ctx, () =>
      submission.form === 'waitlist' ? this.joinWaitlist(record, submission.data) : this.insertLead(record),
    );
  }

  /**
   * The waitlist goes through the project's function. Its contract has no message parameter: a note the
   * visitor wrote is also kept as a waitlist lead, so nothing submitted is lost.
   */
  private async joinWaitlist(record: LeadRecord, input: WaitlistInput): Promise<void> {
    const { data, error } = await this.client.rpc('create_free_audit_from_form', {
      p_name: record.name,
      p_email: record.email,
      p_phone: record.phone,
      p_company: record.company,
      p_website: input.website,
      p_language: record.language,
      p_utm_data: record.utm_data,
      p_project_source: record.source,
    });
    if (error) throw storeError('rpc', error.message);
    const result = (data ?? {}) as RpcResult;
    if (result.success === false && result.error?.includes(MAILBOX_LIMITED)) throw new MailboxLimitedError();
    // The function's own error text is shown to the visitor, else 'Submission failed'.
    if (result.success === false) throw new StoreRefusedError(result.error || 'Submission failed');
    if (input.message) await this.insertLead(record);
  }

  /** Readiness: the REST endpoint answers (an empty HEAD select is allowed to fail on RLS, not on the network). */
  async ping(): Promise<void> {
    try {
      const { error } = await this.client.from('leads').select('id', { head: true, count: 'exact' }).limit(1);
      if (error && /fetch|network|abort|timeout|ECONN|did not answer/i.test(error.message))
        throw new Error(error.message);
    } catch (error) {
      throw new StoreUnavailableError(`Supabase unreachable: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {}
}
