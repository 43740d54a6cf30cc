import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { GOOGLEBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// Seeded fuzzing: thousands of generated requests with hostile paths, methods, headers, cookies and
// bodies. Nothing may answer 5xx, reflect a payload unescaped, inject a header, or stop the server.

/** mulberry32: a small seeded PRNG, so a failure can be replayed with the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const PAGE_REQUESTS = Number(process.env.FUZZ_PAGE_REQUESTS ?? 2000);
const API_REQUESTS = Number(process.env.FUZZ_API_REQUESTS ?? 1000);

const XSS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '</title><script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
];
const MARKERS = ['<script>alert(1)', 'onerror=alert(1)>', '<svg onload=alert(1)>', '</title><script>'];
const SEGMENTS = [
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
const METHODS = ['get', 'get', 'get', 'head', 'post', 'put', 'delete', 'patch', 'options'] as const;

let app: App;
beforeAll(async () => {
  // Each API request comes from its own forwarded address, so the per-address form limit does not
  // turn the run into a rate-limit test.
  app = await testServer({ TRUST_PROXY: '1' });
});

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function randomPath(rand: () => number): string {
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

function hostileHeaders(rand: () => number): Record<string, string> {
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

function assertSafe(res: request.Response, context: string) {
  expect(res.status, context).toBeLessThan(500);
  const body = typeof res.text === 'string' ? res.text : '';
  for (const marker of MARKERS) expect(body.includes(marker), `${context} reflected ${marker}`).toBe(false);
  for (const name of Object.keys(res.headers))
    expect(name, context).not.toMatch(/set-cookie-injected|^x=|injected/);
  expect(String(res.headers['set-cookie'] ?? ''), context).not.toMatch(/^x=1/);
}

describe('hostile input to pages and files', () => {
  it(`survives ${PAGE_REQUESTS} generated requests (seed ${SEED})`, async () => {
    const rand = prng(SEED);
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < PAGE_REQUESTS; i++) {
      const method = pick(rand, METHODS);
      const path = randomPath(rand);
      let req = request(app)[method](path);
      for (const [name, value] of Object.entries(hostileHeaders(rand))) req = req.set(name, value);
      const res = await req;
      outcomes[String(res.status)] = (outcomes[String(res.status)] ?? 0) + 1;
      assertSafe(res, `${method.toUpperCase()} ${path}`);
    }
    console.info(`fuzz pages: ${PAGE_REQUESTS} requests, statuses ${JSON.stringify(outcomes)}`);
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/en/')).status).toBe(200);
  }, 180_000);
});

describe('hostile input to the API', () => {
  function nested(depth: number): string {
    return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  }

  const bodies: ((rand: () => number) => { type: string; body: string | object })[] = [
    () => ({ type: 'application/json', body: '{"email": ' }),
    () => ({ type: 'application/json', body: nested(3000) }),
    () => ({ type: 'application/json', body: '['.repeat(5000) }),
    () => ({
      type: 'application/json',
      body: '{"__proto__": {"polluted": true}, "email": "a@b.co", "website": "https://x.example"}',
    }),
    () => ({
      type: 'application/json',
      body: '{"constructor": {"prototype": {"polluted": true}}, "name": "x", "email": "a@b.co"}',
    }),
    () => ({ type: 'application/json', body: 'null' }),
    () => ({ type: 'application/json', body: '123' }),
    () => ({ type: 'application/json', body: '"just a string"' }),
    () => ({ type: 'application/json', body: '[{"email": "a@b.co"}]' }),
    (rand) => ({
      type: 'application/json',
      body: {
        name: pick(rand, XSS),
        email: `${pick(rand, XSS)}@x.co`,
        website: pick(rand, XSS),
        message: pick(rand, XSS),
        service: pick(rand, XSS),
        lang: pick(rand, XSS),
      },
    }),
    (_rand) => ({
      type: 'application/json',
      body: { name: [1, 2], email: { $gt: '' }, website: 42, message: null, lang: ['en'] },
    }),
    (rand) => ({
      type: 'application/json',
      body: {
        email: `x${Math.floor(rand() * 1e9)}@example.com`,
        website: 'https://ok.example.com',
        name: 'é'.repeat(100),
      },
    }),
    () => ({
      type: 'application/x-www-form-urlencoded',
      body: '__proto__[polluted]=1&constructor[prototype][polluted]=1&email=a%40b.co',
    }),
    () => ({ type: 'application/x-www-form-urlencoded', body: `email=${'%'.repeat(50)}&name=%E0%A4%A` }),
    (rand) => ({
      type: 'application/x-www-form-urlencoded',
      body: `name=${encodeURIComponent(pick(rand, XSS))}&email=bad&returnTo=${encodeURIComponent('https://evil.example')}`,
    }),
    () => ({
      type: 'application/x-www-form-urlencoded',
      body: Array.from({ length: 200 }, (_, i) => `f${i}=v`).join('&'),
    }),
    () => ({ type: 'text/plain', body: 'hello' }),
    () => ({
      type: 'application/xml',
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    }),
    () => ({
      type: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--',
    }),
    () => ({ type: 'application/json; charset=utf-16', body: '{}' }),
  ];

  it(`survives ${API_REQUESTS} malformed, nested, polluting and mistyped bodies`, async () => {
    const rand = prng(SEED + 1);
    const outcomes: Record<string, number> = {};
    let address = 0;
    for (let i = 0; i < API_REQUESTS; i++) {
      const endpoint = pick(rand, ['/api/waitlist', '/api/contact', '/api/newsletter']);
      const { type, body } = pick(rand, bodies)(rand);
      const res = await request(app)
        .post(endpoint)
        .set('X-Forwarded-For', `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`)
        .set('Content-Type', type)
        .set('Accept', rand() < 0.2 ? 'text/html' : 'application/json')
        .send(body);
      outcomes[String(res.status)] = (outcomes[String(res.status)] ?? 0) + 1;
      assertSafe(
        res,
        `${endpoint} ${type} ${String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 80)}`,
      );
      if (res.status >= 300 && res.status < 400) expect(res.headers.location).toMatch(/^\/(en|fr)\//);
      // A JSON refusal carries its code and message, in the API's one error shape.
      if (res.type === 'application/json' && res.status !== 200) {
        expect(typeof res.body.error?.code).toBe('string');
        expect(typeof res.body.error?.message).toBe('string');
      }
    }
    console.info(`fuzz api: ${API_REQUESTS} requests, statuses ${JSON.stringify(outcomes)}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect((await request(app).get('/healthz')).status).toBe(200);
  }, 180_000);
});
