import { randomUUID } from 'node:crypto';
import type { SharedState } from '../shared-state.ts';

// The visitors' audit slots (AUDIT_MAX_CONCURRENT, AUDIT_MAX_PER_ADDRESS, decision 049) counted in
// Redis for every replica at once (decision 070): two sorted sets, every slot held and the slots of
// one address, each member a slot scored by when it lapses, so that a replica that dies holding a
// slot gives it back by itself. One script takes a slot in one step, so two replicas can never both
// take the last one.

/** A slot taken (its release), or why not. */
export type SharedSlot = (() => void) | 'busy' | 'oneAtATime';

// KEYS: every slot, this address's slots. ARGV: max, per address, slot id, lapse in ms.
// Redis's own clock (TIME), so the replicas' clocks need not agree.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 'oneAtATime' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 'busy' end
local lapse = now + tonumber(ARGV[4])
redis.call('ZADD', KEYS[1], lapse, ARGV[3])
redis.call('ZADD', KEYS[2], lapse, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 'ok'
`;

export interface SharedSlotsOptions {
  shared: SharedState;
  maxConcurrent: number;
  perAddress: number;
  /**
   * How long a slot is held at most: an audit's deadline bounds its run, so a slot older than this
   * belongs to a replica that died with it.
   */
  lapseMs: number;
}

export interface SharedSlots {
  /**
   * Takes a visitor's slot in Redis, or undefined when Redis cannot answer now: the caller then
   * counts in its own memory, as without REDIS_URL (the fall-back is counted and logged).
   */
  take(visitor: string | undefined): Promise<SharedSlot | undefined>;
}

export function sharedSlots(options: SharedSlotsOptions): SharedSlots {
  const { shared } = options;
  const all = `${shared.prefix}audit:slots`;
  const addressKey = (visitor: string | undefined) =>
    // A slot without a visitor (none today: re-checks have their own lane) is only counted in all.
    `${shared.prefix}audit:slots:${visitor ?? `none:${randomUUID()}`}`;
  return {
    async take(visitor) {
      if (!shared.ready) {
        shared.fellBack('slot');
        return undefined;
      }
      const id = randomUUID();
      const mine = addressKey(visitor);
      let answer: unknown;
      try {
        answer = await shared.send([
          'EVAL',
          TAKE,
          '2',
          all,
          mine,
          String(options.maxConcurrent),
          String(visitor === undefined ? options.maxConcurrent : options.perAddress),
          id,
          String(options.lapseMs),
        ]);
      } catch (error) {
        shared.fellBack('slot', error);
        return undefined;
      }
      if (answer === 'busy' || answer === 'oneAtATime') return answer;
      if (answer !== 'ok') {
        shared.fellBack('slot', new Error(`unexpected answer from the slot script: ${String(answer)}`));
        return undefined;
      }
      return () => {
        // A release Redis misses lapses with the slot's deadline: nothing else to do about it.
        shared.send(['ZREM', all, id]).catch(() => {});
        shared.send(['ZREM', mine, id]).catch(() => {});
      };
    },
  };
}
