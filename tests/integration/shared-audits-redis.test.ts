import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { heldPage, startHeldSite, type HeldSite } from '../fixtures/held-site.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// One audit of an address at a time across replicas (decision 070): two replicas sharing a real
// Redis server get the same audit at once, from two visitors; the audited site (a loopback fixture
// that counts every request) is fetched as often as for one audit, the second replica's visitor gets
// the first's progress and result, and a finished report is reused by the other replica for
// AUDIT_CACHE_SECONDS without a fetch.

const PATHS = ['/solo', '/shared', '/kept'];

let redis: RedisServer;
let site: HeldSite;
const replicas: App[] = [];

beforeAll(async () => {
  redis = await startRedis();
  site = await startHeldSite({
    files: () => Object.fromEntries(PATHS.map((p) => [p, { body: heldPage(p) }])),
    hold: (path) => path === '/shared',
  });
  for (let i = 0; i < 2; i++) {
    const app = await testServer({
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      AUDIT_ALLOWED_HOSTS: site.host,
      AUDIT_RATE_LIMIT_PER_MINUTE: '100',
      AUDIT_CACHE_SECONDS: '600',
    });
    await app.locals.sharedReady();
    replicas.push(app);
  }
});
afterAll(async () => {
  site?.release();
  for (const app of replicas) await app.locals.close();
  await site?.close();
  await redis?.stop();
});

/** An audit's NDJSON stream from one visitor on one replica, sent at once. */
const audit = (app: App, path: string, from: string) =>
  request(app)
    .get('/api/audit')
    .query({ url: `${site.origin}${path}`, lang: 'en' })
    .set('X-Forwarded-For', from)
    .set('User-Agent', HUMAN_UA)
    .set('Accept', 'application/x-ndjson')
    .then((res) => ({
      status: res.status,
      lines: res.text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    }));

/** Requests the site got for a path: what one audit of it fetches (the page as a browser, as Markdown, as each agent). */
const fetched = (path: string) => site.count(path);

describe('one audit of a site across two replicas', () => {
  it('fetches the audited site once for two visitors on two replicas', async () => {
    // What one audit of a page fetches, on one replica alone.
    expect((await audit(replicas[0]!, '/solo', '198.51.100.1')).status).toBe(200);
    const once = fetched('/solo');
    expect(once).toBeGreaterThan(0);

    const first = audit(replicas[0]!, '/shared', '198.51.100.2');
    await site.held('/shared');
    const second = audit(replicas[1]!, '/shared', '198.51.100.3');
    await redis.joined(1);
    site.release();
    const [a, b] = await Promise.all([first, second]);

    expect(fetched('/shared')).toBe(once);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.lines.at(-1).result.url).toBe(`${site.origin}/shared`);
    }
    // The joined visitor saw the run's progress as it came, and got a report of their own.
    expect(b.lines.some((line) => 'step' in line)).toBe(true);
    expect(b.lines.at(-1).result.overall).toBe(a.lines.at(-1).result.overall);
    expect(b.lines.at(-1).result.id).toMatch(/\w/);
    expect(b.lines.at(-1).result.id).not.toBe(a.lines.at(-1).result.id);
  });

  it('reuses a report finished on one replica on the other, without a fetch', async () => {
    expect((await audit(replicas[0]!, '/kept', '198.51.100.4')).status).toBe(200);
    const once = fetched('/kept');
    const again = await audit(replicas[1]!, '/kept', '198.51.100.5');
    expect(again.status).toBe(200);
    expect(again.lines.at(-1).result.url).toBe(`${site.origin}/kept`);
    expect(fetched('/kept')).toBe(once);
  });
});
