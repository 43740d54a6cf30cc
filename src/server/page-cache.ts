import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes, type CacheStats } from './bounded-cache.ts';
import { encode, type Encoding } from './compressed.ts';

// A small in-memory cache for rendered pages: crawlers (per agent) and people (one page for all) get the
// same page for a short while, with a stable ETag for conditional requests. Per process; bounded in
// bytes, keys included (src/server/bounded-cache.ts). Callers store successful pages only: a miss
// (404) for an address someone made up is rendered again, never kept.
//
// A page that is the same bytes for everyone (a crawler's) can also be kept compressed (issue 24):
// brotli at its highest quality and gzip, computed once per entry on libuv's thread pool, off the
// event loop, while the entry is already served (compressed per response until they are ready).

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  storedAt: number;
  /** The page compressed, once ready (precompressed caches only). */
  encoded?: Record<Encoding, Buffer>;
}

export class PageCache {
  private readonly cache: BoundedCache<CachedPage>;
  /**
   * @param ttlMs how long an entry is served
   * @param options.maxBytes bound on the keys and pages together: a crawler walking endless query-string
   *   variants must not grow the process without limit.
   * @param options.precompress keep each entry compressed too (pages that are the same bytes for all).
   */
  constructor(
    ttlMs: number,
    private readonly options: { maxBytes?: number; precompress?: boolean } = {},
  ) {
    this.cache = new BoundedCache({
      ttlMs,
      maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
      // The two compressed copies together stay under the page's length in UTF-8 (HTML compresses
      // well over 2:1), counted from the start so the bound holds once they are there.
      sizeOf: (page) =>
        stringBytes(page.html) + stringBytes(page.etag) + (options.precompress ? page.html.length : 0),
    });
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    return this.cache.get(key, now);
  }

  /** Stores a page (unless it alone exceeds the bound) and returns it with its ETag either way. */
  set(key: string, status: number, html: string, now = Date.now()): CachedPage {
    const entry: CachedPage = { status, html, etag: etagOf(html), storedAt: now };
    this.cache.set(key, entry, now);
    if (this.options.precompress) {
      // Served uncompressed-then-compressed-per-response until ready; a failure only means that.
      encode(html).then(
        (encoded) => (entry.encoded = encoded),
        () => undefined,
      );
    }
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
