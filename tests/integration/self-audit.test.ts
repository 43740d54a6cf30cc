import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { parseAllowedHosts } from '../../src/server/audit/address.ts';
import { analysisInProcess } from '../fixtures/audit-analysis.ts';
import { runAudit } from '../../src/server/audit/run.ts';
import { categoryScore } from '../../src/server/audit/score.ts';
import { auditUserAgents } from '../../src/server/audit/agents.ts';
import { KEY_PAGES } from '../../scripts/chromium.ts';
import { testServer } from '../support/test-server.ts';

// Dogfooding: the site's own key pages, served by the production build on loopback, score 100 in
// every category of its own audit, agent signals included. Two items are set aside: HTTPS, as the
// site is served here over plain http (in production it is behind HTTPS and HSTS), and the time to
// first byte, which on a shared test machine measures the machine's load as much as the server (no
// test asserts a time: speed is `npm run bench`'s and Lighthouse's). Each page is requested once
// before it is audited, as a running site's pages are.

let app: App;
let server: Server;
let origin: string;

beforeAll(async () => {
  // Listening first (port 0), so that SITE_URL (canonical links, sitemap) names the address audited;
  // requests reach the app once it exists, before any test runs.
  server = createHttpServer((req, res) => app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await testServer({ SITE_URL: origin, RATE_LIMIT_PER_MINUTE: '0' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.locals.close();
});

/** Checks judged by what this machine is doing rather than by the site (see above). */
const SET_ASIDE = new Set(['https', 'ttfb']);

describe('the site on its own audit', () => {
  it.each(KEY_PAGES)('%s scores 100 in every category', async (path) => {
    await fetch(`${origin}${path}`);
    const result = await runAudit(`${origin}${path}`, {
      ...auditUserAgents(origin),
      allowedHosts: parseAllowedHosts(`127.0.0.1:${new URL(origin).port}`),
      analysis: analysisInProcess,
      timeoutMs: 10_000,
    });
    if (!result.ok) throw new Error(`${path}: ${result.reason} (${result.detail})`);
    const scores = Object.fromEntries(
      result.categories.map((c) => [c.id, categoryScore(c.findings.filter((f) => !SET_ASIDE.has(f.id)))]),
    );
    const problems = result.categories.flatMap((c) =>
      c.findings
        .filter((f) => f.status !== 'pass' && f.status !== 'notApplicable' && !SET_ASIDE.has(f.id))
        .map((f) => `${f.id}: ${f.status} ${JSON.stringify(f.evidence)}`),
    );
    // Both set-aside checks ran all the same.
    const ran = new Set(result.categories.flatMap((c) => c.findings.map((f) => f.id)));
    for (const id of SET_ASIDE) expect(ran.has(id), id).toBe(true);
    for (const [id, score] of Object.entries(scores))
      expect(score, `${path} ${id} (${problems.join(', ')})`).toBe(100);
  });
});
