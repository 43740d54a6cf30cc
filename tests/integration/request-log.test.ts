import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// One JSON line per request, with no personal data (src/server/logging.ts, decision 075), for every
// path a response takes, the early answer of a cached page included.

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; path: string };
  res?: { status: number };
  responseTime?: number;
  crawler?: { name: string; category: string; ai: boolean };
}

async function loggedServer(env: Record<string, string> = {}) {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const logger = pino({ level: 'info', base: { service: 'geo-website' } }, sink);
  const app = await testServer(env, { logger });
  const requestLines = () => lines.filter((line) => line.req);
  return { app, requestLines };
}

describe('the request log', () => {
  it('writes one line per request, its id the one in X-Request-Id, the path without its query', async () => {
    const { app, requestLines } = await loggedServer();
    const first = await request(app).get('/en/guide?email=secret%40example.com').set('User-Agent', HUMAN_UA);
    const cached = await request(app)
      .get('/en/guide')
      .set('User-Agent', HUMAN_UA)
      .set('Cookie', 'theme=dark');
    const missing = await request(app).get('/en/no-such-page').set('User-Agent', HUMAN_UA);
    await request(app).get('/healthz');
    await request(app).get('/readyz');
    const lines = requestLines();
    expect(
      lines.map((line) => [line.level, line.req?.method, line.req?.path, line.res?.status, line.msg]),
    ).toEqual([
      [30, 'GET', '/en/guide', 200, 'request completed'],
      [30, 'GET', '/en/guide', 200, 'request completed'],
      [40, 'GET', '/en/no-such-page', 404, 'request completed'],
    ]);
    expect(lines.map((line) => line.req?.id)).toEqual(
      [first, cached, missing].map((res) => res.headers['x-request-id'] as string),
    );
    for (const line of lines) expect(typeof line.responseTime).toBe('number');
    const text = JSON.stringify(lines);
    for (const personal of ['secret', 'example.com', 'theme=dark', '127.0.0.1', '::ffff', HUMAN_UA])
      expect(text).not.toContain(personal);
  });

  it("names a crawler and keeps a proxy's well-formed request id, never a malformed one", async () => {
    const { app, requestLines } = await loggedServer();
    await request(app).get('/en/').set('User-Agent', GPTBOT_UA).set('X-Request-Id', 'proxy-id-12345678');
    const forged = await request(app).get('/en/').set('User-Agent', HUMAN_UA).set('X-Request-Id', '<script>');
    const [crawler, person] = requestLines();
    expect(crawler?.req?.id).toBe('proxy-id-12345678');
    expect(crawler?.crawler).toEqual({ name: 'GPTBot', category: 'training', ai: true });
    expect(person?.req?.id).toBe(forged.headers['x-request-id']);
    expect(person?.req?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(person?.crawler).toBeUndefined();
  });

  it('writes refused requests at warn', async () => {
    const { app, requestLines } = await loggedServer({ RATE_LIMIT_PER_MINUTE: '1' });
    await request(app).get('/en/').set('User-Agent', HUMAN_UA).expect(200);
    await request(app).get('/en/').set('User-Agent', HUMAN_UA).expect(429);
    await request(app).post('/api/contact').set('Content-Type', 'application/json').send('{');
    expect(requestLines().map((line) => [line.level, line.res?.status])).toEqual([
      [30, 200],
      [40, 429],
      [40, 429],
    ]);
  });
});
