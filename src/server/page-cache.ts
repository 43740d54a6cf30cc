import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes, type CacheStats } from './bounded-cache.ts';

// A small in-memory cache for rendered pages: crawlers (and people, with a placeholder nonce) get the
// same page for a short while, with a stable ETag for conditional requests. Per process; bounded in
// bytes, keys included (src/server/bounded-cache.ts). Callers store successful pages only: a miss
// (404) for an address someone made up is rendered again, never kept.

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  storedAt: number;
}

export class PageCache {
  private readonly cache: BoundedCache<CachedPage>;
  /**
   * @param ttlMs how long an entry is served
   * @param maxBytes bound on the keys and pages together: a crawler walking endless query-string
   *   variants must not grow the process without limit.
   */
  constructor(ttlMs: number, maxBytes = 8 * 1024 * 1024) {
    this.cache = new BoundedCache({
      ttlMs,
      maxBytes,
      sizeOf: (page) => stringBytes(page.html) + stringBytes(page.etag),
    });
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    return this.cache.get(key, now);
  }

  /** Stores a page (unless it alone exceeds the bound) and returns it with its ETag either way. */
  set(key: string, status: number, html: string, now = Date.now()): CachedPage {
    const entry = { status, html, etag: etagOf(html), storedAt: now };
    this.cache.set(key, entry, now);
    return entry;
  }

  get size(): number {
    return this.cache.stats.entries;
  }

  get stats(): CacheStats {
    return this.cache.stats;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
