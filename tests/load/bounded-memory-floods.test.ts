import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FORM_OUTCOMES_MAX_BYTES } from '../../src/server/flash.ts';
import {
  failedLargePost,
  failedLargePosts,
  heapUsed,
  hit,
  longAddresses,
  loopbackServers,
  madeUpAddresses,
  metricsOf,
  METRICS_TOKEN,
  MB,
  sample,
} from '../support/bounded-memory.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// `npm run test:load`: the bounds of tests/integration/bounded-memory.test.ts at full strength, under
// floods of thousands of requests, with the heap measured after a full collection (issue 26,
// findings 2 to 4). Their cost is volume: `npm test` runs the same behaviours with a few hundred.

const listen = loopbackServers();

// Far more distinct addresses than any bound kept for them (series, cache entries): what grows with
// each would show in /metrics' size and the heap long before this many.
const PROBES = 12_000;

describe('made-up addresses, flooded', () => {
  it(
    `${PROBES.toLocaleString('en')} distinct /api paths and as many unknown Markdown copies leave /metrics under 100 KB and the heap within 20 MB`,
    { timeout: 300_000 },
    async () => {
      const app = await testServer({ METRICS_TOKEN });
      const origin = await listen(app);
      // Warm up: the renderer, the 404 page, every lazy module, the metrics' own series.
      await hit(origin, ['/api/warm', '/en/warm.md', '/en/guide.md', '/en/nope', '/api/visitor']);
      await metricsOf(app);
      const before = heapUsed();

      const { api, markdown } = madeUpAddresses(PROBES);
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

  it(
    'labels 2,500 paths of 2,000 characters answered 429 with the same few series',
    { timeout: 120_000 },
    async () => {
      const app = await testServer({ METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: '5' });
      const origin = await listen(app);
      const statuses = await hit(origin, longAddresses(2_000, 500));
      expect(statuses.get(429)).toBe(2_495);
      const metrics = await metricsOf(app);
      expect(metrics.length).toBeLessThan(100 * 1024);
      expect(metrics).not.toMatch(/y{100}|z{100}/);
      expect(metrics).toMatch(/http_requests_total\{route="api_other",method="GET",status="429"\} \d+/);
      expect(metrics).toMatch(/http_requests_total\{route="other",method="GET",status="429"\} \d+/);
    },
  );
});

describe('the no-JavaScript form outcomes, flooded', () => {
  it(
    'stay within their byte bound under a flood of large failed posts, oldest out first',
    { timeout: 120_000 },
    async () => {
      const app = await testServer({ METRICS_TOKEN, FORM_RATE_LIMIT_PER_MINUTE: '100000' });
      const origin = await listen(app);
      const first = await failedLargePost(origin, 0);
      const before = heapUsed();
      const last = await failedLargePosts(origin, 1, 2_001);
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
