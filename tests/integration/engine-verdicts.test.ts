import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { testServer } from '../support/test-server.ts';

// The answer engines' verdicts through the built server (issue 37, decision 063), on real pages and
// a real publisher's robots.txt served on loopback: The Register's article under The Guardian's
// robots.txt (bingbot and PerplexityBot closed everywhere), and X's app shell (an empty
// <div id="react-root">) under a robots.txt that lets everyone in. Both languages.

const SITES = {
  newspaper: {
    robots: readFileSync('tests/fixtures/robots/theguardian.com.txt', 'utf8'),
    page: readFileSync('tests/fixtures/real-pages/news-the-register.html', 'utf8'),
  },
  app: {
    robots: 'User-agent: *\nAllow: /\n',
    page: readFileSync('tests/fixtures/real-pages/app-shell-x.html', 'utf8'),
  },
};
type SiteName = keyof typeof SITES;

let app: App;
const servers: Server[] = [];
const origin = {} as Record<SiteName, string>;

beforeAll(async () => {
  for (const name of Object.keys(SITES) as SiteName[]) {
    const server = createServer((req, res) => {
      req.resume();
      if (req.url === '/robots.txt')
        res.writeHead(200, { 'content-type': 'text/plain' }).end(SITES[name].robots);
      else if (req.url === '/2024/05/story')
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SITES[name].page);
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    origin[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: Object.values(origin)
      .map((o) => new URL(o).host)
      .join(','),
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
    AUDIT_CACHE_SECONDS: '0',
  });
});
afterAll(async () => {
  await app.locals.close();
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function audit(name: SiteName, lang: 'en' | 'fr'): Promise<AuditReport> {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `${origin[name]}/2024/05/story`, lang });
  expect(res.status).toBe(200);
  return res.body as AuditReport;
}

const statuses = (report: AuditReport) => Object.fromEntries(report.engines!.map((e) => [e.id, e.status]));

describe('answer engines on real pages, served on loopback', () => {
  it('puts a page under the Guardian’s robots.txt out of Copilot and Perplexity, quoting the lines', async () => {
    const report = await audit('newspaper', 'en');
    expect(statuses(report)).toEqual({
      chatgpt: 'yes',
      perplexity: 'no',
      copilot: 'no',
      google: 'yes',
      claude: 'yes',
    });
    const copilot = report.engines!.find((e) => e.id === 'copilot')!;
    expect(copilot.reasons[0]).toMatch(
      /^robots\.txt closes the page to Bingbot: line \d+, “Disallow: \/”\.$/,
    );
    expect(report.categories.find((c) => c.id === 'crawlerAccess')!.score).toBeLessThanOrEqual(60);
    const french = await audit('newspaper', 'fr');
    expect(french.engines!.find((e) => e.id === 'copilot')!.reasons[0]).toMatch(
      /^robots\.txt ferme la page à Bingbot\u00a0: ligne \d+, «\u202fDisallow: \/\u202f»\.$/,
    );
  });

  it('holds a real app shell to 40: nothing to quote for crawlers that run no scripts', async () => {
    const report = await audit('app', 'en');
    expect(statuses(report)).toEqual({
      chatgpt: 'no',
      perplexity: 'no',
      copilot: 'limited',
      google: 'limited',
      claude: 'no',
    });
    expect(report.overall).toBeLessThanOrEqual(40);
    const item = report.categories.flatMap((c) => c.items).find((i) => i.id === 'mainText')!;
    expect(item.blocks).toBe(true);
    expect(item.evidence).toContain('react-root');
    const french = await audit('app', 'fr');
    expect(french.engines!.find((e) => e.id === 'chatgpt')!.reasons).toContain(
      'Le HTML envoyé par le serveur ne contient pas de texte principal, et OAI-SearchBot n’exécute pas de scripts\u00a0: il ne trouve rien à citer.',
    );
  });
});
