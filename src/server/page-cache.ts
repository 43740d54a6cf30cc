import { createHash } from 'node:crypto';

// A small in-memory cache for crawler renders (design §2): crawlers get the same page for a short
// while, with a stable ETag for conditional requests. Per process; bounded in size.

export interface CachedPage {
  status: number;
  html: string;
  etag: string;
  storedAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, status: number, html: string, now = Date.now()): CachedPage {
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const entry = { status, html, etag: etagOf(html), storedAt: now };
    this.entries.set(key, entry);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
