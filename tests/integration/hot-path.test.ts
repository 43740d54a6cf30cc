import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

// A page the cache answers skips the compression middleware (decision 073): it goes out as it was
// compressed once, and every other answer is still compressed per response.

let app: App;
beforeAll(async () => {
  app = await testServer();
});
afterAll(() => app.locals.close());

describe('a cached page', () => {
  for (const [who, ua] of [
    ['person', HUMAN_UA],
    ['crawler', GPTBOT_UA],
  ] as const) {
    it(`is the same page in every encoding, compressed once (${who})`, async () => {
      const plain = await request(app)
        .get('/fr/guide')
        .set('User-Agent', ua)
        .set('Accept-Encoding', 'identity');
      await app.locals.compressionsIdle();
      const again = await request(app)
        .get('/fr/guide')
        .set('User-Agent', ua)
        .set('Accept-Encoding', 'identity');
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.text).toBe(plain.text);
      expect(again.text).toContain('</html>');
      // supertest decodes the body once: a body compressed twice would not read back as the page.
      for (const accept of ['gzip, deflate, br', 'gzip']) {
        const res = await request(app).get('/fr/guide').set('User-Agent', ua).set('Accept-Encoding', accept);
        expect(res.headers['content-encoding']).toBe(accept === 'gzip' ? 'gzip' : 'br');
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.text).toBe(plain.text);
      }
    });
  }

  it('leaves every other answer to the compression middleware', async () => {
    const notFound = await request(app)
      .get('/fr/no-such-page')
      .set('User-Agent', HUMAN_UA)
      .set('Accept-Encoding', 'gzip');
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('gzip');
    expect(notFound.text).toContain('</html>');
  });
});
