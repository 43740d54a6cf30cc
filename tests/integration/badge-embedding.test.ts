import { readdirSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { BADGE_CSP } from '../../src/server/audit/http.ts';
import { startAuditedSite } from '../support/full-store.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// Issue 34, finding 3: the badge of a saved report is made to be shown on other sites, and Chromium
// refused it there because every response carried Cross-Origin-Resource-Policy: same-origin. Now
// the badge alone is cross-origin (decision 051): a page on a second loopback origin shows it in
// Chromium, while a same-origin image of the site stays refused there (the browser does enforce
// the header in this setting), and every other kind of response keeps same-origin.

let audited: Awaited<ReturnType<typeof startAuditedSite>>;
let app: App;
let report: AuditReport;

beforeAll(async () => {
  audited = await startAuditedSite();
  app = await testServer({ AUDIT_ALLOWED_HOSTS: audited.host, AUDIT_RATE_LIMIT_PER_MINUTE: '1000' });
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `http://${audited.host}/`, lang: 'en' })
    .set('User-Agent', HUMAN_UA);
  report = res.body as AuditReport;
  expect(report.id).toMatch(/^[0-9a-f]{32}$/);
});
afterAll(async () => {
  await app.locals.close();
  await audited.close();
});

describe('the badge’s headers', () => {
  it('may be embedded anywhere, kept a day at most, under a CSP that allows nothing, with no script', async () => {
    for (const lang of ['en', 'fr']) {
      const res = await request(app).get(`/badge/${report.id}.svg?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['content-security-policy']).toBe(BADGE_CSP);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; sandbox",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // The report ends after AUDIT_REPORT_DAYS (365 here): a day, well before that.
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      const svg = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<script|<foreignObject|\son\w+=|href=|javascript:|<style|url\(/i);
    }
  });

  it('relaxes no other response: pages, API, files, crawler files, operations and errors keep same-origin', async () => {
    const asset = firstAsset();
    const routes: [method: 'get' | 'post', path: string, status: number][] = [
      ['get', '/', 302],
      ['get', '/en/', 200],
      ['get', '/fr/tools', 200],
      ['get', '/en/blog', 200],
      ['get', `/en/tools/report/${report.id}`, 200],
      ['get', `/en/tools/report/${report.id}.md`, 200],
      ['get', `/api/audit/report/${report.id}`, 200],
      ['get', '/api/visitor', 200],
      ['post', '/api/contact', 400],
      ['get', '/api/nothing', 404],
      ['get', `/assets/${asset}`, 200],
      ['get', '/favicon.svg', 200],
      ['get', '/favicon-32.png', 200],
      ['get', '/site.webmanifest', 200],
      ['get', '/sw.js', 200],
      ['get', '/robots.txt', 200],
      ['get', '/sitemap.xml', 200],
      ['get', '/llms.txt', 200],
      ['get', '/ai.txt', 200],
      ['get', '/.well-known/security.txt', 200],
      ['get', '/en/feed.xml', 200],
      ['get', '/en/tools.md', 200],
      ['get', '/healthz', 200],
      ['get', '/readyz', 200],
      ['get', '/metrics', 404],
      ['get', '/en/no-such-page', 404],
      ['get', `/badge/${'f'.repeat(32)}.svg`, 404],
      ['get', '/badge/not-a-badge.png', 404],
    ];
    for (const [method, route, status] of routes) {
      const agent = request(app);
      const res = await (
        method === 'post' ? agent.post(route).send({ email: 'not an address' }) : agent.get(route)
      ).set('User-Agent', HUMAN_UA);
      expect(res.status, route).toBe(status);
      expect(res.headers['cross-origin-resource-policy'], route).toBe('same-origin');
    }
  });
});

/** A hashed asset of the build (a script). */
function firstAsset(): string {
  const dir = path.resolve(import.meta.dirname, '../../dist/client/assets');
  return readdirSync(dir).find((file) => file.endsWith('.js'))!;
}

describe('in Chromium, on a page of another origin', () => {
  let site: Server;
  let embedder: Server;
  let browser: Browser;
  beforeAll(async () => {
    site = createHttpServer(app);
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // Another site altogether (127.0.0.2 is loopback too): a page with the badge, and for contrast
    // one of the site's own images, which keeps same-origin.
    embedder = createHttpServer((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          [
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A site that shows its score</title></head><body>',
            `<img id="badge" alt="score" src="${origin}/badge/${report.id}.svg">`,
            `<img id="favicon" alt="site icon" src="${origin}/favicon-32.png">`,
            '</body></html>',
          ].join(''),
        );
    });
    await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.2', resolve));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => embedder.close(() => resolve()));
    site.closeAllConnections();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('shows the badge, and still refuses the site’s other images', async () => {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.2:${(embedder.address() as AddressInfo).port}/`);
    // Both images settled, loaded or refused.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const widths = await page.evaluate(() =>
      Object.fromEntries([...document.images].map((img) => [img.id, img.naturalWidth])),
    );
    expect(widths.badge).toBeGreaterThan(0);
    expect(widths.favicon).toBe(0);
    await page.close();
  });
});
