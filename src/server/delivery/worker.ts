import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import {
  MAX_EXPIRED_LEASES,
  type Delivery,
  type DeliveryChannel,
  type DeliveryFailureRecord,
  type Outbox,
} from '../store/types.ts';
import { DeliveryError, describeFailure, type DeliverySender } from './channels/types.ts';

// The delivery worker (decision 018). It polls the outbox (and right after a lead, through nudge()),
// leases a batch of due deliveries atomically, sends each through its channel and records the
// result; failures are retried with exponential backoff, and a lease that expires (its worker died
// or froze) counts as a failed attempt (decision 021). Every bit of state is in the store: a
// restart, or another process on the same store, carries on where this one stopped. A delivery is
// sent at least once; its stable id lets receivers drop a repeat.
//
// An outcome the store could not record (a full disk, a locked file) is kept in memory and recorded
// before anything new is leased (decision 051): a delivery that was sent is never leased again by
// this worker, so when space comes back it is recorded as delivered, not sent a second time.

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

/** An attempt's outcome waiting to be recorded (the store failed when it was first tried). */
type Unrecorded = { delivery: Delivery; late?: boolean } & (
  { outcome: 'delivered'; at: Date } | { outcome: 'failure'; failure: DeliveryFailureRecord }
);

export const RETRY_SCHEDULE = {
  /** Delay after the first failure; doubled after each one… */
  firstDelayMs: 5_000,
  /** …up to this during the first hour (5 s, 10 s, 20 s, 40 s, 80 s, then 120 s)… */
  maxDelayFirstHourMs: 120_000,
  firstPeriodMs: 60 * 60 * 1000,
  /** …then hourly… */
  laterDelayMs: 60 * 60 * 1000,
  /** …and dead (`failed`) once this old. */
  deadAfterMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * When to try again after a failed attempt, or null when the delivery is dead. `attempts` counts
 * the failed one; `since` is when the schedule started (creation, or an operator's retry).
 */
export function nextAttemptAt(attempts: number, since: Date, failedAt: Date): Date | null {
  const s = RETRY_SCHEDULE;
  const age = failedAt.getTime() - since.getTime();
  if (age >= s.deadAfterMs) return null;
  const delay =
    age < s.firstPeriodMs
      ? Math.min(s.firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20), s.maxDelayFirstHourMs)
      : s.laterDelayMs;
  // One last attempt when the day is up, rather than dying early.
  return new Date(Math.min(failedAt.getTime() + delay, since.getTime() + s.deadAfterMs));
}

/**
 * The sender's work, or a failure at the deadline if it has not settled by then. Senders should
 * honour their signal, but one that does not (a render waiting on something hung) must not hold the
 * attempt until its lease expires: that would count as a dead worker, and another worker could send
 * it meanwhile. What it was doing is left to finish or fail on its own.
 */
function settledBy(work: Promise<void>, signal: AbortSignal, deadlineMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () =>
      reject(new DeliveryError('DEADLINE', `attempt still running at its deadline (${deadlineMs} ms)`));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export interface DeliveryWorkerOptions {
  outbox: Outbox;
  /** The channels this worker can send; deliveries of other channels wait for a worker that can. */
  senders: Partial<Record<DeliveryChannel, DeliverySender>>;
  logger: Logger;
  /** The clock (tests drive it to skip backoff delays). */
  now?: () => Date;
  /** How often the outbox is polled when idle (default 1 s). */
  pollIntervalMs?: number;
  /** Deliveries leased at once (default 10), sent in parallel. */
  batchSize?: number;
  /**
   * Deadline of one attempt (default 60 s, and at most half the lease); every channel's own timeouts
   * are shorter. An attempt still running at its deadline is recorded as failed.
   */
  attemptTimeoutMs?: number;
  /**
   * How long a lease lasts (default 2 min). A live worker records every attempt's outcome well within
   * it; a lease that expires means its worker died or froze, and counts as an attempt (decision 021).
   */
  leaseMs?: number;
  /** Expired leases after which a delivery is failed (default MAX_EXPIRED_LEASES). */
  maxExpiredLeases?: number;
  /** Names this worker in leases (default: host, process id and a random part). */
  workerId?: string;
  /** Called once per attempt, for metrics. */
  onOutcome?: (channel: DeliveryChannel, outcome: DeliveryOutcome) => void;
}

export interface DeliveryWorker {
  readonly id: string;
  /** Starts polling (at once). */
  start(): void;
  /** A lead was just stored: look at the outbox now rather than at the next poll. */
  nudge(): void;
  /**
   * Drains: polls now, and again until a poll finds nothing due at the worker's clock, then resolves
   * with no claim, send or record in flight. Works whether or not the worker was started (tests drive
   * an unstarted worker with it alone). What failed waits for its retry time, so a test moves the
   * clock past it and drains again; "nothing more was sent" is asserted after a drain, never a wait.
   */
  idle(): Promise<void>;
  /** Stops polling and waits for the deliveries in progress; leases of the rest simply expire. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseMs = options.leaseMs ?? 120_000;
  // Half the lease at most: the other half covers recording the outcome and replicas' clock skew, so
  // a lease only ever expires when its worker is gone or frozen.
  const attemptTimeoutMs = Math.min(options.attemptTimeoutMs ?? 60_000, Math.floor(leaseMs / 2));
  const maxExpiredLeases = options.maxExpiredLeases ?? MAX_EXPIRED_LEASES;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const channels = (Object.keys(options.senders) as DeliveryChannel[]).filter((c) => options.senders[c]);
  const logger = options.logger.child({ component: 'lead-delivery' });

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> | undefined;
  let nudged = false;
  let storeFailing = false;
  /**
   * Outcomes sent or tried but not yet recorded, by delivery id: at most one batch, since nothing is
   * leased while any is waiting. Only this worker holds their leases, and the store's `complete` and
   * `fail` need only that (not an unexpired lease), so recording one late still wins unless another
   * process leased the row meanwhile (decision 051).
   */
  const unrecorded = new Map<string, Unrecorded>();

  /** Records one outcome; one the store refuses waits in `unrecorded` for the next cycle. */
  async function record(entry: Unrecorded): Promise<void> {
    const { delivery } = entry;
    const base = { deliveryId: delivery.id, channel: delivery.channel, attempt: delivery.attempts + 1 };
    try {
      const recorded =
        entry.outcome === 'delivered'
          ? await options.outbox.complete(delivery.id, id, entry.at)
          : await options.outbox.fail(delivery.id, entry.failure);
      unrecorded.delete(delivery.id);
      if (!recorded) {
        logger.warn(
          base,
          `lead delivery lease lost before its ${entry.outcome === 'delivered' ? 'success' : 'failure'} was recorded`,
        );
      } else if (entry.late) {
        logger.info({ ...base, outcome: entry.outcome }, 'lead delivery outcome recorded late');
      } else if (entry.outcome === 'delivered') {
        logger.debug({ ...base, outcome: 'delivered' }, 'lead delivered');
      }
    } catch (storeError) {
      if (!unrecorded.has(delivery.id)) {
        // Logged once per delivery, not once per try.
        logger.error(
          { ...base, error: describeFailure(storeError).code },
          entry.outcome === 'delivered'
            ? 'lead delivery sent but not recorded; recorded before anything new is leased'
            : 'lead delivery failure not recorded; recorded before anything new is leased',
        );
      }
      unrecorded.set(delivery.id, { ...entry, late: true });
    }
  }

  /** Records what is waiting; true when nothing is left waiting. */
  async function recordWaiting(): Promise<boolean> {
    for (const entry of [...unrecorded.values()]) await record(entry);
    return unrecorded.size === 0;
  }

  async function deliver(delivery: Delivery): Promise<void> {
    if (delivery.status === 'failed') {
      // Failed by the claim itself: its lease expired once too often. Reported, never sent.
      options.onOutcome?.(delivery.channel, 'failed');
      logger.error(
        {
          deliveryId: delivery.id,
          channel: delivery.channel,
          attempts: delivery.attempts,
          expiredLeases: delivery.expiredLeases,
          outcome: 'failed',
        },
        'lead delivery failed for good: its worker stopped during each of its last attempts',
      );
      return;
    }
    const sender = options.senders[delivery.channel]!;
    const attemptAt = now();
    const base = { deliveryId: delivery.id, channel: delivery.channel, attempt: delivery.attempts + 1 };
    try {
      const signal = AbortSignal.timeout(attemptTimeoutMs);
      await settledBy(sender.send(delivery, { at: attemptAt, signal }), signal, attemptTimeoutMs);
    } catch (error) {
      const failure = describeFailure(error);
      const failedAt = now();
      const retryAt = nextAttemptAt(
        delivery.attempts + 1,
        // A queued email's schedule starts when it was due to go, not when it was asked for.
        delivery.retriedAt ?? delivery.notBefore,
        failedAt,
      );
      const outcome: DeliveryOutcome = retryAt ? 'retry' : 'failed';
      options.onOutcome?.(delivery.channel, outcome);
      // No personal data: the delivery id, the channel and a short error code.
      logger[retryAt ? 'warn' : 'error'](
        { ...base, outcome, error: failure.code, retryAt: retryAt?.toISOString() },
        retryAt ? 'lead delivery failed; will retry' : 'lead delivery failed for good',
      );
      await record({
        delivery,
        outcome: 'failure',
        failure: { workerId: id, at: failedAt, error: failure.message, retryAt },
      });
      return;
    }
    options.onOutcome?.(delivery.channel, 'delivered');
    await record({ delivery, outcome: 'delivered', at: now() });
  }

  /**
   * Leases and sends batches until the outbox has nothing due (or the worker stops); resolves with
   * how many deliveries it leased.
   */
  async function drain(): Promise<number> {
    let leased = 0;
    while (!stopped) {
      // What was sent comes first: leasing anew before it is recorded could lease it again.
      if (!(await recordWaiting())) return leased;
      let batch: Delivery[];
      try {
        batch = await options.outbox.claim({
          workerId: id,
          now: now(),
          leaseMs,
          limit: batchSize,
          channels,
          maxExpiredLeases,
        });
        if (storeFailing) logger.info('lead delivery outbox reachable again');
        storeFailing = false;
      } catch (error) {
        // Logged once per outage, not once per poll.
        if (!storeFailing) {
          logger.error({ error: describeFailure(error).code }, 'lead delivery outbox unavailable');
        }
        storeFailing = true;
        return leased;
      }
      leased += batch.length;
      if (batch.length === 0) return leased;
      await Promise.all(batch.map(deliver));
      if (batch.length < batchSize) return leased;
    }
    return leased;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    // The worker never keeps the process alive on its own.
    timer.unref();
  }

  /** One poll now (the caller checked none is in flight); the next is timed when it ends. */
  function poll(): Promise<number> {
    clearTimeout(timer);
    timer = undefined;
    nudged = false;
    const leased = drain().finally(() => {
      cycle = undefined;
      if (started) schedule(nudged ? 0 : pollIntervalMs);
    });
    cycle = leased.then(() => undefined);
    return leased;
  }

  function run() {
    timer = undefined;
    if (stopped || cycle) return;
    void poll();
  }

  return {
    id,
    start() {
      if (started || stopped) return;
      started = true;
      if (channels.length === 0) return;
      schedule(0);
    },
    nudge() {
      if (!started || stopped || channels.length === 0) return;
      if (cycle) nudged = true;
      else schedule(0);
    },
    async idle() {
      for (;;) {
        if (cycle) {
          await cycle;
          continue;
        }
        if (stopped || channels.length === 0) return;
        // A poll that leased something may have left work due at once (a full batch, a lease lost):
        // idle only once a whole poll found nothing.
        if ((await poll()) === 0) return;
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await cycle;
      // One last try; what is still unrecorded goes again once its lease expires (at least once).
      if (!(await recordWaiting())) {
        logger.error(
          { deliveries: [...unrecorded.keys()] },
          'lead delivery outcomes not recorded at stop; those deliveries go again when their leases expire',
        );
      }
    },
  };
}
