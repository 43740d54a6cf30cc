import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FORM_OUTCOMES_MAX_BYTES } from '../../src/server/flash.ts';
import {
  failedLargePost,
  failedLargePosts,
  hit,
  longAddresses,
  loopbackServers,
  madeUpAddresses,
  metricsOf,
  METRICS_TOKEN,
  MB,
  sample,
  sumOf,
} from '../support/bounded-memory.ts';
import { GOOGLEBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// One visitor inventing addresses or flooding a form must not grow the process: metric labels come
// from a fixed set, caches keep no misses and are bounded in bytes, the no-JavaScript form outcomes
// too (issue 26, findings 2 to 4). These are the behaviours, shown with a few hundred requests each;
// the same bounds under floods of thousands, with the heap measured, are in `npm run test:load`
// (tests/load/bounded-memory-floods.test.ts).

const listen = loopbackServers();

describe('made-up addresses', () => {
  it('300 distinct /api paths and as many unknown Markdown copies add no series and keep no cache entry', async () => {
    const app = await testServer({ METRICS_TOKEN });
    const origin = await listen(app);
    await hit(origin, ['/api/warm', '/en/warm.md', '/en/guide.md', '/en/nope', '/api/visitor']);
    const PROBES = 300;
    const { api, markdown } = madeUpAddresses(PROBES);
    expect(await hit(origin, api)).toEqual(new Map([[404, PROBES]]));
    expect(await hit(origin, markdown)).toEqual(new Map([[404, PROBES]]));

    const metrics = await metricsOf(app);
    expect(metrics).not.toContain('probe-');
    expect(metrics).not.toContain('unknown-');
    // Every probe counted once in one series, with the warm-up's one /api request.
    expect(metrics).toContain(
      `http_requests_total{route="api_other",method="GET",status="404"} ${PROBES + 1}`,
    );
    // No cache kept a miss: the one Markdown copy is the guide's.
    expect(sample(metrics, 'memory_cache_entries{cache="markdown"}')).toBe(1);
    expect(sample(metrics, 'memory_cache_entries{cache="pages_person"}')).toBe(0);
    expect(metrics.length).toBeLessThan(100 * 1024);
  });

  it('labels 2,000-character paths answered 429 with the same few series', async () => {
    const app = await testServer({ METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: '5' });
    const origin = await listen(app);
    const statuses = await hit(origin, longAddresses(80, 20));
    expect(statuses.get(429)).toBe(95);
    const metrics = await metricsOf(app);
    expect(metrics.length).toBeLessThan(100 * 1024);
    expect(metrics).not.toMatch(/y{100}|z{100}/);
    expect(metrics).toMatch(/http_requests_total\{route="api_other",method="GET",status="429"\} \d+/);
    expect(metrics).toMatch(/http_requests_total\{route="other",method="GET",status="429"\} \d+/);
  });

  it('keeps no page for an unknown address, for people or crawlers', async () => {
    const app = await testServer({ METRICS_TOKEN });
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
  it('stay within their byte bound once past it, oldest out first', async () => {
    const app = await testServer({ METRICS_TOKEN, FORM_RATE_LIMIT_PER_MINUTE: '100000' });
    const origin = await listen(app);
    // Just enough 15 KB outcomes to pass the bound (4 MB): the first must have made room.
    const posts = Math.ceil((1.25 * FORM_OUTCOMES_MAX_BYTES) / (15 * 1024));
    const first = await failedLargePost(origin, 0);
    const last = await failedLargePosts(origin, 1, posts);
    const metrics = await metricsOf(app);
    expect(sample(metrics, 'memory_cache_bytes{cache="form_outcomes"}')).toBeLessThanOrEqual(
      FORM_OUTCOMES_MAX_BYTES,
    );
    expect(sample(metrics, 'memory_cache_bytes{cache="form_outcomes"}')).toBeGreaterThan(
      FORM_OUTCOMES_MAX_BYTES / 2,
    );
    const show = (id: string) =>
      request(app).get('/en/contact').set('User-Agent', HUMAN_UA).set('Cookie', `form_result=${id}`);
    expect((await show(last)).text).toContain('form-status error');
    expect((await show(first)).text).not.toContain('form-status');
  });
});
