import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// A page its cache holds is answered early, through the steps that apply to it only (decision 075):
// the site-wide limit, the Markdown negotiation, the page. These hold that it answers exactly as the
// whole chain did, and that every step it leaves out still answers what it answered.

const METRICS_TOKEN = 'cached-lane-metrics-token-0123456789abcdef';
/** Headers that differ from one response to the next whatever the path taken. */
const PER_RESPONSE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

function stableHeaders(headers: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_RESPONSE.has(name))
      .sort(),
  );
}

describe('a cached page', () => {
  it('answers the same headers and bytes as its first render, for a person and a crawler, in every encoding', async () => {
    const app = await testServer();
    for (const agent of [HUMAN_UA, GPTBOT_UA]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const get = () =>
          request(app)
            .get('/en/guide')
            .set('User-Agent', agent)
            .set('Accept-Encoding', encoding)
            .buffer(true)
            .parse((res, done) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => done(null, Buffer.concat(chunks)));
            });
        // The first answer of each audience renders (or finds the other encoding's entry): the
        // comparison is between the render's answer and later ones, which take the early path.
        const first = await get();
        await app.locals.compressionsIdle();
        const later = await get();
        const again = await get();
        expect(first.status, `${agent} ${encoding}`).toBe(200);
        // The render's own answer may carry a quickly compressed copy (decision 037): its length and
        // ETag are its own; every other header is the same.
        const { etag: _etag, 'content-length': _length, ...rendered } = stableHeaders(first.headers);
        const { etag, 'content-length': length, ...early } = stableHeaders(later.headers);
        expect(early, `${agent} ${encoding}`).toEqual(rendered);
        expect(stableHeaders(again.headers), `${agent} ${encoding}`).toEqual({
          ...early,
          etag,
          'content-length': length,
        });
        expect(later.headers['vary'], `${agent} ${encoding}`).toMatch(
          /Accept\b.*User-Agent.*Cookie.*Accept-Encoding/,
        );
        expect(later.headers['link'], `${agent} ${encoding}`).toContain(
          'rel="alternate"; type="text/markdown"',
        );
        expect((later.body as Buffer).equals(again.body as Buffer)).toBe(true);
      }
    }
  });

  it('counts against the site-wide limit like any page: refused with a 429 past it', async () => {
    const app = await testServer({ RATE_LIMIT_PER_MINUTE: '4' });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await request(app).get('/en/guide').set('User-Agent', HUMAN_UA);
      statuses.push(res.status);
      // No visitor's count on a page a shared cache keeps (decision 075).
      expect(res.headers['ratelimit']).toBeUndefined();
      if (res.status === 429) expect(res.headers['retry-after']).toBe('60');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('still gives an agent that prefers Markdown the copy, with the page cached', async () => {
    const app = await testServer();
    await request(app).get('/en/guide').set('User-Agent', GPTBOT_UA).expect(200);
    await request(app).get('/en/guide').set('User-Agent', HUMAN_UA).expect(200);
    for (const agent of [GPTBOT_UA, HUMAN_UA]) {
      const copy = await request(app)
        .get('/en/guide')
        .set('User-Agent', agent)
        .set('Accept', 'text/markdown, text/html;q=0.5');
      expect(copy.status).toBe(200);
      expect(copy.headers['content-type']).toMatch(/^text\/markdown/);
      expect(copy.text).toMatch(/^# /m);
    }
  });

  it('leaves the redirects, the API and other methods to their steps', async () => {
    const app = await testServer();
    await request(app).get('/en/guide').set('User-Agent', HUMAN_UA).expect(200);
    await request(app).get('/en/guide').set('User-Agent', HUMAN_UA).expect(200);
    const slash = await request(app).get('/en/guide/').set('User-Agent', HUMAN_UA);
    expect([slash.status, slash.headers['location']]).toEqual([301, '/en/guide']);
    const upper = await request(app).get('/en/Guide').set('User-Agent', HUMAN_UA);
    expect([upper.status, upper.headers['location']]).toEqual([301, '/en/guide']);
    const post = await request(app).post('/en/guide').set('User-Agent', HUMAN_UA);
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);
    const head = await request(app).head('/en/guide').set('User-Agent', HUMAN_UA);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
  });

  it('is logged in the request metrics like every request', async () => {
    const app = await testServer({ METRICS_TOKEN });
    for (let n = 0; n < 3; n++) await request(app).get('/en/guide').set('User-Agent', HUMAN_UA).expect(200);
    const metrics = await request(app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(metrics.text).toContain('http_requests_total{route="page:guide",method="GET",status="200"} 3');
    expect(metrics.text).toMatch(/page_cache_total\{audience="person",result="hit"\} 2\b/);
  });
});
