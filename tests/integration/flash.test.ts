import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { putFlash, takeFlash } from '../../src/server/flash.ts';
import type { FormOutcome } from '../../src/lib/form-limits.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// A no-JavaScript form's outcome across the 303 redirect (src/server/flash.ts): signed in the cookie
// when the site has a key, so the page after the redirect may reach any process; in the memory of
// the process that took the post otherwise.

/** A post that fails (a broken email), with a message the page gives back. */
const failedPost = (message = 'Mine alone') => ({
  name: 'Private',
  email: 'broken',
  message,
  returnTo: '/en/contact',
});

const cookieOf = (res: request.Response) =>
  /form_result=([^;]*)/.exec(String(res.headers['set-cookie']))![1]!;

describe('two processes on one store', () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-flash-'));
    a = await testServer({ DATA_DIR: dataDir });
    b = await testServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await a.locals.close();
    await b.locals.close();
  });

  it('show the outcome of a post taken by the other, once', async () => {
    const posted = await request(a)
      .post('/api/contact')
      .set('Accept', 'text/html')
      .type('form')
      .send(failedPost());
    expect(posted.status).toBe(303);
    const cookie = cookieOf(posted);
    expect(cookie).toMatch(/^s\./);
    const page = await request(b)
      .get('/en/contact')
      .set('User-Agent', HUMAN_UA)
      .set('Cookie', `form_result=${cookie}`);
    expect(page.text).toContain('Mine alone');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(String(page.headers['set-cookie'])).toMatch(/form_result=;/);
  });

  it('show nothing for a cookie someone changed, and the ordinary page', async () => {
    const posted = await request(a)
      .post('/api/contact')
      .set('Accept', 'text/html')
      .type('form')
      .send(failedPost());
    const [body, mac] = cookieOf(posted).slice(2).split('.') as [string, string];
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { o: FormOutcome };
    forged.o.error = 'Call this number now';
    const tampered = `s.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    for (const value of [tampered, `s.${body}.${mac.slice(1)}x`, `s.${body}`, 's.', 'unknown-id']) {
      const page = await request(b)
        .get('/en/contact')
        .set('User-Agent', HUMAN_UA)
        .set('Cookie', `form_result=${value}`);
      expect(page.status, value).toBe(200);
      expect(page.text, value).not.toMatch(/Mine alone|Call this number/);
    }
  });
});

describe('where the outcome is kept', () => {
  /** A bare app: a post puts an outcome, a page takes it. */
  function app(key: Buffer | undefined) {
    const server = express();
    server.locals.flashKey = key;
    server.post('/post', (req, res) => {
      const outcome = JSON.parse(String(req.query.outcome)) as FormOutcome;
      putFlash(req, res, outcome, Number(req.query.now ?? Date.now()));
      res.sendStatus(204);
    });
    server.get('/page', (req, res) => {
      res.json({ outcome: takeFlash(req, res, Number(req.query.now ?? Date.now())) ?? null });
    });
    return server;
  }
  const key = Buffer.alloc(32, 7);
  const small: FormOutcome = {
    form: 'contact',
    ok: false,
    error: 'Check the email',
    values: { name: 'Ann' },
  };

  it('is the signed cookie when it fits, readable by any app with the key, for five minutes', async () => {
    const posted = await request(app(key))
      .post('/post')
      .query({ outcome: JSON.stringify(small), now: 1_000 });
    const cookie = cookieOf(posted);
    expect(cookie).toMatch(/^s\.[\w-]+\.[\w-]+$/);
    const read = (now: number, server = app(key)) =>
      request(server).get('/page').query({ now }).set('Cookie', `form_result=${cookie}`);
    expect((await read(1_000 + 299_000)).body.outcome).toEqual(small);
    expect((await read(1_000 + 300_000)).body.outcome).toBeNull();
    // Another key (another site, a rotated key) reads nothing.
    expect((await read(2_000, app(Buffer.alloc(32, 8)))).body.outcome).toBeNull();
  });

  it('stays in memory when there is no key or the visitor typed too much for a cookie', async () => {
    const large: FormOutcome = { ...small, values: { message: 'x'.repeat(5_000) } };
    for (const [server, outcome] of [
      [app(undefined), small],
      [app(key), large],
    ] as const) {
      const posted = await request(server)
        .post('/post')
        .query({ outcome: JSON.stringify(outcome) });
      const cookie = cookieOf(posted);
      expect(cookie).toMatch(/^[\w-]{24}$/);
      const read = () => request(server).get('/page').set('Cookie', `form_result=${cookie}`);
      expect((await read()).body.outcome).toEqual(outcome);
      // Read once.
      expect((await read()).body.outcome).toBeNull();
    }
  });
});
