import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { startHeldSite, heldPage, type HeldSite } from '../fixtures/held-site.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { GOOGLEBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// Two replicas of the site sharing one real Redis server (REDIS_URL, decision 070), each behind one
// proxy (TRUST_PROXY=1, the visitor's address from X-Forwarded-For), as a load balancer spreads one
// address's requests over them: every limit (site-wide, forms, audits, a site audit counting N) and
// the audit slots are counted once for both. Redis killed mid-flood: both keep serving, each limiting
// by itself, the outage logged once and counted in /metrics, /readyz green; Redis back: shared again.

const SITE_LIMIT = 20;

/** Log lines of one replica, as JSON objects (its logger writes here). */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

let redis: RedisServer;
let site: HeldSite;
const replicas: { app: App; lines: { level: number; msg: string }[] }[] = [];

beforeAll(async () => {
  redis = await startRedis();
  site = await startHeldSite({
    files: () => ({ '/slow': { body: heldPage('/slow') }, '/other': { body: heldPage('/other') } }),
    hold: (path) => path === '/slow',
  });
  for (let i = 0; i < 2; i++) {
    const { logger, lines } = capturedLogger();
    const app = await testServer(
      {
        REDIS_URL: redis.url,
        TRUST_PROXY: '1',
        RATE_LIMIT_PER_MINUTE: String(SITE_LIMIT),
        FORM_RATE_LIMIT_PER_MINUTE: '3',
        AUDIT_RATE_LIMIT_PER_MINUTE: '10',
        AUDIT_MAX_CONCURRENT: '1',
        AUDIT_CACHE_SECONDS: '0',
        AUDIT_ALLOWED_HOSTS: site.host,
        METRICS_TOKEN: 'a-metrics-token-of-at-least-32-characters',
      },
      { logger },
    );
    await app.locals.sharedReady();
    replicas.push({ app, lines });
  }
});
afterAll(async () => {
  site?.release();
  for (const { app } of replicas) await app.locals.close();
  await site?.close();
  await redis?.stop();
});

/** The replica a load balancer picked for the i-th request: round robin. */
const replica = (i: number) => replicas[i % replicas.length]!.app;

const page = (app: App, from: string) =>
  request(app).get('/en/guide').set('User-Agent', GOOGLEBOT_UA).set('X-Forwarded-For', from);

/** Statuses of `count` page requests from one address, spread round robin over the replicas. */
async function flood(from: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await page(replica(i), from)).status);
  return statuses;
}

const metricsOf = async (app: App) =>
  (
    await request(app)
      .get('/metrics')
      .set('Authorization', 'Bearer a-metrics-token-of-at-least-32-characters')
  ).text;

describe('limits shared by two replicas through Redis', () => {
  it('refuses one address at the site-wide limit, not at twice it', async () => {
    const statuses = await flood('203.0.113.1', SITE_LIMIT + 6);
    expect(statuses.slice(0, SITE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SITE_LIMIT)).toEqual(Array(6).fill(429));
    // Both replicas refused it, and another address is served by both.
    expect((await page(replica(0), '203.0.113.2')).status).toBe(200);
    expect((await page(replica(1), '203.0.113.2')).status).toBe(200);
  });

  it('counts the forms’ limit once for both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(replica(i))
        .post('/api/contact')
        .set('X-Forwarded-For', '203.0.113.3')
        .set('Accept', 'application/json')
        .send({ name: '', email: 'not an address' });
      statuses.push(res.status);
    }
    // Three refused for their fields (counted), then the limit, whichever replica answers.
    expect(statuses.slice(0, 3).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('counts a site audit as N on every replica, and shares the audit slots', async () => {
    const audit = (app: App, path: string, from: string, pages = 1) =>
      request(app)
        .get('/api/audit')
        .query({ url: `${site.origin}${path}`, pages, lang: 'en' })
        .set('X-Forwarded-For', from)
        .set('User-Agent', HUMAN_UA)
        .then((res) => res);
    // One audit slot for the two replicas (AUDIT_MAX_CONCURRENT=1): while replica 0 audits, replica 1
    // is busy for another visitor.
    const first = audit(replica(0), '/slow', '198.51.100.1');
    await site.held('/slow');
    const busy = await audit(replica(1), '/other', '198.51.100.2');
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe('busy');
    expect(site.count('/other')).toBe(0);
    site.release();
    expect((await first).status).toBe(200);

    // A site audit of 10 pages on replica 0 takes the whole limit of 10 (first counted, nine after):
    // the next audit of that address is refused by replica 1.
    await audit(replica(0), '/other', '198.51.100.3', 10);
    const refused = await audit(replica(1), '/other', '198.51.100.3');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});

describe('Redis unreachable, then back', () => {
  it('keeps every replica serving and limiting by itself, then shares again', async () => {
    // Mid-flood: requests in flight on both replicas while Redis dies; none fails.
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      page(replica(i), '203.0.113.10').then((r) => r.status),
    );
    await redis.kill();
    expect(await Promise.all(inFlight)).toEqual(Array(8).fill(200));

    // Each replica limits an address by itself, with its own memory: the limit on each, so twice it
    // for the pair.
    for (const { app } of replicas) {
      const statuses: number[] = [];
      for (let i = 0; i < SITE_LIMIT + 2; i++) statuses.push((await page(app, '203.0.113.11')).status);
      expect(statuses.slice(0, SITE_LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(SITE_LIMIT)).toEqual([429, 429]);
    }
    for (const { app, lines } of replicas) {
      // Ready all the same: pages need no Redis.
      const ready = await request(app).get('/readyz');
      expect(ready.status).toBe(200);
      // The outage logged once, however many requests fell back; counted and shown in /metrics.
      expect(lines.filter((l) => l.msg.startsWith('Redis unreachable'))).toHaveLength(1);
      const metrics = await metricsOf(app);
      expect(metrics).toMatch(/^shared_state_up 0$/m);
      expect(
        Number(/^shared_state_fallbacks_total\{use="limit"\} (\d+)$/m.exec(metrics)?.[1]),
      ).toBeGreaterThan(SITE_LIMIT);
    }

    // Back: both replicas reconnect by themselves, and one address is counted once again.
    await redis.restart();
    for (const { app } of replicas) await app.locals.sharedReady();
    const statuses = await flood('203.0.113.12', SITE_LIMIT + 4);
    expect(statuses.slice(0, SITE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SITE_LIMIT)).toEqual([429, 429, 429, 429]);
    for (const { app, lines } of replicas) {
      expect(await metricsOf(app)).toMatch(/^shared_state_up 1$/m);
      expect(lines.filter((l) => l.msg.startsWith('Redis reachable again'))).toHaveLength(1);
    }
  });
});

describe('Redis stalled', () => {
  it('serves from each replica’s memory once a command times out, and shares again once Redis answers', async () => {
    const { app, lines } = replicas[0]!;
    const before = lines.length;
    redis.pause();
    try {
      // The first request waits REDIS_TIMEOUT_MS for Redis, the others skip it; all are served.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await page(app, '203.0.113.30')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect(await metricsOf(app)).toMatch(/^shared_state_up 0$/m);
      const logged = lines.slice(before).filter((l) => l.msg.startsWith('Redis unreachable'));
      expect(logged).toHaveLength(1);
    } finally {
      redis.resume();
    }
    await app.locals.sharedReady();
    expect(await metricsOf(app)).toMatch(/^shared_state_up 1$/m);
    expect(lines.slice(before).filter((l) => l.msg.startsWith('Redis reachable again'))).toHaveLength(1);
    // Shared again with the other replica.
    const statuses = await flood('203.0.113.31', SITE_LIMIT + 1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a replica started while Redis is down', () => {
  it('starts and serves on its own memory, then shares once Redis is up', async () => {
    await redis.kill();
    const { logger, lines } = capturedLogger();
    const late = await testServer(
      { REDIS_URL: redis.url, TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: String(SITE_LIMIT) },
      { logger },
    );
    try {
      expect((await page(late, '203.0.113.20')).status).toBe(200);
      expect((await request(late).get('/readyz')).status).toBe(200);
      await redis.restart();
      for (const app of [late, replicas[0]!.app]) await app.locals.sharedReady();
      // Shared with the replicas already running: their count and its own are one.
      const statuses: number[] = [];
      for (let i = 0; i < SITE_LIMIT + 2; i++) {
        const app = i % 2 === 0 ? late : replicas[0]!.app;
        statuses.push((await page(app, '203.0.113.21')).status);
      }
      expect(statuses.slice(0, SITE_LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(SITE_LIMIT)).toEqual([429, 429]);
      expect(lines.filter((l) => l.msg.startsWith('Redis unreachable'))).toHaveLength(1);
    } finally {
      await late.locals.close();
    }
  });
});
