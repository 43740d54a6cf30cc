import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { FORM_OUTCOMES_MAX_BYTES } from '../../src/server/flash.ts';
import { GOOGLEBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// One visitor inventing addresses or flooding a form must not grow the process: metric labels come
// from a fixed set, caches keep no misses and are bounded in bytes, the no-JavaScript form outcomes
// too (issue 26, findings 2 to 4). Memory is measured as the heap in use after a full collection.

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** V8's collector, exposed at run time when the test runner did not start Node with --expose-gc. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function heapUsed(): number {
  const gc = collector();
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const MB = 1024 * 1024;

let servers: Server[] = [];
afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

/** The app on a loopback port of its own, so that thousands of requests reuse connections. */
async function listen(app: App): Promise<string> {
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Requests every path, a few dozen at a time, and counts the statuses. */
async function hit(origin: string, paths: string[], init: RequestInit = {}): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(origin + paths[next++]!, init);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
  return statuses;
}

async function metricsOf(app: App): Promise<string> {
  const res = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
}

/** The value of a gauge or counter line, 0 when the series does not exist. */
function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

const sumOf = (metrics: string, name: string) =>
  [...metrics.matchAll(new RegExp(`^${name}\\{[^}]*\\} (\\d+)$`, 'gm'))].reduce(
    (total, m) => total + Number(m[1]),
    0,
  );

// Far more distinct addresses than any bound kept for them (series, cache entries): what grows with
// each would show in /metrics' size and the heap long before this many.
const PROBES = 12_000;

describe('made-up addresses', () => {
  it(
    `${PROBES.toLocaleString('en')} distinct /api paths and as many unknown Markdown copies leave /metrics under 100 KB and the heap within 20 MB`,
    { timeout: 300_000 },
    async () => {
      const app = await testServer({ METRICS_TOKEN: TOKEN });
      const origin = await listen(app);
      // Warm up: the renderer, the 404 page, every lazy module, the metrics' own series.
      await hit(origin, ['/api/warm', '/en/warm.md', '/en/guide.md', '/en/nope', '/api/visitor']);
      await metricsOf(app);
      const before = heapUsed();

      const api = Array.from({ length: PROBES }, (_, i) => `/api/probe-${i}/${'x'.repeat(i % 50)}`);
      const markdown = Array.from({ length: PROBES }, (_, i) =>
        i % 2 ? `/en/unknown-${i}.md` : `/fr/deep/er/path-${i}x.md`,
      );
      expect(await hit(origin, api)).toEqual(new Map([[404, PROBES]]));
      expect(await hit(origin, markdown)).toEqual(new Map([[404, PROBES]]));

      const metrics = await metricsOf(app);
      const growth = heapUsed() - before;
      console.info(
        `${(2 * PROBES).toLocaleString('en')} made-up addresses: /metrics ${(metrics.length / 1024).toFixed(1)} KB, heap growth ${(growth / MB).toFixed(1)} MB`,
      );
      expect(metrics.length).toBeLessThan(100 * 1024);
      expect(metrics).not.toContain('probe-');
      // Every probe counted once in one series, with the warm-up's one /api request.
      expect(metrics).toContain(
        `http_requests_total{route="api_other",method="GET",status="404"} ${PROBES + 1}`,
      );
      // No cache kept a miss.
      expect(sample(metrics, 'memory_cache_entries{cache="markdown"}')).toBe(1);
      expect(sample(metrics, 'memory_cache_entries{cache="pages_person"}')).toBe(0);
      expect(growth).toBeLessThan(20 * MB);
    },
  );

  it('labels 2,000-character paths answered 429 with the same few series', async () => {
    const app = await testServer({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '5' });
    const origin = await listen(app);
    const long = Array.from({ length: 2_000 }, (_, i) => `/api/${i}-${'y'.repeat(2_000)}`);
    const pages = Array.from({ length: 500 }, (_, i) => `/en/${i}-${'z'.repeat(2_000)}`);
    const statuses = await hit(origin, [...long, ...pages]);
    expect(statuses.get(429)).toBe(2_495);
    const metrics = await metricsOf(app);
    expect(metrics.length).toBeLessThan(100 * 1024);
    expect(metrics).not.toMatch(/y{100}|z{100}/);
    expect(metrics).toMatch(/http_requests_total\{route="api_other",method="GET",status="429"\} \d+/);
    expect(metrics).toMatch(/http_requests_total\{route="other",method="GET",status="429"\} \d+/);
  });

  it('keeps no page for an unknown address, for people or crawlers', async () => {
    const app = await testServer({ METRICS_TOKEN: TOKEN });
    const origin = await listen(app);
    const paths = Array.from({ length: 100 }, (_, i) => `/en/no-such-page-${i}`);
    for (const ua of [HUMAN_UA, GOOGLEBOT_UA])
      expect(await hit(origin, paths, { headers: { 'User-Agent': ua } })).toEqual(new Map([[404, 100]]));
    // A real page is kept, and answered again from the cache.
    for (const ua of [HUMAN_UA, GOOGLEBOT_UA])
      expect(await hit(origin, ['/en/guide', '/en/guide'], { headers: { 'User-Agent': ua } })).toEqual(
        new Map([[200, 2]]),
      );
    const metrics = await metricsOf(app);
    expect(sample(metrics, 'memory_cache_entries{cache="pages_person"}')).toBe(1);
    expect(sample(metrics, 'memory_cache_entries{cache="pages_crawler"}')).toBe(1);
    expect(metrics).toMatch(/page_cache_total\{audience="crawler",result="hit"\} 1/);
    expect(metrics).toMatch(/page_cache_total\{audience="person",result="hit"\} 1/);
    expect(sumOf(metrics, 'memory_cache_bytes')).toBeLessThan(2 * MB);
  });
});

describe('the no-JavaScript form outcomes', () => {
  it(
    'stay within their byte bound under a flood of large failed posts, oldest out first',
    { timeout: 120_000 },
    async () => {
      const app = await testServer({ METRICS_TOKEN: TOKEN, FORM_RATE_LIMIT_PER_MINUTE: '100000' });
      const origin = await listen(app);
      // Each post is just under the 16 KB body limit (15 KB of text the page would give back), with an
      // invalid email so that it fails and comes back with what was typed.
      const field = (c: string) => c.repeat(5_000);
      const post = async (i: number) => {
        const res = await fetch(`${origin}/api/contact`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
          body: new URLSearchParams({
            name: field('n') + i,
            email: `broken-${i}`,
            website: field('w'),
            message: field('m'),
            service: 'content-strategy',
            lang: 'en',
            returnTo: '/en/contact',
          }).toString(),
        });
        await res.arrayBuffer();
        expect(res.status).toBe(303);
        return /form_result=([\w-]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
      };
      const first = await post(0);
      const before = heapUsed();
      let last = first;
      for (let batch = 0; batch < 50; batch++)
        last = (await Promise.all(Array.from({ length: 40 }, (_, i) => post(1 + batch * 40 + i)))).at(-1)!;
      const growth = heapUsed() - before;
      const metrics = await metricsOf(app);
      console.info(
        `2,000 failed no-JavaScript posts of 15 KB: outcomes ${(sample(metrics, 'memory_cache_bytes{cache="form_outcomes"}') / MB).toFixed(1)} MB counted, heap growth ${(growth / MB).toFixed(1)} MB`,
      );
      expect(sample(metrics, 'memory_cache_bytes{cache="form_outcomes"}')).toBeLessThanOrEqual(
        FORM_OUTCOMES_MAX_BYTES,
      );
      expect(growth).toBeLessThan(12 * MB);

      const show = (id: string) =>
        request(app).get('/en/contact').set('User-Agent', HUMAN_UA).set('Cookie', `form_result=${id}`);
      // The newest outcome is still there; the oldest made room.
      expect((await show(last)).text).toContain('form-status error');
      expect((await show(first)).text).not.toContain('form-status');
    },
  );
});
