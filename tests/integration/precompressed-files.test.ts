import { readdirSync, readFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type RequestListener,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { hashedAssets } from '../../src/server/static-files.ts';
import { testServer } from '../support/test-server.ts';

// Decision 035: the generated crawler files (src/server/encoded-files.ts) are compressed once per
// body and sent as brotli or gzip with their own ETag; the hashed assets are compressed at build time
// (vite.config.ts) and sent as they are (src/server/static-files.ts). Bodies are read as the bytes on
// the wire: supertest would decompress gzip and brotli.

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Listens on a free port for the suite; `fetch` sends one request and returns it undecoded. */
async function listen(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fetch = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Raw>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: target, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { fetch, close };
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('generated crawler files, compressed once', () => {
  let app: App;
  let site: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    app = await testServer();
    site = await listen(app);
  });
  afterAll(async () => {
    await site.close();
    await app.locals.close();
  });

  it.each([
    ['/robots.txt', 'text/plain'],
    ['/sitemap.xml', 'application/xml'],
    ['/llms.txt', 'text/plain'],
    ['/llms-full.txt', 'text/plain'],
    ['/fr/feed.xml', 'application/rss+xml'],
    ['/en/guide.md', 'text/markdown'],
    ['/fr/index.md', 'text/markdown'],
    ['/.well-known/security.txt', 'text/plain'],
  ])('%s is sent as brotli or gzip, with its length, its own strong ETag and a 304', async (file, type) => {
    const identity = await site.fetch(file, { 'Accept-Encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-type']).toContain(type);
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    const text = identity.body.toString('utf8');
    expect(text.length).toBeGreaterThan(50);

    // The copies are made on the thread pool after the first request (the best ones once it is
    // answered), then served as they are.
    await app.locals.compressionsIdle();
    const br = await site.fetch(file, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.etag).toBe(identity.headers.etag!.replace(/"$/, '-br"'));
    const gz = await site.fetch(file, { 'Accept-Encoding': 'gzip' });
    const none = await site.fetch(file, { 'Accept-Encoding': 'compress' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString('utf8')).toBe(text);
    expect(none.headers.etag).toBe(identity.headers.etag);

    for (const [encoding, res] of [
      ['br', br],
      ['gzip', gz],
    ] as const) {
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode[encoding](res.body).toString('utf8')).toBe(text);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers.etag).not.toBe(identity.headers.etag);
      // Everything else is the file's, whatever the encoding.
      for (const header of ['content-type', 'cache-control', 'last-modified'])
        expect(res.headers[header], header).toBe(identity.headers[header]);
      // Each representation revalidates on its own ETag.
      const again = await site.fetch(file, {
        'Accept-Encoding': encoding,
        'If-None-Match': res.headers.etag!,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    // Another representation's ETag is no match.
    const other = await site.fetch(file, { 'Accept-Encoding': 'gzip', 'If-None-Match': br.headers.etag! });
    expect(other.status).toBe(200);
    // HEAD: the headers of the same answer, no body.
    const head = await site.fetch(file, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('answers Accept: text/markdown with the copy compressed the same way, varying on both', async () => {
    // The copy's best compressed bytes, made once: the negotiated answer is the same representation.
    await site.fetch('/en/faq.md', { 'Accept-Encoding': 'br' });
    await app.locals.compressionsIdle();
    const copy = await site.fetch('/en/faq.md', { 'Accept-Encoding': 'br' });
    expect(copy.headers['content-encoding']).toBe('br');
    expect(copy.headers.etag).toMatch(/-br"$/);
    const negotiated = await site.fetch('/en/faq', { Accept: 'text/markdown', 'Accept-Encoding': 'br' });
    expect(negotiated.status).toBe(200);
    expect(negotiated.headers['content-encoding']).toBe('br');
    expect(negotiated.headers['content-location']).toBe('/en/faq.md');
    expect(negotiated.headers.vary).toMatch(/\bAccept\b/);
    expect(negotiated.headers.vary).toMatch(/Accept-Encoding/i);
    expect(negotiated.headers.etag).toBe(copy.headers.etag);
    expect(negotiated.body.equals(copy.body)).toBe(true);
    // A browser still gets the page.
    const page = await site.fetch('/en/faq', { Accept: 'text/html', 'Accept-Encoding': 'identity' });
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('an unknown copy is still the short 404', async () => {
    const res = await site.fetch('/en/no-such-page.md', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('hashed assets, compressed at build time', () => {
  const dir = path.resolve('dist/client/assets');
  const names = readdirSync(dir);
  const scripts = names.filter((name) => name.endsWith('.js'));
  // The largest script: compressed copies certainly smaller than it.
  const script = scripts.sort(
    (a, b) => readFileSync(path.join(dir, b)).length - readFileSync(path.join(dir, a)).length,
  )[0]!;
  const original = readFileSync(path.join(dir, script));
  let assets: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    // As server.ts mounts it, behind the compression middleware.
    const app = express();
    app.use(compression());
    app.use('/assets', hashedAssets(dir));
    assets = await listen(app);
  });
  afterAll(() => assets.close());

  it('has a smaller .br and .gz beside every script and stylesheet, none beside fonts', () => {
    for (const name of names.filter(
      (n) => /\.(?:js|css)$/.test(n) && readFileSync(path.join(dir, n)).length > 1024,
    )) {
      const size = readFileSync(path.join(dir, name)).length;
      expect(readFileSync(path.join(dir, `${name}.br`)).length, name).toBeLessThan(size);
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`))).length, name).toBe(size);
    }
    expect(names.filter((n) => /\.woff2\.(?:br|gz)$/.test(n))).toEqual([]);
  });

  it('sends the build’s brotli or gzip copy with the script’s type and a year’s immutable caching', async () => {
    const identity = await assets.fetch(`/assets/${script}`, { 'Accept-Encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(identity.body.equals(original)).toBe(true);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/Accept-Encoding/i);
    const type = identity.headers['content-type'];
    expect(type).toMatch(/^text\/javascript/);
    for (const [encoding, ext] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const res = await assets.fetch(`/assets/${script}`, {
        'Accept-Encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.equals(readFileSync(path.join(dir, script + ext)))).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decode[encoding](res.body).equals(original)).toBe(true);
      expect(res.headers.etag).not.toBe(identity.headers.etag);
      const again = await assets.fetch(`/assets/${script}`, {
        'Accept-Encoding': encoding,
        'If-None-Match': res.headers.etag!,
      });
      expect(again.status).toBe(304);
    }
    const head = await assets.fetch(`/assets/${script}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('falls through to the files themselves for everything else', async () => {
    const font = names.find((n) => n.endsWith('.woff2'));
    if (font) {
      const res = await assets.fetch(`/assets/${font}`, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(readFileSync(path.join(dir, font)))).toBe(true);
    }
    expect((await assets.fetch('/assets/no-such-file.js', { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await assets.fetch(`/assets/${script}`, { 'Accept-Encoding': 'br' }, 'POST')).status).toBe(404);
  });
});
