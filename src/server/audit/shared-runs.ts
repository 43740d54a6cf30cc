import { createHash, randomUUID } from 'node:crypto';
import type { SharedState } from '../shared-state.ts';
import type { RunResult } from './run.ts';

// One audit of an address (and page count) at a time across every replica, and its report reused by
// all of them for AUDIT_CACHE_SECONDS (decision 070). The replica that gets a key's lock runs the
// audit and tells the others through a pub/sub channel of that key (its progress, then its result),
// and keeps a report in Redis for the cache's time; the others join by listening. Redis not
// answering: the caller runs the audit itself, as without REDIS_URL.

/** What a replica running a shared audit tells the ones that joined it. */
export type SharedMessage<P> = { progress: P } | { result: RunResult } | { abandoned: true };

export interface Publisher<P> {
  progress(progress: P): void;
  /** Publishes the result, keeps a report for `cacheMs` (none for a failure), and frees the lock. */
  done(result: RunResult, cacheMs: number): void;
  /** The audit will not run here after all (no slot): frees the lock for another replica. */
  abandon(): void;
}

/** The outcome of asking to run a key's audit. */
export type Claim<P> =
  /** Run it here, telling the others. */
  | { run: Publisher<P> }
  /**
   * Another replica runs it: its result (progress told as it comes), or undefined when that replica
   * went away or Redis did (the lock's lapse, a lost connection).
   */
  | { join: (onProgress: (progress: P) => void) => Promise<RunResult | undefined> }
  /** Another replica finished it meanwhile: its report. */
  | { finished: Finished };

export interface Finished {
  result: RunResult;
  /** How much longer it may be reused, in ms. */
  ttlMs: number;
}

export interface SharedRuns<P> {
  /** A report of `key` some replica kept, if any (undefined too when Redis does not answer). */
  finished(key: string): Promise<Finished | undefined>;
  /** Claims `key`'s run; undefined when Redis cannot answer (run it here, alone). */
  claim(key: string): Promise<Claim<P> | undefined>;
}

// Frees a lock only while it is still this claim's (a lapsed lock may be another replica's by now).
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export interface SharedRunsOptions {
  shared: SharedState;
  /**
   * How long a lock is held at most, and a joiner waits: an audit's deadline bounds its run, so a
   * lock older than this belongs to a replica that died with it.
   */
  lapseMs: number;
}

export function sharedRuns<P>(options: SharedRunsOptions): SharedRuns<P> {
  const { shared, lapseMs } = options;
  // A key is an address (up to 2,048 characters) and a page count: hashed, for keys of one size.
  const names = (key: string) => {
    const id = createHash('sha256').update(key).digest('base64url');
    return {
      lock: `${shared.prefix}audit:lock:${id}`,
      report: `${shared.prefix}audit:report:${id}`,
      channel: `${shared.prefix}audit:run:${id}`,
    };
  };

  async function finished(key: string): Promise<Finished | undefined> {
    if (!shared.ready) return undefined;
    const { report } = names(key);
    try {
      const [json, ttl] = (await Promise.all([
        shared.send(['GET', report]),
        shared.send(['PTTL', report]),
      ])) as [string | null, number];
      if (typeof json !== 'string' || ttl <= 0) return undefined;
      return { result: JSON.parse(json) as RunResult, ttlMs: ttl };
    } catch (error) {
      shared.fellBack('audit', error);
      return undefined;
    }
  }

  async function claim(key: string): Promise<Claim<P> | undefined> {
    if (!shared.ready) {
      shared.fellBack('audit');
      return undefined;
    }
    const { lock, report, channel } = names(key);
    const token = randomUUID();
    // Listening before asking for the lock, so that no message of the holder can be missed.
    const heard: SharedMessage<P>[] = [];
    let onMessage: ((message: SharedMessage<P>) => void) | undefined;
    let stop: (() => void) | undefined;
    try {
      stop = await shared.subscribe(channel, (text) => {
        let message: SharedMessage<P>;
        try {
          message = JSON.parse(text) as SharedMessage<P>;
        } catch {
          // Not a replica's message (another program writing to the channel): ignored.
          return;
        }
        if (onMessage) onMessage(message);
        else heard.push(message);
      });
      const got = await shared.send(['SET', lock, token, 'NX', 'PX', String(lapseMs)]);
      if (got === 'OK') {
        stop();
        return { run: publisher(lock, report, channel, token) };
      }
      const done = await finished(key);
      if (done) {
        stop();
        return { finished: done };
      }
    } catch (error) {
      stop?.();
      shared.fellBack('audit', error);
      return undefined;
    }
    const listening = stop;
    return {
      join: (onProgress) =>
        new Promise<RunResult | undefined>((resolve) => {
          let settled = false;
          const settle = (result: RunResult | undefined) => {
            if (settled) return;
            settled = true;
            clearTimeout(lapse);
            forget();
            listening();
            resolve(result);
          };
          const lapse = setTimeout(() => settle(undefined), lapseMs);
          const forget = shared.onDown(() => settle(undefined));
          onMessage = (message) => {
            if ('result' in message) settle(message.result);
            else if ('abandoned' in message) settle(undefined);
            else if (!settled) onProgress(message.progress);
          };
          for (const message of heard.splice(0)) onMessage(message);
        }),
    };
  }

  function publisher(lock: string, report: string, channel: string, token: string): Publisher<P> {
    // Each message in order on the one connection; a lost one costs a joiner its progress, not its result.
    const publish = (message: SharedMessage<P>) =>
      shared.send(['PUBLISH', channel, JSON.stringify(message)]).catch(() => {});
    const unlock = () => shared.send(['EVAL', UNLOCK, '1', lock, token]).catch(() => {});
    return {
      progress: (progress) => void publish({ progress }),
      done(result, cacheMs) {
        void (async () => {
          // Kept before it is told, so that a replica asking between the two finds the report.
          if (result.ok && cacheMs > 0) {
            await shared.send(['SET', report, JSON.stringify(result), 'PX', String(cacheMs)]).catch(() => {});
          }
          await publish({ result });
          await unlock();
        })();
      },
      abandon: () => void unlock().then(() => publish({ abandoned: true })),
    };
  }

  return { finished, claim };
}
