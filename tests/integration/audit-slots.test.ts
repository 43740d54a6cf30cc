import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { heldPage, startHeldSite, type HeldSite } from '../fixtures/held-site.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Fair audit slots over HTTP (issue 34, finding 4; decision 049), on the production build behind one
// proxy (TRUST_PROXY=1, the visitor's address from X-Forwarded-For): four audits from one address
// take one slot and get "one audit at a time" (429, Retry-After, its own code, in the request's
// language, on the API and on the Tools page without JavaScript), while another address's audit
// runs. The audited site holds its pages until the test releases them.

const PAGES = ['/a1', '/a2', '/a3', '/a4', '/b'];

let site: HeldSite;
let app: App;
beforeAll(async () => {
  site = await startHeldSite({
    files: () => Object.fromEntries(PAGES.map((p) => [p, { body: heldPage(p) }])),
    hold: (path) => PAGES.includes(path),
  });
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: site.host,
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    AUDIT_CACHE_SECONDS: '0',
    AUDIT_MAX_CONCURRENT: '2',
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  site.release();
  await app.locals.close();
  await site.close();
});

/** An audit request, sent at once (a supertest request goes out when it is awaited or `then` is called). */
const audit = (path: string, from: string, lang = 'en') =>
  request(app)
    .get('/api/audit')
    .query({ url: `${site.origin}${path}`, lang })
    .set('X-Forwarded-For', from)
    .set('User-Agent', HUMAN_UA)
    .set('Accept', 'application/x-ndjson')
    .then((res) => res);

describe('one audit slot per address', () => {
  it('refuses the other audits of an address while its first runs, and lets another address in', async () => {
    const first = audit('/a1', '203.0.113.7');
    await site.held('/a1');

    const more = await Promise.all([audit('/a2', '203.0.113.7', 'fr'), audit('/a3', '203.0.113.7')]);
    for (const res of more) {
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body.error.code).toBe('one_at_a_time');
    }
    expect(more[0]!.body.error.message).toContain('un audit à la fois');
    expect(more[1]!.body.error.message).toContain('one audit at a time');

    // The Tools page without JavaScript says the same, with the same status.
    const page = await request(app)
      .get('/en/tools')
      .query({ url: `${site.origin}/a4` })
      .set('X-Forwarded-For', '203.0.113.7')
      .set('User-Agent', HUMAN_UA);
    expect(page.status).toBe(429);
    expect(page.headers['retry-after']).toBe('10');
    expect(page.text).toContain('data-reason="oneAtATime"');
    expect(page.text).toContain('We run one audit at a time for each visitor');
    for (const p of ['/a2', '/a3', '/a4']) expect(site.count(p)).toBe(0);

    // Another address (another visitor behind the same proxy) gets a slot.
    const second = audit('/b', '198.51.100.20');
    await site.held('/b');
    site.release();
    const [a, b] = await Promise.all([first, second]);
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      expect(res.text.trim().split('\n').at(-1)).toContain('"result"');
    }
  });
});
