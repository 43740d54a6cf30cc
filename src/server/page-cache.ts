import { createHash } from 'node:crypto';

// A small in-memory cache for crawler renders: crawlers get the same page for a short
// while, with a stable ETag for conditional requests. Per process; bounded in size.

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  storedAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  /**
   * @param ttlMs how long an entry is served
   * @param maxBytes bound on the cached text (UTF-16 code units × 2): a crawler walking endless
   *   query-string variants must not grow the process without limit.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 8 * 1024 * 1024,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, status: number, html: string, now = Date.now()): CachedPage {
    this.delete(key);
    const entry = { status, html, etag: etagOf(html), storedAt: now };
    const size = html.length * 2;
    // Oldest first out (a Map keeps insertion order) until the new entry fits.
    while (this.bytes + size > this.maxBytes && this.entries.size > 0)
      this.delete(this.entries.keys().next().value!);
    if (size <= this.maxBytes) {
      this.entries.set(key, entry);
      this.bytes += size;
    }
    return entry;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.html.length * 2;
  }

  get size(): number {
    return this.entries.size;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
