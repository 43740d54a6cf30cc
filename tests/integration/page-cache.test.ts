import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

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

/** One audience's page cache lookups so far, from /metrics. */
async function lookups(audience: 'crawler' | 'person' = 'crawler'): Promise<{ hit: number; miss: number }> {
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const count = (result: string) =>
    Number(
      new RegExp(`page_cache_total\\{audience="${audience}",result="${result}"\\} (\\d+)`).exec(text)?.[1] ??
        0,
    );
  return { hit: count('hit'), miss: count('miss') };
}

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
    const before = await lookups('person');
    const tracked = await request(app)
      .get('/fr/guide?utm_source=x&utm_campaign=y')
      .set('User-Agent', HUMAN_UA);
    const plain = await request(app).get('/fr/guide').set('User-Agent', HUMAN_UA);
    expect(tracked.status).toBe(200);
    expect(tracked.text).toBe(plain.text);
    expect(tracked.headers.etag).toBe(plain.headers.etag);
    const after = await lookups('person');
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(1);
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

/** A request as sent (a crawler's unless told), its body as the bytes on the wire (never decompressed). */
async function raw(path: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        get(
          {
            host: '127.0.0.1',
            port,
            path,
            headers: { 'User-Agent': GPTBOT_UA, 'Accept-Encoding': acceptEncoding, ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        ).on('error', reject);
      },
    );
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('a crawler’s cached page, compressed once', () => {
  it('is sent as brotli or gzip from the entry, with its length, its own ETag and a 304', async () => {
    const path = '/en/faq';
    const identity = await raw(path, 'identity');
    expect(identity.status).toBe(200);
    const html = identity.body.toString('utf8');
    // The entry is compressed on the thread pool (its best copies once the first request is answered),
    // then served as is.
    await app.locals.compressionsIdle();
    const br = await raw(path, 'gzip, deflate, br');
    expect(br.headers.etag).toMatch(/-br"$/);
    const body = br.body;
    expect(brotliDecompressSync(body).toString('utf8')).toBe(html);
    expect(Number(br.headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(html.length / 3);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    const gz = await raw(path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    // Each representation revalidates on its own ETag.
    const again = await raw(path, 'br', { 'If-None-Match': br.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('a person’s page, the same bytes for everyone', () => {
  const browser = { 'User-Agent': HUMAN_UA };

  it('is identical for two people, may be kept by a shared cache, and revalidates with a 304', async () => {
    const path = '/fr/services';
    const first = await raw(path, 'identity', browser);
    const second = await raw(path, 'identity', { ...browser, Cookie: 'theme=dark' });
    expect(first.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    // A shared cache may keep it a minute (and serve it a minute more while it fetches a fresh copy);
    // a browser revalidates every time. No Last-Modified: the ETag covers the bytes.
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=60');
    expect(first.headers['last-modified']).toBeUndefined();
    // The same Vary list as a crawler's page: no shared cache mixes the two.
    const crawler = await raw(path, 'identity');
    expect(first.headers.vary).toBe(crawler.headers.vary);
    expect(first.headers.vary).toMatch(/User-Agent/);
    expect(first.headers.vary).toMatch(/Cookie/);
    const again = await raw(path, 'identity', { ...browser, 'If-None-Match': first.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it('is compressed for its very first answer, then at the best settings, each set under its own ETag', async () => {
    // The request that makes the entry waits a few milliseconds for fast copies; the best copies
    // replace them for later requests. No ETag ever names two bodies.
    const first = await raw('/fr/about', 'gzip, deflate, br', browser);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.etag).toMatch(/-br-fast"$/);
    const html = brotliDecompressSync(first.body).toString('utf8');
    await app.locals.compressionsIdle();
    const best = await raw('/fr/about', 'gzip, deflate, br', browser);
    expect(best.headers.etag).toMatch(/-br"$/);
    expect(brotliDecompressSync(best.body).toString('utf8')).toBe(html);
    expect(best.body.length).toBeLessThan(first.body.length);
    // The fast copy's ETag no longer matches: the client gets the best bytes.
    const revalidated = await raw('/fr/about', 'br', {
      ...browser,
      'If-None-Match': first.headers.etag as string,
    });
    expect(revalidated.status).toBe(200);
    const identity = await raw('/fr/about', 'identity', browser);
    expect(identity.body.toString('utf8')).toBe(html);
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(identity.headers.etag).not.toMatch(/-(br|gzip)/);
  });

  it('is kept in brotli and gzip, each with its own ETag and a 304', async () => {
    const path = '/en/about';
    const html = (await raw(path, 'identity', browser)).body.toString('utf8');
    await app.locals.compressionsIdle();
    const br = await raw(path, 'gzip, deflate, br', browser);
    expect(br.headers.etag).toMatch(/-br"$/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await raw(path, 'gzip', browser);
    expect(gunzipSync(gz.body).toString('utf8')).toBe(html);
    const again = await raw(path, 'gzip, deflate, br', {
      ...browser,
      'If-None-Match': br.headers.etag as string,
    });
    expect(again.status).toBe(304);
  });

  it('is never one visitor’s: a page showing a form’s outcome stays private and out of the cache', async () => {
    const agent = request.agent(app);
    await agent
      .post('/api/contact')
      .set('Accept', 'text/html')
      .type('form')
      .send({ name: 'Private', email: 'broken', message: 'Mine alone', returnTo: '/en/contact' });
    const outcome = await agent.get('/en/contact').set('User-Agent', HUMAN_UA);
    expect(outcome.text).toContain('Mine alone');
    expect(outcome.headers['cache-control']).toBe('private, no-store');
    expect(outcome.headers.etag).toBeUndefined();
    const next = await request(app).get('/en/contact').set('User-Agent', HUMAN_UA);
    expect(next.text).not.toContain('Mine alone');
  });
});
