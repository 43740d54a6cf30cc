import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from './helpers.ts';

// The page caches' keys (src/server/pages.ts, src/site.ts pageQuery): a public page is rendered and
// cached for its path and the query parameters it reads, so tracking or made-up parameters
// (utm_source, fbclid, anything) never make a new render, for crawlers or people, and links to the
// page in the other language do not carry them.

const METRICS_TOKEN = 'page-cache-test-metrics-token-0123456789';

let app: App;
beforeAll(async () => {
  app = await testServer({ METRICS_TOKEN });
});
afterAll(() => app.locals.close());

/** The crawler page cache's lookups so far, from /metrics. */
async function lookups(): Promise<{ hit: number; miss: number }> {
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const count = (result: string) =>
    Number(new RegExp(`crawler_page_cache_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
}

/** A person's page without its per-request nonce. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""').replace(/\.nonce\b/g, '');

describe('page cache keys', () => {
  it('a crawler asking with tracking or unknown parameters gets the page rendered once', async () => {
    const before = await lookups();
    const first = await request(app).get('/en/guide?utm_source=newsletter').set('User-Agent', GPTBOT_UA);
    const second = await request(app)
      .get('/en/guide?fbclid=abc&gclid=def&made-up=1')
      .set('User-Agent', GPTBOT_UA);
    const plain = await request(app).get('/en/guide').set('User-Agent', GPTBOT_UA);
    for (const res of [first, second, plain]) expect(res.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(plain.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    const after = await lookups();
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(2);
    // The page names its own address, never the parameters it was asked with.
    expect(first.text).not.toMatch(/utm_source|fbclid/);
  });

  it('a person gets the same page whatever tracking parameters the address carries', async () => {
    const tracked = await request(app)
      .get('/fr/guide?utm_source=x&utm_campaign=y')
      .set('User-Agent', HUMAN_UA);
    const plain = await request(app).get('/fr/guide').set('User-Agent', HUMAN_UA);
    expect(tracked.status).toBe(200);
    expect(withoutNonce(tracked.text)).toBe(withoutNonce(plain.text));
    expect(tracked.text).toContain('href="/en/guide"');
    expect(tracked.text).not.toContain('utm_');
  });

  it('the parameters a page reads make their own entry, and go along to the other language', async () => {
    const before = await lookups();
    const category = await request(app)
      .get('/en/blog?utm_medium=social&category=seo&q=crawler')
      .set('User-Agent', GPTBOT_UA);
    const again = await request(app).get('/en/blog?q=crawler&category=seo').set('User-Agent', GPTBOT_UA);
    const all = await request(app).get('/en/blog').set('User-Agent', GPTBOT_UA);
    expect(again.text).toBe(category.text);
    expect(all.text).not.toBe(category.text);
    const after = await lookups();
    expect(after.miss - before.miss).toBe(2);
    expect(after.hit - before.hit).toBe(1);
    const person = await request(app).get('/en/blog?category=seo&utm_source=x').set('User-Agent', HUMAN_UA);
    expect(person.text).toContain('href="/fr/blog?category=seo"');
  });
});
