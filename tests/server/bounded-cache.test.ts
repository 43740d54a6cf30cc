import { describe, expect, it } from 'vitest';
import { BoundedCache, ENTRY_OVERHEAD_BYTES, stringBytes } from '../../src/server/bounded-cache.ts';

// The one cache shape of the server: bounded in bytes with keys counted, oldest out first, expired
// entries swept as it is used (decision 020).

const cache = (maxBytes: number, ttlMs = 1000) =>
  new BoundedCache<string>({ ttlMs, maxBytes, sizeOf: stringBytes });

describe('BoundedCache', () => {
  it('counts keys, values and overhead, and never holds more than its bound', () => {
    const c = cache(10_000);
    c.set('k', 'value', 0);
    expect(c.stats).toEqual({ entries: 1, bytes: 2 + 10 + ENTRY_OVERHEAD_BYTES });
    // Empty values with long keys fill it too: a flood of misses would.
    for (let i = 0; i < 1000; i++) c.set(`${i}-${'k'.repeat(200)}`, '', 0);
    expect(c.stats.bytes).toBeLessThanOrEqual(10_000);
    expect(c.stats.entries).toBeLessThan(30);
  });

  it('evicts the oldest first, and keeps nothing larger than the whole bound', () => {
    const c = cache(3 * (2 + 200 + ENTRY_OVERHEAD_BYTES));
    for (const key of ['a', 'b', 'c', 'd']) c.set(key, 'x'.repeat(100), 0);
    expect(c.get('a', 0)).toBeUndefined();
    expect(c.get('d', 0)).toBe('x'.repeat(100));
    expect(c.set('huge', 'x'.repeat(10_000), 0)).toBe(false);
    expect(c.get('huge', 0)).toBeUndefined();
    expect(c.stats.entries).toBe(3);
  });

  it('sweeps expired entries whenever it is used, not only when their key is read again', () => {
    const c = cache(1_000_000, 1000);
    for (let i = 0; i < 100; i++) c.set(`old-${i}`, 'x', 0);
    c.set('new', 'y', 500);
    expect(c.stats.entries).toBe(101);
    expect(c.get('something-else', 1001)).toBeUndefined();
    expect(c.stats.entries).toBe(1);
    expect(c.get('new', 1001)).toBe('y');
    c.set('newer', 'z', 1600);
    expect(c.stats.entries).toBe(1);
  });

  it('reads an entry once with take', () => {
    const c = cache(10_000);
    c.set('id', 'outcome', 0);
    expect(c.take('id', 0)).toBe('outcome');
    expect(c.take('id', 0)).toBeUndefined();
    expect(c.stats).toEqual({ entries: 0, bytes: 0 });
  });
});
