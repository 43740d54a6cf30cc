import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { assertSafe, fuzzPages, pick, prng, SEED, XSS } from '../support/hostile-requests.ts';
import { testServer } from '../support/test-server.ts';

// Seeded fuzzing (tests/support/hostile-requests.ts): generated requests with hostile paths, methods,
// headers, cookies and bodies. Nothing may answer 5xx, reflect a payload unescaped, inject a header,
// or stop the server. The page fuzz here is the first few hundred requests of its seed; the same seed
// at 2,000 and more runs in `npm run test:load` (tests/load/hostile-input-fuzz.test.ts).

const PAGE_REQUESTS = Number(process.env.FUZZ_PAGE_REQUESTS ?? 300);
const API_REQUESTS = Number(process.env.FUZZ_API_REQUESTS ?? 1000);

let app: App;
beforeAll(async () => {
  // Each API request comes from its own forwarded address, so the per-address form limit does not
  // turn the run into a rate-limit test.
  app = await testServer({ TRUST_PROXY: '1' });
});

describe('hostile input to pages and files', () => {
  it(`survives ${PAGE_REQUESTS} generated requests (seed ${SEED})`, async () => {
    await fuzzPages(app, PAGE_REQUESTS, SEED);
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
