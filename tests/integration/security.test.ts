import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { signToken } from '../../src/server/email/tokens.ts';
import { GOOGLEBOT_UA, GPTBOT_UA, HUMAN_UA, testServer } from '../support/test-server.ts';

let app: App;
beforeAll(async () => {
  app = await testServer({ TRUST_PROXY: '1' });
});

/** Mozilla HTTP Observatory's A+ expectations, applied to every kind of response. */
function expectObservatoryHeaders(res: request.Response, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  // The site's own files, and inline scripts by their hashes only (no nonce, no unsafe source).
  expect(scriptSrc, what).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]{44}')+$/);
  expect(scriptSrc, what).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:|data:/);
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain("base-uri 'none'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("form-action 'self'");
  expect(csp, what).not.toMatch(/style-src[^;]*'unsafe-inline'/);
  const hsts = String(res.headers['strict-transport-security'] ?? '');
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), what).toBeGreaterThanOrEqual(15552000);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], what).toContain(
    res.headers['referrer-policy'],
  );
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
}

describe('security headers', () => {
  it('holds every kind of response to what earns an A+', async () => {
    const html = (await request(app).get('/en/').set('User-Agent', HUMAN_UA)).text;
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
    const cases: [string, request.Test][] = [
      ['human page', request(app).get('/en/').set('User-Agent', HUMAN_UA)],
      ['crawler page', request(app).get('/en/guide').set('User-Agent', GOOGLEBOT_UA)],
      ['404 page', request(app).get('/en/nope')],
      ['400 page', request(app).get('/%')],
      ['redirect', request(app).get('/')],
      ['asset', request(app).get(css)],
      ['public file', request(app).get('/favicon.svg')],
      ['robots', request(app).get('/robots.txt')],
      ['markdown', request(app).get('/en/guide.md')],
      ['API', request(app).post('/api/newsletter').send({ email: 'bad' })],
      ['health', request(app).get('/healthz')],
    ];
    for (const [what, pending] of cases) expectObservatoryHeaders(await pending, what);
  });

  it('sets cookies with Path, SameSite and HttpOnly, and Secure behind HTTPS', async () => {
    const plain = await request(app)
      .post('/api/contact')
      .set('Accept', 'text/html')
      .type('form')
      .send({ name: 'A', email: 'cookie@example.com' });
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/HttpOnly/);
    const secure = await request(app)
      .post('/api/contact')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-For', '198.51.100.20')
      .set('Accept', 'text/html')
      .type('form')
      .send({ name: 'A', email: 'bad' });
    expect(String(secure.headers['set-cookie'])).toMatch(/Secure/);
  });

  it('adds upgrade-insecure-requests only for an https site', async () => {
    expect(String((await request(app).get('/en/')).headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
    const local = await testServer({ SITE_URL: 'http://localhost:3000' });
    expect(String((await request(local).get('/en/')).headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('no leaks', () => {
  const SENSITIVE =
    /createServer|SUPABASE_ANON_KEY|"devDependencies"|SQLite format 3|PRIVATE KEY|\[core\]|process\.env|import express/;

  it('never serves sources, configuration, .env, .git, node_modules, data or the server bundle, whatever the encoding', async () => {
    const targets = [
      '/.env',
      '/.env.local',
      '/.git/HEAD',
      '/.git/config',
      '/package.json',
      '/package-lock.json',
      '/tsconfig.json',
      '/vite.config.ts',
      '/server.ts',
      '/src/site.ts',
      '/src/server/config.ts',
      '/node_modules/react/package.json',
      '/node_modules/.package-lock.json',
      '/data/leads.db',
      '/dist/server/renderer.js',
      '/server/renderer.js',
      '/.vite/manifest.json',
      '/content/blog/en/ultimate-geo-guide-2025.md',
      '/supabase/migrations/20250101000000_leads.sql',
      '/Dockerfile',
      '/README.md',
      '/%2e%2e/server.ts',
      '/assets/..%2f..%2fserver.ts',
      '/assets/%2e%2e/%2e%2e/server/renderer.js',
      '/assets/..%252f..%252fpackage.json',
      '/%2Eenv',
      '/.%65nv',
      '/.git%2fconfig',
      '/node_modules%2freact%2fpackage.json',
      '/assets/../../../etc/passwd',
      '/..%5c..%5cserver.ts',
      '/en/../server.ts',
      '/en/%2e%2e/%2e%2e/package.json',
      '/favicon.svg/..%2f..%2f.env',
    ];
    for (const target of targets) {
      const res = await request(app).get(target);
      expect(
        res.status === 200 && !/^text\/html/.test(String(res.headers['content-type'])),
        `${target} served as a file (${res.status})`,
      ).toBe(false);
      expect(SENSITIVE.test(res.text ?? ''), `${target} leaked`).toBe(false);
    }
  });

  it('never shows a stack trace on an error page', async () => {
    for (const target of ['/%', '/en/%E0%A4%A', `/${'x'.repeat(3000)}`]) {
      const res = await request(app).get(target);
      expect(res.text).not.toMatch(/\bat [\w.<>]+ \(|node:internal|\/work\/|node_modules/);
    }
  });

  it('ships nothing secret or server-only in the client bundle', () => {
    const dir = path.resolve('dist/client/assets');
    const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const needle of [
        'SUPABASE',
        'supabase',
        'anon_key',
        'service_role',
        'DATA_DIR',
        'leads.db',
        '@libsql',
        'sonic-boom',
        'express-rate-limit',
        'express.static',
        'create_free_audit_from_form',
        'PROJECT_SOURCE',
        'ZodError',
        'node:fs',
      ]) {
        expect(text.includes(needle), `${file} contains ${needle}`).toBe(false);
      }
    }
  });
});

describe('site-wide request limit', () => {
  it('answers a flood with 429, Retry-After and a real page, per address', async () => {
    const limited = await testServer({ RATE_LIMIT_PER_MINUTE: '20', TRUST_PROXY: '1' });
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 25; i++) {
      last = await request(limited)
        .get('/en/guide')
        .set('User-Agent', GOOGLEBOT_UA)
        .set('X-Forwarded-For', '203.0.113.99');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(last!.headers['retry-after']).toBe('60');
    expect(last!.text).toContain('Too many requests');
    expect(last!.text).toMatch(/^<!DOCTYPE html>/);
    // Other addresses, health checks and static files are not affected.
    expect((await request(limited).get('/en/guide').set('X-Forwarded-For', '203.0.113.100')).status).toBe(
      200,
    );
    expect((await request(limited).get('/healthz').set('X-Forwarded-For', '203.0.113.99')).status).toBe(200);
    expect((await request(limited).get('/favicon.svg').set('X-Forwarded-For', '203.0.113.99')).status).toBe(
      200,
    );
  });
});

describe('private pages', () => {
  const SECRET = 'a-newsletter-secret-of-at-least-32-characters';
  const newsletterServer = () =>
    testServer({ NEWSLETTER_SECRET: SECRET, FORM_RATE_LIMIT_PER_MINUTE: '1000' });
  const link = (purpose: 'confirm' | 'unsubscribe', email: string) =>
    `/en/newsletter/${purpose}?token=${encodeURIComponent(
      signToken(Buffer.from(SECRET, 'utf8'), { email, lang: 'en', purpose }),
    )}`;

  it.each([
    ['a person', HUMAN_UA],
    ['a search crawler', GOOGLEBOT_UA],
    ['an AI crawler', GPTBOT_UA],
    ['a mail scanner', 'Mozilla/5.0 (compatible; LinkScanner/1.0; +https://scanner.example/bot)'],
  ])('a one-click unsubscribe POST after %s opened the link unsubscribes', async (_who, ua) => {
    const news = await newsletterServer();
    try {
      const email = `one-click-${ua.length}@example.org`;
      expect((await request(news).post('/api/newsletter').send({ email })).status).toBe(200);
      const unsubscribe = link('unsubscribe', email);
      const asked = await request(news).get(unsubscribe).set('User-Agent', ua);
      expect(asked.text).toContain('data-result="askUnsubscribe"');
      expect(asked.headers['cache-control']).toBe('private, no-store');
      expect(asked.headers.etag).toBeUndefined();
      // The one-click request (RFC 8058) a mail client sends, from the same kind of client.
      const done = await request(news)
        .post(unsubscribe)
        .set('User-Agent', ua)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(done.status).toBe(200);
      expect(done.text).toContain('data-result="unsubscribed"');
      expect(done.headers['cache-control']).toBe('private, no-store');
      const again = await request(news)
        .post(unsubscribe)
        .set('User-Agent', ua)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(again.text).toContain('data-result="alreadyUnsubscribed"');
    } finally {
      await news.locals.close();
    }
  });

  it('sends no newsletter, form-outcome or audit-report page cacheable, to anyone', async () => {
    const news = await newsletterServer();
    try {
      for (const ua of [HUMAN_UA, GOOGLEBOT_UA]) {
        for (const target of [
          link('confirm', 'private@example.org'),
          link('unsubscribe', 'private@example.org'),
          '/en/newsletter/confirm?token=forged',
          '/fr/newsletter/unsubscribe',
          '/en/tools?url=http%3A%2F%2F127.0.0.1%2F',
        ]) {
          const res = await request(news).get(target).set('User-Agent', ua);
          expect(res.headers['cache-control'], `${target} for ${ua}`).toBe('private, no-store');
          expect(res.headers.etag, `${target} for ${ua}`).toBeUndefined();
        }
      }
      const agent = request.agent(news);
      const posted = await agent
        .post('/api/contact')
        .set('Accept', 'text/html')
        .type('form')
        .send({ name: 'Private', email: 'broken', message: 'Mine alone', returnTo: '/en/contact' });
      expect(posted.status).toBe(303);
      const outcome = await agent.get('/en/contact').set('User-Agent', HUMAN_UA);
      expect(outcome.text).toContain('Mine alone');
      expect(outcome.headers['cache-control']).toBe('private, no-store');
      // The next visit to the same address is the ordinary page, which was never cached with the outcome.
      const plain = await request(news).get('/en/contact').set('User-Agent', HUMAN_UA);
      expect(plain.text).not.toContain('Mine alone');
      expect(plain.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=60',
      );
    } finally {
      await news.locals.close();
    }
  });
});

describe('/metrics', () => {
  const TOKEN = 'a-metrics-token-of-at-least-32-characters';

  it('is served to no one on the site’s port without METRICS_TOKEN, whatever the address says', async () => {
    for (const trustProxy of ['0', '1']) {
      const site = await testServer({ TRUST_PROXY: trustProxy });
      for (const forwarded of [undefined, '127.0.0.1', '10.1.2.3', '203.0.113.7']) {
        const req = request(site).get('/metrics');
        if (forwarded) req.set('X-Forwarded-For', forwarded);
        const res = await req;
        expect(res.status, `TRUST_PROXY=${trustProxy}, X-Forwarded-For ${forwarded}`).toBe(404);
        expect(res.body).toEqual({ error: { code: 'not_found', message: 'No such endpoint.' } });
      }
    }
  });

  it('with METRICS_TOKEN, answers the bearer token only', async () => {
    const site = await testServer({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' });
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const req = request(site).get('/metrics').set('X-Forwarded-For', '127.0.0.1');
      if (authorization) req.set('Authorization', authorization);
      expect((await req).status, String(authorization)).toBe(404);
    }
    await request(site).get('/en/guide').set('User-Agent', GPTBOT_UA);
    await request(site).post('/api/newsletter').send({ email: 'metrics@example.com' });
    await request(site).post('/api/newsletter').send({ email: 'bad' });
    const res = await request(site).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/http_requests_total\{route="page:guide",method="GET",status="200"\} \d+/);
    expect(res.text).toMatch(/http_request_duration_seconds_bucket\{le="0\.1",route="page:guide"\} \d+/);
    expect(res.text).toMatch(/crawler_visits_total\{agent="GPTBot",category="training",ai="true"\} \d+/);
    expect(res.text).toMatch(/leads_total\{form="newsletter",outcome="stored"\} 1/);
    expect(res.text).toMatch(/leads_total\{form="newsletter",outcome="rejected"\} 1/);
    expect(res.text).toMatch(/page_cache_total\{audience="(crawler|person)",result="(hit|miss)"\} \d+/);
    expect(res.text).toMatch(/memory_cache_bytes\{cache="pages_crawler"\} \d+/);
  });

  it('has a listener of its own for METRICS_PORT, with the token when one is set', async () => {
    const open = await testServer({ METRICS_PORT: '0' });
    expect((await request(open.locals.metricsApp).get('/metrics')).status).toBe(200);
    expect((await request(open.locals.metricsApp).get('/en/')).status).toBe(404);
    expect((await request(open).get('/metrics')).status).toBe(404);
    const guarded = await testServer({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    expect((await request(guarded.locals.metricsApp).get('/metrics')).status).toBe(404);
    expect(
      (await request(guarded.locals.metricsApp).get('/metrics').set('Authorization', `Bearer ${TOKEN}`))
        .status,
    ).toBe(200);
  });
});
