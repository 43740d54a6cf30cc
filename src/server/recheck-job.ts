import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { TRANSIENT_AUDIT_FAILURES, type AuditOutcome } from '../lib/audit.ts';
import { nextRecheckAt } from '../lib/recheck.ts';
import type { Lang } from '../site.ts';
import type { RecheckStore, RecheckSubscription } from './store/recheck-types.ts';
import { deliveryPayload } from './store/records.ts';
import type { DeliveryPayload } from './store/types.ts';

// The monthly re-check job (decision 032). Every poll it leases the subscriptions that are due (one
// process at a time holds each, across processes sharing the store, like the lead outbox), audits
// each address again as a person's audit (the report is saved), and completes the subscription with
// the new report and its next due time; the store enqueues the re-check's email in the lead outbox
// in that same transaction, so the email goes once the re-check is recorded and never twice for it.
//
// What can go wrong:
// - the audit was busy or rate-limited (ours, it passes): released, due again in an hour;
// - the site could not be audited (unreachable, an error page…): that is news for the person, so the
//   re-check completes with the previous report still the latest and an email saying why;
// - the report could not be saved, or the store failed: released (or left to its lease), tried again;
// - the process dies during a re-check: its lease expires and another process takes it up. The audit
//   runs in worker threads with its own deadline, so a site cannot take the process down with it.

export interface RecheckJobOptions {
  rechecks: RecheckStore;
  /**
   * The site's audit, saving the report (the audit service's `audit` with `save`) as the one that
   * follows `follows`, the subscription's last report (decision 048: its page links only that one).
   */
  audit: (address: string, lang: Lang, pages: number, follows: string) => Promise<AuditOutcome>;
  logger: Logger;
  /** After a completion: the outbox has an email to send (the delivery worker's nudge). */
  onMail?: () => void;
  /** Counts each re-check's outcome (metrics). */
  onOutcome?: (outcome: RecheckOutcomeKind) => void;
  /** The clock (tests move it a month on). */
  now?: () => Date;
  /** How often due subscriptions are looked for (default 5 minutes). */
  pollIntervalMs?: number;
  /** How long a lease lasts (default 30 minutes, longer than a 25-page site audit). */
  leaseMs?: number;
  /** Subscriptions leased at once, re-checked one after the other (default 2). */
  batchSize?: number;
  workerId?: string;
}

export type RecheckOutcomeKind = 'checked' | 'failed' | 'retry' | 'lost';

export interface RecheckJob {
  readonly id: string;
  start(): void;
  /** Re-checks what is due now, batch after batch, then resolves (tests call it; the timer too). */
  runDue(): Promise<number>;
  stop(): Promise<void>;
}

/** Due again after a failure of ours. */
const RETRY_MS = 60 * 60 * 1000;

/** The re-check email's payload: what the visitor-mail renderer reads (lead_data, as a lead's). */
export function recheckMailPayload(
  subscription: RecheckSubscription,
  found: { reportId: string; checkedAt: Date; nextCheckAt: Date; failure?: string },
): DeliveryPayload {
  return deliveryPayload({
    email: subscription.email,
    language: subscription.language,
    lead_data: {
      form_type: 'recheck',
      recheck_id: subscription.id,
      website: subscription.address,
      report_id: found.reportId,
      previous_report_id: subscription.lastReportId,
      checked_at: found.checkedAt.toISOString(),
      next_check_at: found.nextCheckAt.toISOString(),
      ...(found.failure ? { failure: found.failure } : {}),
    },
  });
}

export function createRecheckJob(options: RecheckJobOptions): RecheckJob {
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 5 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 30 * 60 * 1000;
  const batchSize = options.batchSize ?? 2;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const logger = options.logger.child({ component: 'recheck' });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function recheck(subscription: RecheckSubscription): Promise<RecheckOutcomeKind> {
    const outcome = await options.audit(
      subscription.address,
      subscription.language,
      subscription.pages,
      subscription.lastReportId,
    );
    const checkedAt = now();
    if (!outcome.ok && TRANSIENT_AUDIT_FAILURES.has(outcome.reason)) {
      await options.rechecks.release(subscription.id, id, new Date(checkedAt.getTime() + RETRY_MS));
      return 'retry';
    }
    const reportId = outcome.ok ? outcome.report.id : subscription.lastReportId;
    if (!reportId) {
      // Audited but not saved (the store failed): nothing to link to yet.
      await options.rechecks.release(subscription.id, id, new Date(checkedAt.getTime() + RETRY_MS));
      return 'retry';
    }
    const nextCheckAt = nextRecheckAt(checkedAt);
    const failure = outcome.ok ? undefined : outcome.reason;
    const payload = recheckMailPayload(subscription, { reportId, checkedAt, nextCheckAt, failure });
    const done = await options.rechecks.complete(subscription.id, id, {
      reportId,
      at: checkedAt,
      nextCheckAt,
      mail: { payload },
    });
    if (!done) return 'lost';
    options.onMail?.();
    return failure ? 'failed' : 'checked';
  }

  async function runDue(): Promise<number> {
    let count = 0;
    while (!stopped) {
      const batch = await options.rechecks.claimDue({ workerId: id, now: now(), leaseMs, limit: batchSize });
      for (const subscription of batch) {
        if (stopped) break;
        let outcome: RecheckOutcomeKind;
        try {
          outcome = await recheck(subscription);
        } catch (error) {
          // The store failed: the lease expires and the re-check is taken up again.
          logger.error({ err: error }, 're-check not recorded; retried when its lease expires');
          outcome = 'retry';
        }
        options.onOutcome?.(outcome);
        // No personal data: the outcome and the number of pages.
        logger.info({ outcome, pages: subscription.pages }, 're-check done');
        count += 1;
      }
      if (batch.length < batchSize) break;
    }
    return count;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((error: unknown) => {
          logger.error({ err: error }, 're-check store unavailable');
          return 0;
        })
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    id,
    start: schedule,
    runDue: () => (running ??= runDue().finally(() => (running = undefined))),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
