import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes, type CacheStats } from './bounded-cache.ts';
import { compressEntry, type Compressions, type Encodable } from './compressed.ts';

// A small in-memory cache for rendered pages: crawlers (per agent) and people (one page for all) get the
// same page for a short while, with a stable ETag for conditional requests. Per process; bounded in
// bytes, keys included (src/server/bounded-cache.ts). Callers store successful pages only: a miss
// (404) for an address someone made up is rendered again, never kept.
//
// A page is the same bytes for everyone of its audience, so each entry is kept compressed too
// (decision 034): brotli and gzip, made per entry on libuv's thread pool, off the event loop
// (compressEntry).

export interface CachedPage extends Encodable {
  status: number;
  /**
   * The page in UTF-8, made once: a client that takes no encoding gets these bytes as they are, where
   * a string would be encoded again for every response (15% of the process's time under wrk with no
   * Accept-Encoding, decision 073).
   */
  html: Buffer;
  storedAt: number;
  /**
   * When the page's content last changed, for a crawler's Last-Modified: looked up on its first answer
   * and kept with it (the content's dates are the build's), not on every request (decision 075).
   */
  modified?: { value: string | undefined };
}

export class PageCache {
  private readonly cache: BoundedCache<CachedPage>;
  private readonly compressions: Compressions | undefined;
  /**
   * @param ttlMs how long an entry is served
   * @param options.maxBytes bound on the keys and pages together: a crawler walking endless query-string
   *   variants must not grow the process without limit.
   * @param options.compressions tracks the entries' compressions (the server's, for its tests' drain)
   */
  constructor(ttlMs: number, options: { maxBytes?: number; compressions?: Compressions | undefined } = {}) {
    this.compressions = options.compressions;
    this.cache = new BoundedCache({
      ttlMs,
      maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
      // The two compressed copies together stay under the page's length in UTF-8 (HTML compresses
      // well over 2:1), counted from the start so the bound holds once they are there.
      sizeOf: (page) => page.html.length + stringBytes(page.etag) + page.html.length,
    });
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    return this.cache.get(key, now);
  }

  /** Stores a page (unless it alone exceeds the bound) and returns it with its ETag either way. */
  set(key: string, status: number, html: string, now = Date.now()): CachedPage {
    const entry: CachedPage = { status, html: Buffer.from(html, 'utf8'), etag: etagOf(html), storedAt: now };
    this.cache.set(key, entry, now);
    // Its compressed copies: fast ones for the request that made it (which waits for `ready`), the
    // best ones for later requests (compressEntry).
    void compressEntry(entry, html, this.compressions);
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
