import { describe, expect, it } from 'vitest';
import { PageCache } from '../../src/server/page-cache.ts';

// The rendered pages' cache (src/server/page-cache.ts), a BoundedCache of pages with their ETags;
// its keys, over HTTP, are in tests/integration/page-cache.test.ts.

describe('PageCache', () => {
  it('gives the same ETag for the same page, whether or not the page fits', () => {
    const pages = new PageCache(1000, { maxBytes: 1000 });
    const small = pages.set('a', 200, 'short', 0);
    const large = pages.set('b', 200, 'x'.repeat(5000), 0);
    expect(small.etag).toMatch(/^"[\w-]+"$/);
    expect(large.etag).toMatch(/^"[\w-]+"$/);
    expect(pages.get('a', 0)?.html.toString()).toBe('short');
    expect(pages.get('b', 0)).toBeUndefined();
    expect(pages.stats.bytes).toBeLessThanOrEqual(1000);
  });
});
