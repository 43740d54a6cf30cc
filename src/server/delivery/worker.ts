import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Delivery, DeliveryChannel, Outbox } from '../store/types.ts';
import { describeFailure, type DeliverySender } from './channels/types.ts';

// The delivery worker (decision 018). It polls the outbox (and right after a lead, through nudge()),
// leases a batch of due deliveries atomically, sends each through its channel and records the
// result; failures are retried with exponential backoff. Every bit of state is in the store: a
// restart, or another process on the same store, carries on where this one stopped. A delivery is
// sent at least once; its stable id lets receivers drop a repeat.

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed';

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
  /** Deadline of one attempt (default 60 s); every channel's own timeouts are shorter. */
  attemptTimeoutMs?: number;
  /** How long a lease lasts (default 2 min): longer than an attempt can take. */
  leaseMs?: number;
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
  /** Stops polling and waits for the deliveries in progress; leases of the rest simply expire. */
  stop(): Promise<void>;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 60_000;
  const leaseMs = Math.max(options.leaseMs ?? 120_000, attemptTimeoutMs + 10_000);
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const channels = (Object.keys(options.senders) as DeliveryChannel[]).filter((c) => options.senders[c]);
  const logger = options.logger.child({ component: 'lead-delivery' });

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let cycle: Promise<void> | undefined;
  let nudged = false;
  let storeFailing = false;

  async function deliver(delivery: Delivery): Promise<void> {
    const sender = options.senders[delivery.channel]!;
    const attemptAt = now();
    const base = { deliveryId: delivery.id, channel: delivery.channel, attempt: delivery.attempts + 1 };
    try {
      await sender.send(delivery, { at: attemptAt, signal: AbortSignal.timeout(attemptTimeoutMs) });
    } catch (error) {
      const failure = describeFailure(error);
      const failedAt = now();
      const retryAt = nextAttemptAt(
        delivery.attempts + 1,
        delivery.retriedAt ?? delivery.createdAt,
        failedAt,
      );
      const outcome: DeliveryOutcome = retryAt ? 'retry' : 'failed';
      options.onOutcome?.(delivery.channel, outcome);
      // No personal data: the delivery id, the channel and a short error code.
      logger[retryAt ? 'warn' : 'error'](
        { ...base, outcome, error: failure.code, retryAt: retryAt?.toISOString() },
        retryAt ? 'lead delivery failed; will retry' : 'lead delivery failed for good',
      );
      try {
        const recorded = await options.outbox.fail(delivery.id, {
          workerId: id,
          at: failedAt,
          error: failure.message,
          retryAt,
        });
        if (!recorded) logger.warn(base, 'lead delivery lease lost before its failure was recorded');
      } catch (storeError) {
        logger.error(
          { ...base, error: describeFailure(storeError).code },
          'lead delivery failure not recorded; retried when its lease expires',
        );
      }
      return;
    }
    options.onOutcome?.(delivery.channel, 'delivered');
    try {
      const recorded = await options.outbox.complete(delivery.id, id, now());
      if (!recorded) logger.warn(base, 'lead delivery lease lost before its success was recorded');
      else logger.debug({ ...base, outcome: 'delivered' }, 'lead delivered');
    } catch (storeError) {
      // Sent but not recorded: it goes again when the lease expires (at least once).
      logger.error(
        { ...base, error: describeFailure(storeError).code },
        'lead delivery sent but not recorded; it will be sent again',
      );
    }
  }

  /** Leases and sends batches until the outbox has nothing due (or the worker stops). */
  async function drain(): Promise<void> {
    while (!stopped) {
      let batch: Delivery[];
      try {
        batch = await options.outbox.claim({ workerId: id, now: now(), leaseMs, limit: batchSize, channels });
        if (storeFailing) logger.info('lead delivery outbox reachable again');
        storeFailing = false;
      } catch (error) {
        // Logged once per outage, not once per poll.
        if (!storeFailing) {
          logger.error({ error: describeFailure(error).code }, 'lead delivery outbox unavailable');
        }
        storeFailing = true;
        return;
      }
      if (batch.length === 0) return;
      await Promise.all(batch.map(deliver));
      if (batch.length < batchSize) return;
    }
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    // The worker never keeps the process alive on its own.
    timer.unref();
  }

  function run() {
    timer = undefined;
    if (stopped || cycle) return;
    nudged = false;
    cycle = drain().finally(() => {
      cycle = undefined;
      schedule(nudged ? 0 : pollIntervalMs);
    });
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
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await cycle;
    },
  };
}
