import request from 'supertest';
import { expect } from 'vitest';
import type { App } from '../../server.ts';
import { GOOGLEBOT_UA, HUMAN_UA } from './test-server.ts';

// Seeded fuzzing of the built app: hostile paths, methods, headers, cookies and bodies. Nothing may
// answer 5xx, reflect a payload unescaped, inject a header, or stop the server. Shared by
// tests/integration/hostile-input.test.ts (`npm test`: a few hundred page requests, and the API
// bodies) and tests/load/hostile-input-fuzz.test.ts (`npm run test:load`: thousands, same seed).

/** mulberry32: a small seeded PRNG, so a failure can be replayed with the same seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

export const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '</title><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
];
export const MARKERS = ['<script>alert(1)', 'onerror=alert(1)>', '<svg onload=alert(1)>', '</title><script>'];
export const SEGMENTS = [
  'en',
  'fr',
  'de',
  'blog',
  'guide',
  'tools',
  'api',
  'assets',
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%00',
  '%0d%0aSet-Cookie:%20x=1',
  '%ff',
  '%e2%80%ae',
  'é',
  '💥',
  '%F0%9F%92%A5',
  '.env',
  '.git',
  'node_modules',
  'server.ts',
  'index.md',
  'feed.xml',
  '~root',
  ';',
  '%3Bjsessionid=1',
  '%5c',
  '\\',
  '//',
  'a'.repeat(300),
];
export const METHODS = ['get', 'get', 'get', 'head', 'post', 'put', 'delete', 'patch', 'options'] as const;

export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

export function randomPath(rand: () => number): string {
  const depth = 1 + Math.floor(rand() * 4);
  const parts: string[] = [];
  for (let i = 0; i < depth; i++) {
    const roll = rand();
    parts.push(
      roll < 0.6
        ? pick(rand, SEGMENTS)
        : roll < 0.8
          ? encodeURIComponent(pick(rand, XSS))
          : rand().toString(36).slice(2),
    );
  }
  let path = `/${parts.join('/')}`;
  if (rand() < 0.4)
    path += `?${pick(rand, ['q', 'category', 'url', 'service', 'x', '__proto__[a]', 'constructor[prototype][b]'])}=${encodeURIComponent(pick(rand, XSS))}`;
  if (rand() < 0.05) path = `/${'%41'.repeat(1000)}`;
  return path;
}

export function hostileHeaders(rand: () => number): Record<string, string> {
  const headers: Record<string, string> = {};
  const ua = rand();
  headers['User-Agent'] = ua < 0.4 ? HUMAN_UA : ua < 0.7 ? GOOGLEBOT_UA : pick(rand, XSS).slice(0, 200);
  if (rand() < 0.5)
    headers['Cookie'] = pick(rand, [
      'lang=<script>',
      'theme="><script>alert(1)</script>',
      'form_result=../../etc/passwd',
      'lang=fr; theme=dark',
      `x=${'y'.repeat(3000)}`,
      'lang=%E0%A4%A',
      '__proto__=1',
    ]);
  if (rand() < 0.4)
    headers['Accept-Language'] = pick(rand, [
      'fr;q=abc',
      '*',
      'xx-YY',
      '<script>',
      'en-US,en;q=0.9',
      ',,,;;;',
    ]);
  if (rand() < 0.3)
    headers['X-Forwarded-For'] = pick(rand, ['1.2.3.4', 'not-an-ip', '::1, 999.1.1.1', '<script>']);
  if (rand() < 0.2) headers['Referer'] = pick(rand, XSS);
  if (rand() < 0.2)
    headers['X-Request-Id'] = pick(rand, [
      'abc',
      '<script>alert(1)</script>',
      'ok-request-id-123',
      'x'.repeat(200),
    ]);
  return headers;
}

export function assertSafe(res: request.Response, context: string) {
  expect(res.status, context).toBeLessThan(500);
  const body = typeof res.text === 'string' ? res.text : '';
  for (const marker of MARKERS) expect(body.includes(marker), `${context} reflected ${marker}`).toBe(false);
  for (const name of Object.keys(res.headers))
    expect(name, context).not.toMatch(/set-cookie-injected|^x=|injected/);
  expect(String(res.headers['set-cookie'] ?? ''), context).not.toMatch(/^x=1/);
}

/**
 * `count` generated page and file requests from `seed`, each checked by assertSafe; then the server
 * still answers. The first n requests of a seed are the same whatever the count, so a failure in
 * `npm test` replays in `npm run test:load` and the other way round.
 */
export async function fuzzPages(app: App, count: number, seed: number): Promise<void> {
  const rand = prng(seed);
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const method = pick(rand, METHODS);
    const path = randomPath(rand);
    let req = request(app)[method](path);
    for (const [name, value] of Object.entries(hostileHeaders(rand))) req = req.set(name, value);
    const res = await req;
    outcomes[String(res.status)] = (outcomes[String(res.status)] ?? 0) + 1;
    assertSafe(res, `${method.toUpperCase()} ${path}`);
  }
  console.info(`fuzz pages: ${count} requests (seed ${seed}), statuses ${JSON.stringify(outcomes)}`);
  expect((await request(app).get('/healthz')).status).toBe(200);
  expect((await request(app).get('/en/')).status).toBe(200);
}
