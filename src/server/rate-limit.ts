import {
  MemoryStore,
  rateLimit,
  type ClientRateLimitInfo,
  type IncrementResponse,
  type Options,
  type RateLimitRequestHandler,
  type Store,
} from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { SharedState } from './shared-state.ts';

// The one way the server limits requests per address: the site-wide limit (server.ts), the forms'
// (src/server/leads.ts) and the audit's (src/server/audit/http.ts). Each says how many requests a
// minute it allows and how it answers past that; the window and the headers are the same for all.
// With REDIS_URL every limit counts in Redis, for all replicas at once (limitStore, decision 070).

/** The window every limit counts over, in seconds. */
export const RATE_WINDOW_SECONDS = 60;

export interface PerMinuteLimitOptions {
  /** Requests an address may make in the window. */
  limit: number;
  /** Answers a request past the limit (or notes it and calls `next`). */
  handler: Options['handler'];
  /** Requests the limit does not count. */
  skip?: Options['skip'];
  /** Where the counts live, when the caller also needs to count by hand (a site audit counts N). */
  store?: Options['store'];
  keyGenerator?: Options['keyGenerator'];
  /**
   * Whether each answer carries the `RateLimit` headers (default). The site-wide limit sends them on
   * none (decision 075): it also counts pages and files that shared caches keep (`s-maxage`, the edge
   * nginx) and would give one visitor's remaining count, and the hash of their address, to the next.
   * Its refusal still says when to come back (`Retry-After`).
   */
  headers?: boolean;
}

/**
 * A limit per address over RATE_WINDOW_SECONDS. It sends the standard `RateLimit` and
 * `RateLimit-Policy` headers (IETF draft 8), not the old `X-RateLimit-*` ones, and, past the limit,
 * `Retry-After` with the whole window: an upper bound a client can always trust.
 */
export function perMinuteLimit(options: PerMinuteLimitOptions): RateLimitRequestHandler {
  return windowLimit(RATE_WINDOW_SECONDS, options);
}

/**
 * The same over a longer window (the visitor emails' hour and day per sender, decision 050), with
 * `Retry-After` the whole window. Options may narrow what counts (`requestWasSuccessful` with
 * `skipFailedRequests`).
 */
export function windowLimit(
  windowSeconds: number,
  options: PerMinuteLimitOptions & Partial<Pick<Options, 'skipFailedRequests' | 'requestWasSuccessful'>>,
): RateLimitRequestHandler {
  const { headers = true, handler, ...rest } = options;
  return rateLimit({
    windowMs: windowSeconds * 1000,
    standardHeaders: headers ? 'draft-8' : false,
    legacyHeaders: false,
    retryAfter: windowSeconds,
    // The address is req.ip, which honours TRUST_PROXY: an X-Forwarded-For header sent while no
    // proxy is trusted is a client's own header, ignored, not a mistake to log on every request.
    validate: { xForwardedForHeader: false },
    ...rest,
    // express-rate-limit writes Retry-After only with its other headers: without them, here.
    handler: headers
      ? handler
      : (req, res, next, used) => {
          res.set('Retry-After', String(windowSeconds));
          return handler(req, res, next, used);
        },
  });
}

/**
 * Where a limit counts: this process's memory, or with REDIS_URL Redis (rate-limit-redis), so that
 * one address gets the limit once across every replica. `name` keeps each limit's keys apart (one
 * store per limiter: express-rate-limit refuses a store shared by two).
 */
export function limitStore(shared: SharedState | undefined, name: string): Store {
  return shared ? new SharedOrLocalStore(shared, name) : new MemoryStore();
}

/**
 * rate-limit-redis while Redis answers; this process's own MemoryStore whenever it does not (not
 * connected, an error, a command past REDIS_TIMEOUT_MS), so that a Redis outage never refuses nor
 * stalls a request: each replica then limits by itself, as without REDIS_URL, until Redis is back.
 */
class SharedOrLocalStore implements Store {
  readonly prefix: string;
  // Counts are Redis's: nothing here says a key is only this process's.
  readonly localKeys = false;
  readonly #shared: SharedState;
  readonly #redis: RedisStore;
  readonly #local = new MemoryStore();

  constructor(shared: SharedState, name: string) {
    this.#shared = shared;
    this.prefix = `${shared.prefix}rl:${name}:`;
    this.#redis = new RedisStore({
      prefix: this.prefix,
      sendCommand: (...args: string[]) => shared.send(args) as Promise<never>,
    });
  }

  init(options: Options): void {
    this.#local.init(options);
    // rate-limit-redis loads its scripts in init(); loaded again at every connection, since a load
    // that failed (Redis down at start-up) would otherwise fail every later call.
    const load = () => void this.#redis.init(options).catch(() => {});
    this.#shared.onReady(load);
    if (this.#shared.ready) load();
  }

  async #either<T>(shared: (store: RedisStore) => Promise<T>, local: (store: MemoryStore) => T | Promise<T>) {
    if (!this.#shared.ready) {
      this.#shared.fellBack('limit');
      return local(this.#local);
    }
    try {
      return await shared(this.#redis);
    } catch (error) {
      this.#shared.fellBack('limit', error);
      return local(this.#local);
    }
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.#either(
      (redis) => redis.get(key),
      (local) => local.get(key),
    );
  }

  increment(key: string): Promise<IncrementResponse> {
    return this.#either(
      (redis) => redis.increment(key),
      (local) => local.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.#either(
      (redis) => redis.decrement(key),
      (local) => local.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.#either(
      (redis) => redis.resetKey(key),
      (local) => local.resetKey(key),
    );
  }

  shutdown(): void {
    this.#local.shutdown();
  }
}
