import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import type { AuditReport } from '../../src/lib/audit.ts';
import { testServer } from '../support/test-server.ts';

// The robots.txt item of the built server's audit (issue 37, item 5), on sites served on loopback:
// ai.robots.txt's real block list (tests/fixtures/robots/) and the case, a group for 80legs
// after another group. Each line's fault is named with RFC 9309's rule, in English and French, and
// no rule is said to come before any User-agent line.

const PAGE = readFileSync('tests/fixtures/real-pages/docs-pdoc-demo.html', 'utf8');
const FILES = {
  aiRobotsTxt: readFileSync('tests/fixtures/robots/ai-robots-txt.txt', 'utf8'),
  digitToken: 'User-agent: *\nDisallow: /cart\nAllow: /\n\nUser-agent: 80legs\nDisallow: /\n',
};
type SiteName = keyof typeof FILES;

const NNBSP = '\u202f';
const NBSP = '\u00a0';

let app: App;
const servers: Server[] = [];
const origin = {} as Record<SiteName, string>;

async function serve(name: SiteName): Promise<void> {
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(FILES[name]);
    } else if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  origin[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await Promise.all((Object.keys(FILES) as SiteName[]).map(serve));
  app = await testServer({
    AUDIT_ALLOWED_HOSTS: Object.values(origin)
      .map((o) => o.replace('http://', ''))
      .join(','),
    AUDIT_TIMEOUT_MS: '5000',
    AUDIT_RATE_LIMIT_PER_MINUTE: '1000',
  });
});
afterAll(async () => {
  await app.locals.close();
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function robotsItem(site: SiteName, lang: 'en' | 'fr') {
  const res = await request(app)
    .get('/api/audit')
    .query({ url: `${origin[site]}/`, lang });
  expect(res.status).toBe(200);
  const item = (res.body as AuditReport).categories.flatMap((c) => c.items).find((i) => i.id === 'robotsTxt');
  if (!item) throw new Error('no robotsTxt item');
  return item;
}

describe('the robots.txt item, served and audited', () => {
  it('names the product token of the issue’s case, in English and French', async () => {
    const en = await robotsItem('digitToken', 'en');
    expect(en.status).toBe('warning');
    expect(en.evidence).toContain(
      'Line 5: “80legs” is not a valid product token, as RFC 9309 §2.2.1 allows only letters',
    );
    expect(en.evidence).not.toContain('before');
    const fr = await robotsItem('digitToken', 'fr');
    expect(fr.evidence).toContain(
      `Ligne 5${NBSP}: «${NNBSP}80legs${NNBSP}» n’est pas un nom de robot (product token) valide`,
    );
    expect(fr.recommendation).toContain('gardez-le');
  });

  it('reads ai.robots.txt’s list: the first five names outside the grammar, the rest counted', async () => {
    const en = await robotsItem('aiRobotsTxt', 'en');
    expect(en.status).toBe('warning');
    expect(en.evidence).toContain('Line 3: “AI2Bot” is not a valid product token');
    expect(en.evidence).toContain('Google’s parser reads only “AI” and applies the group to that name');
    expect(en.evidence).toContain('Line 29: “Brightbot 1.0” is not a valid product token');
    expect(en.evidence).toContain('16 more lines have a problem.');
    const fr = await robotsItem('aiRobotsTxt', 'fr');
    expect(fr.evidence).toContain(`16${NBSP}autres lignes posent problème.`);
  });
});
