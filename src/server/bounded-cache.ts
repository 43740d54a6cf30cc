// The one shape of every in-memory cache of the Express process (the crawler and person page caches,
// the Markdown copies, the no-JavaScript form outcomes): bounded in bytes, keys included, with
// expired entries swept as the cache is used, so no request, however many distinct addresses it
// invents, can grow the process past the bound (decision 020).

/** What a cache holds right now, for /metrics and the tests. */
export interface CacheStats {
  entries: number;
  bytes: number;
}

export interface BoundedCacheOptions<V> {
  /** How long an entry is served after it was stored. */
  ttlMs: number;
  /** Bound on the keys, values and per-entry overhead together. */
  maxBytes: number;
  /** An upper estimate of a value's size in bytes. */
  sizeOf: (value: V) => number;
}

/**
 * A string in V8 takes one or two bytes per UTF-16 code unit; two is the upper bound, so a cache
 * never holds more than it counts.
 */
export const stringBytes = (text: string): number => text.length * 2;

/**
 * What an entry costs besides its key and value: the Map's slot and the entry object (a few pointers
 * and a number each). Rounded up, so that a flood of empty values still fills the bound.
 */
export const ENTRY_OVERHEAD_BYTES = 128;

interface Entry<V> {
  value: V;
  bytes: number;
  expires: number;
}

/**
 * A cache bounded in bytes and time, oldest out first. Every entry has the same lifetime and a
 * stored key moves to the end, so the Map's insertion order is also the order of expiry: sweeping
 * stops at the first live entry, which keeps each get and set cheap (amortised constant) without a
 * timer.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(private readonly options: BoundedCacheOptions<V>) {}

  get(key: string, now = Date.now()): V | undefined {
    this.sweep(now);
    return this.entries.get(key)?.value;
  }

  /** Reads and forgets an entry (an outcome shown once). */
  take(key: string, now = Date.now()): V | undefined {
    const value = this.get(key, now);
    this.delete(key);
    return value;
  }

  /** Stores a value; false when it alone is larger than the whole bound (then nothing is kept). */
  set(key: string, value: V, now = Date.now()): boolean {
    this.delete(key);
    this.sweep(now);
    const bytes = stringBytes(key) + this.options.sizeOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return false;
    // Oldest first out until the new entry fits.
    while (this.bytes + bytes > this.options.maxBytes) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, bytes, expires: now + this.options.ttlMs });
    this.bytes += bytes;
    return true;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Removes the expired entries, which are all at the front. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) return;
      this.delete(key);
    }
  }

  get stats(): CacheStats {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

/** Lets /metrics report a cache's size under a fixed name (`memory_cache_bytes{cache}`). */
export type WatchCache = (name: string, stats: () => CacheStats) => void;

/**
 * A value remembered per distinct key (a request header's value: few distinct ones, sent by every
 * request), made by `make` the first time, in a BoundedCache: keys made up per request only ever
 * turn the oldest out. The visitor's class by user agent (decision 073), the encoding by
 * Accept-Encoding and a content date's HTTP form (decision 075). `make` must give the same value for
 * the same key, and never undefined.
 */
export function remembered<V>(options: { ttlMs: number; maxBytes: number; valueBytes: number }): {
  (key: string, make: (key: string) => V): V;
  readonly stats: CacheStats;
} {
  const cache = new BoundedCache<V>({ ...options, sizeOf: () => options.valueBytes });
  const lookup = (key: string, make: (key: string) => V): V => {
    const known = cache.get(key);
    if (known !== undefined) return known;
    const value = make(key);
    cache.set(key, value);
    return value;
  };
  return Object.defineProperty(lookup, 'stats', { get: () => cache.stats }) as typeof lookup & {
    readonly stats: CacheStats;
  };
}
