import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { createClient } from 'redis';

// What replicas share when REDIS_URL is set (decision 070): the counts of every rate limit (through
// rate-limit-redis, src/server/rate-limit.ts), the audit slots (src/server/audit/service.ts) and
// the audits in flight and their reports (src/server/audit/shared-runs.ts). Redis is never needed
// to serve a page: whatever asks it something has its own answer for when it cannot (each process's
// memory, as without REDIS_URL), so an outage costs the limits' sharing, not the site.

/** What a caller of Redis did without it: a limit counted in memory, a slot taken here, … */
export type FallbackUse = 'limit' | 'slot' | 'audit';

export interface SharedState {
  /** Prefix of every key this site writes (several sites may share one Redis). */
  readonly prefix: string;
  /** Whether Redis can be asked now (connected); a caller that finds it not uses its own memory. */
  readonly ready: boolean;
  /** Sends one command; rejects when Redis is not connected or takes longer than the timeout. */
  send(args: string[]): Promise<unknown>;
  /**
   * Notes a question answered without Redis (not ready, or the command failed): counted in
   * /metrics, and the first of an outage logged.
   */
  fellBack(use: FallbackUse, error?: unknown): void;
  /** Runs `listener` each time the connection is (again) ready: scripts are loaded again there. */
  onReady(listener: () => void): void;
  /**
   * Listens to a pub/sub channel on this process's subscriber connection (one, opened on first use:
   * a subscribed connection takes no other command); resolves once Redis has confirmed, with the
   * function that stops listening. Rejects when Redis cannot be reached.
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => void>;
  /** Runs `listener` whenever the connection is lost (a wait on another replica's message ends); returns its removal. */
  onDown(listener: () => void): () => void;
  /** Resolves once connected (at once when it is): tests wait on it rather than on the clock. */
  whenReady(): Promise<void>;
  close(): Promise<void>;
}

export interface SharedStateOptions {
  url: string;
  /** Longest wait for one command, in ms, before the caller goes on without Redis. */
  timeoutMs: number;
  logger: Logger;
  registry: Registry;
  /** Key prefix (default `geo:`). */
  prefix?: string;
}

/**
 * Reconnection delay: 50 ms doubled each attempt, at most 2 s, for ever (node-redis stops trying when
 * this returns false). A replica whose Redis comes back is sharing again within two seconds.
 */
export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** Math.min(retries, 6), 2000);
}

/** Connects to REDIS_URL in the background: start-up never waits for Redis, nor fails without it. */
export function createSharedState(options: SharedStateOptions): SharedState {
  const { logger, timeoutMs } = options;
  const prefix = options.prefix ?? 'geo:';
  const client = createClient({
    url: options.url,
    // A command asked while disconnected fails at once rather than waits for a reconnection: the
    // request it serves goes on with this process's memory.
    disableOfflineQueue: true,
    socket: { connectTimeout: Math.max(timeoutMs, 1000), reconnectStrategy: reconnectDelay },
  });
  // Connected, but a command failed or timed out (a stalled or overloaded Redis): skipped, as if
  // down, until a PING answers, so that a stall costs one REDIS_TIMEOUT_MS, not one per request.
  let stalled = false;
  const up = () => client.isReady && !stalled;
  // Logged once per outage: the first failure after being up (or at start), not every request's.
  let outageLogged = false;
  let closed = false;
  const readyListeners: (() => void)[] = [];
  const downListeners = new Set<() => void>();
  let waiters: (() => void)[] = [];
  const fallbacks = new Counter({
    name: 'shared_state_fallbacks_total',
    help: 'Questions for Redis (REDIS_URL) answered from this process’s memory instead, by use (limit, slot, audit)',
    labelNames: ['use'],
    registers: [options.registry],
  });
  new Gauge({
    name: 'shared_state_up',
    help: 'Whether this replica shares its limits and audits through Redis now (1) or is on its own memory (0)',
    registers: [options.registry],
    collect() {
      this.set(up() ? 1 : 0);
    },
  });

  const noteDown = (error: unknown) => {
    for (const listener of downListeners) listener();
    if (outageLogged || closed) return;
    outageLogged = true;
    logger.warn(
      { reason: error instanceof Error ? error.message : String(error) },
      'Redis unreachable: limits and audits fall back to this process’s memory until it is back',
    );
  };
  const noteUp = () => {
    if (!up()) return;
    if (outageLogged) logger.info('Redis reachable again: limits and audits shared');
    outageLogged = false;
    for (const listener of readyListeners) listener();
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };
  const stall = (error: unknown) => {
    if (stalled) return;
    stalled = true;
    noteDown(error);
    // No timeout: it answers once Redis does; a lost connection rejects it, and `ready` ends the stall.
    client.sendCommand(['PING']).then(
      () => {
        stalled = false;
        noteUp();
      },
      () => {},
    );
  };
  // node-redis emits `error` for every failed connection attempt: without a listener it would throw.
  client.on('error', (error: unknown) => noteDown(error));
  client.on('ready', () => {
    stalled = false;
    noteUp();
  });
  client.on('end', () => noteDown(new Error('connection closed')));
  // The first connection is retried by the same strategy; its rejection is the `error` event's.
  client.connect().catch((error: unknown) => noteDown(error));

  type Client = typeof client;
  let subscriber: Promise<Client> | undefined;
  const connectSubscriber = async () => {
    const sub = client.duplicate();
    // Its failures are the main connection's too: those are the ones logged.
    sub.on('error', () => {});
    sub.on('end', () => {
      for (const listener of downListeners) listener();
    });
    await withTimeout(sub.connect(), timeoutMs).catch(() => {});
    return sub;
  };

  return {
    prefix,
    get ready() {
      return up();
    },
    // node-redis's own `timeout` only covers a command not yet written: one a stalled Redis has
    // received would wait for ever. A reply that comes late is still read, and dropped.
    send: (args) => withTimeout(client.sendCommand(args), timeoutMs),
    fellBack(use, error) {
      fallbacks.inc({ use });
      if (error !== undefined && client.isReady) stall(error);
      else noteDown(error ?? new Error('not connected'));
    },
    onReady(listener) {
      readyListeners.push(listener);
    },
    onDown(listener) {
      downListeners.add(listener);
      return () => downListeners.delete(listener);
    },
    async subscribe(channel, listener) {
      if (!up()) throw new Error('not connected');
      subscriber ??= connectSubscriber();
      const sub = await subscriber;
      if (!sub.isReady) throw new Error('not connected');
      await withTimeout(sub.subscribe(channel, listener), timeoutMs);
      return () => void sub.unsubscribe(channel, listener).catch(() => {});
    },
    whenReady() {
      if (up()) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    async close() {
      closed = true;
      if (subscriber) (await subscriber).destroy();
      client.destroy();
    },
  };
}

/** `work`, or a rejection once `ms` have passed without it settling. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
