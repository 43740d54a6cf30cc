import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from '../../../src/server/audit/address.ts';
import { safeFetch } from '../../../src/server/audit/safe-fetch.ts';
import { startHeldSite, type HeldSite } from '../../fixtures/held-site.ts';

// A body kept in part (decision 049): an agent's view of the page is read and counted to the cap,
// so its size still compares with the page's, but only its first bytes are kept as text.

const BIG = `<p>${'é'.repeat(300_000)}</p>`; // 600,007 bytes of UTF-8

let site: HeldSite;
beforeAll(async () => {
  site = await startHeldSite({ files: () => ({ '/': { body: BIG } }) });
});
afterAll(() => site.close());

const fetchKeeping = (keepBytes?: number) =>
  safeFetch(`${site.origin}/`, {
    userAgent: 'test',
    accept: 'text/html',
    maxBytes: 2 * 1024 * 1024,
    overflow: 'truncate',
    timeoutMs: 5000,
    allowedHosts: parseAllowedHosts(site.host),
    ...(keepBytes !== undefined ? { keepBytes } : {}),
  });

describe('keepBytes', () => {
  it('counts the whole body and keeps only its first bytes, cut on a character', async () => {
    const whole = await fetchKeeping();
    const kept = await fetchKeeping(1000);
    if (!whole.ok || !kept.ok) throw new Error('fetch failed');
    expect(whole.body).toBe(BIG);
    expect(kept.bytes).toBe(whole.bytes);
    expect(kept.bytes).toBe(Buffer.byteLength(BIG));
    expect(kept.truncated).toBe(false);
    // 3 bytes of "<p>", then two-byte characters: 1,000 bytes end inside one, which is dropped.
    expect(kept.body).toBe(BIG.slice(0, 3 + 498));
  });
});
