import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { afterEach, expect } from 'vitest';
import type { App } from '../../server.ts';

// What the bounded-memory suites share: the fast one in `npm test`
// (tests/integration/bounded-memory.test.ts) and the floods of `npm run test:load`
// (tests/load/bounded-memory-floods.test.ts). Memory is measured as the heap in use after a full
// collection.

export const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
export const MB = 1024 * 1024;

/** V8's collector, exposed at run time when the test runner did not start Node with --expose-gc. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function heapUsed(): number {
  const gc = collector();
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/**
 * The app on a loopback port of its own (port 0), so that many requests reuse connections; closed
 * after each test of the file that calls this at its top level.
 */
export function loopbackServers(): (app: App) => Promise<string> {
  let servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers = [];
  });
  return async (app) => {
    const server = createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}

/** Requests every path, a few dozen at a time, and counts the statuses. */
export async function hit(
  origin: string,
  paths: string[],
  init: RequestInit = {},
): Promise<Map<number, number>> {
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

export async function metricsOf(app: App): Promise<string> {
  const res = await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  return res.text;
}

/** The value of a gauge or counter line, NaN when the series does not exist. */
export function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

export const sumOf = (metrics: string, name: string) =>
  [...metrics.matchAll(new RegExp(`^${name}\\{[^}]*\\} (\\d+)$`, 'gm'))].reduce(
    (total, m) => total + Number(m[1]),
    0,
  );

/** Made-up /api paths and Markdown copies: `count` distinct addresses of each kind. */
export function madeUpAddresses(count: number): { api: string[]; markdown: string[] } {
  return {
    api: Array.from({ length: count }, (_, i) => `/api/probe-${i}/${'x'.repeat(i % 50)}`),
    markdown: Array.from({ length: count }, (_, i) =>
      i % 2 ? `/en/unknown-${i}.md` : `/fr/deep/er/path-${i}x.md`,
    ),
  };
}

/** Paths of 2,000 characters and more: `api` under /api, `pages` elsewhere. */
export function longAddresses(api: number, pages: number): string[] {
  return [
    ...Array.from({ length: api }, (_, i) => `/api/${i}-${'y'.repeat(2_000)}`),
    ...Array.from({ length: pages }, (_, i) => `/en/${i}-${'z'.repeat(2_000)}`),
  ];
}

/**
 * Posts a no-JavaScript contact form just under the 16 KB body limit (15 KB of text the page would
 * give back), with an invalid email so that it fails and comes back with what was typed: the id of
 * the outcome kept for it.
 */
export async function failedLargePost(origin: string, i: number): Promise<string> {
  const field = (c: string) => c.repeat(5_000);
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
}

/** Posts numbers `from` to `to` (excluded) of them, 40 at a time: the id of the last outcome. */
export async function failedLargePosts(origin: string, from: number, to: number): Promise<string> {
  let last = '';
  for (let start = from; start < to; start += 40) {
    const batch = Array.from({ length: Math.min(40, to - start) }, (_, i) =>
      failedLargePost(origin, start + i),
    );
    last = (await Promise.all(batch)).at(-1)!;
  }
  return last;
}
