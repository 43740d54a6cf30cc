import express, { type Request, type RequestHandler, type Response } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { classifyVisitor, MAX_USER_AGENT_LENGTH, type VisitorProfile } from '../../src/lib/visitor.ts';
import { isoTime } from '../../src/server/logging.ts';
import { PageCache } from '../../src/server/page-cache.ts';
import { visitorClassifier } from '../../src/server/pages.ts';
import { redirectFor } from '../../src/server/redirects.ts';
import { headersOf, securityHeaders } from '../../src/server/security.ts';
import { remembered, type CacheStats } from '../../src/server/bounded-cache.ts';
import { representation, type Encodable } from '../../src/server/compressed.ts';
import { AI_AGENT_SAMPLES } from '../fixtures/ai-user-agents.ts';
import { BROWSER_SAMPLES } from '../fixtures/browser-user-agents.ts';
import { CRAWLER_SAMPLES } from '../fixtures/crawler-user-agents.ts';

// What a cached page's request no longer pays for, each without losing what it did (decision 073):
// the visitor classified once per distinct user agent, the security headers written once, the
// language read only for an address that needs it, the page's bytes encoded once. Over HTTP, the
// same behaviour is held by tests/integration/security.test.ts and pages.test.ts.

function classify(handler: RequestHandler, userAgent: string | undefined): VisitorProfile {
  const req = { headers: userAgent === undefined ? {} : { 'user-agent': userAgent } } as Request;
  handler(req, {} as Response, () => {});
  return req.visitor!;
}

describe('visitorClassifier', () => {
  const agents = [
    ...BROWSER_SAMPLES.map(([, ua]) => ua),
    ...AI_AGENT_SAMPLES.map(([, ua]) => ua),
    ...CRAWLER_SAMPLES.map((row) => row[5]),
    '',
    'curl/8.5.0',
    `Mozilla/5.0 ${'x'.repeat(2 * MAX_USER_AGENT_LENGTH)} GPTBot/1.2`,
  ];

  it('gives every request the profile classifyVisitor gives its user agent, first and later alike', () => {
    const handler = visitorClassifier();
    for (const round of [1, 2]) {
      for (const ua of agents) expect(classify(handler, ua), `${ua} (${round})`).toEqual(classifyVisitor(ua));
    }
    expect(classify(handler, undefined)).toEqual(classifyVisitor(undefined));
  });

  it('stays within its bound however many distinct agents arrive, the oldest out first', () => {
    let stats: (() => CacheStats) | undefined;
    const handler = visitorClassifier({ watchCache: (_name, read) => (stats = read) });
    for (let n = 0; n < 5000; n++) classify(handler, `Mozilla/5.0 (made up ${n}) ${'y'.repeat(200)}`);
    expect(stats!().bytes).toBeLessThanOrEqual(512 * 1024);
    expect(stats!().entries).toBeGreaterThan(0);
    expect(stats!().entries).toBeLessThan(5000);
    // A crawler still gets its own profile after the flood.
    expect(classify(handler, 'Mozilla/5.0 (compatible; GPTBot/1.2)').isAICrawler).toBe(true);
  });
});

describe('security headers', () => {
  it('are the headers helmet sets, written once', () => {
    const options = { dev: false, https: true, scriptHashes: ["'sha256-abc='"] };
    const set = new Map<string, string>();
    const res = { setHeader: (name: string, value: string) => set.set(name, value) } as unknown as Response;
    let called = false;
    securityHeaders(options)({} as Request, res, () => (called = true));
    expect(called).toBe(true);
    expect(set.get('Content-Security-Policy')).toContain("script-src 'self' 'sha256-abc='");
    expect(set.get('Content-Security-Policy')).toContain('upgrade-insecure-requests');
    expect(set.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains; preload');
    expect(set.get('X-Frame-Options')).toBe('DENY');
    expect(set.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(set.has('Cross-Origin-Embedder-Policy')).toBe(false);
  });

  it('refuses a middleware whose headers are not fixed (one that does not finish at once)', () => {
    expect(() => headersOf(() => {})).toThrow(/did not finish at once/);
    const removing: RequestHandler = (_req, res, next) => {
      res.setHeader('A', '1');
      res.setHeader('B', '2');
      res.removeHeader('A');
      next();
    };
    expect(headersOf(removing)).toEqual([['B', '2']]);
  });
});

describe('redirectFor with the language asked lazily', () => {
  it('reads the visitor language only for an address that needs it', () => {
    let asked = 0;
    const language = () => {
      asked++;
      return 'fr' as const;
    };
    for (const path of ['/en/guide', '/fr/', '/en/blog/some-article', '/fr/tools']) {
      expect(redirectFor(path, '', language)).toBeNull();
    }
    expect(redirectFor('/en/Guide', '?a=1', language)).toEqual({ status: 301, location: '/en/guide?a=1' });
    expect(asked).toBe(0);
    expect(redirectFor('/', '?utm_source=x', language)).toEqual({
      status: 302,
      location: '/fr/?utm_source=x',
    });
    expect(redirectFor('/guide', '', language)).toEqual({ status: 302, location: '/fr/guide' });
    expect(redirectFor('/blog/some-article/', '', language)).toEqual({
      status: 302,
      location: '/fr/blog/some-article',
    });
    expect(asked).toBe(3);
  });
});

describe('a cached page without encoding', () => {
  it('is the page in UTF-8, made once', () => {
    const pages = new PageCache(1000);
    const html = '<p>Café « déjà » — 🙂</p>';
    const entry = pages.set('fr', 200, html, 0);
    expect(Buffer.isBuffer(entry.html)).toBe(true);
    expect(entry.html.toString('utf8')).toBe(html);
    expect(pages.get('fr', 0)?.html).toBe(entry.html);
  });
});

describe('what is remembered per header value (decision 075)', () => {
  it('makes each value once, and gives it back for the same key', () => {
    const made: string[] = [];
    const lengthOf = remembered<number>({ ttlMs: 60_000, maxBytes: 64 * 1024, valueBytes: 8 });
    const make = (key: string) => {
      made.push(key);
      return key.length;
    };
    for (const round of [1, 2, 3])
      for (const key of ['a', 'bb', '']) expect(lengthOf(key, make), `${round}`).toBe(key.length);
    expect(made).toEqual(['a', 'bb', '']);
  });

  it('stays within its bound however many distinct keys arrive', () => {
    const echo = remembered<string>({ ttlMs: 60_000, maxBytes: 16 * 1024, valueBytes: 16 });
    for (let n = 0; n < 5000; n++) expect(echo(`made up ${n}`, (key) => key)).toBe(`made up ${n}`);
    expect(echo.stats.bytes).toBeLessThanOrEqual(16 * 1024);
    expect(echo.stats.entries).toBeLessThan(5000);
  });

  it('picks the encoding each Accept-Encoding asks for, first and later alike', () => {
    const entry = {
      etag: '"e"',
      encoded: { br: Buffer.from('b'), gzip: Buffer.from('g') },
      best: true,
    } as Encodable;
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'br'],
      ['identity', undefined],
      ['', undefined],
      [undefined, undefined],
      ['*', 'br'],
      ['gzip;q=0, *;q=0.1', 'br'],
      [`gzip, ${'x'.repeat(300)}`, 'gzip'],
    ];
    for (const round of [1, 2]) {
      for (const [header, expected] of cases) {
        const req = Object.create(express.request) as Request;
        Object.assign(req, { headers: header === undefined ? {} : { 'accept-encoding': header } });
        expect(representation(req, 'text', entry).encoding, `${header} (${round})`).toBe(expected);
      }
    }
  });
});

describe('the log lines’ time', () => {
  it('is pino’s ISO time, made again for each new millisecond', () => {
    const at = Date.parse('2026-11-29T13:04:05.678Z');
    for (const now of [at, at, at + 1, at - 86_400_000, at])
      expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
    // The format is pino's own.
    expect(isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
    expect(pino.stdTimeFunctions.isoTime()).toMatch(/^,"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"$/);
  });
});
