import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { parseAllowedHosts } from '../../src/server/audit/address.ts';
import { analysisInProcess } from '../../src/server/audit/analysis.ts';
import { runAudit } from '../../src/server/audit/run.ts';
import { categoryScore } from '../../src/server/audit/score.ts';
import { auditUserAgents } from '../../src/server/audit/agents.ts';
import { KEY_PAGES } from '../../scripts/chromium.ts';
import { testServer } from './helpers.ts';

// Dogfooding: the site's own key pages, served by the production build on loopback, score 100 in
// every category of its own audit, agent signals included. Served here over plain http, the HTTPS
// item is set aside (in production the site is behind HTTPS and HSTS). Each page is requested once
// before it is audited, as a running site's pages are, so that the time to first byte measures the
// server and not its first render of a page after start-up on a busy test machine.

let app: App;
let server: Server;
let origin: string;

beforeAll(async () => {
  // The port first, so that SITE_URL (canonical links, sitemap) names the address audited.
  const probe = createHttpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  origin = `http://127.0.0.1:${port}`;
  app = await testServer({ SITE_URL: origin, RATE_LIMIT_PER_MINUTE: '0' });
  server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.locals.close();
});

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
      result.categories.map((c) => [c.id, categoryScore(c.findings.filter((f) => f.id !== 'https'))]),
    );
    const problems = result.categories.flatMap((c) =>
      c.findings.filter((f) => f.status !== 'pass' && f.id !== 'https').map((f) => `${f.id}: ${f.status}`),
    );
    for (const [id, score] of Object.entries(scores))
      expect(score, `${path} ${id} (${problems.join(', ')})`).toBe(100);
  });
});
