import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { waitFor } from './delivery-peers.ts';
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

/** A crawler's request as sent, its body as the bytes on the wire (never decompressed). */
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
    // The entry is compressed on the thread pool, then served as is.
    const br = await waitFor(async () => {
      const res = await raw(path, 'gzip, deflate, br');
      return String(res.headers.etag).endsWith('-br"') ? res : null;
    }, 'the brotli copy');
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
