import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS, nginxVersion, startEdgeProxy, type EdgeProxy } from '../fixtures/edge-proxy.ts';
import { startTeaSite, type TeaSite } from '../fixtures/tea-site.ts';
import { GOOGLEBOT_UA, GPTBOT_UA, HUMAN_UA } from '../support/test-server.ts';
import { portOf, runServer, type ServerProcess } from '../support/server-process.ts';

// A shared cache never mixes people and crawlers (issue 24, decision 036): the nginx configuration
// the repository ships (deploy/nginx/geo-platform.conf), a plain proxy_cache that only honours the
// origin's headers, in front of two real server processes on one store. Through it, people and
// crawlers alternating on five pages always get their own variant and most repeat requests are
// hits; form posts and private pages are never served from the cache; a conditional request for a
// cached page gets a 304.

const version = nginxVersion();
// Under CI the prerequisites install nginx (scripts/test-prereqs.mjs): there, its absence fails.
const skip = !version && !process.env.CI;
if (skip) {
  console.warn(
    'edge-cache.test.ts skipped: nginx is not installed (/usr/sbin/nginx); `node scripts/test-prereqs.mjs` installs it (as root) or `sudo apt-get install nginx`.',
  );
}

const METRICS_TOKEN = randomBytes(24).toString('hex');
const PAGES = ['/en/', '/en/guide', '/fr/services', '/en/blog', '/fr/faq'];
const ROUNDS = 4;

const PERSON = {
  'User-Agent': HUMAN_UA,
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Language': 'en-GB,en;q=0.9',
  'Accept-Encoding': 'gzip, deflate, br',
};
const crawler = (ua: string) => ({ 'User-Agent': ua, Accept: '*/*', 'Accept-Encoding': 'gzip, deflate, br' });
const VISITORS = [
  { who: 'person', headers: PERSON },
  { who: 'GPTBot', headers: crawler(GPTBOT_UA) },
  { who: 'Googlebot', headers: crawler(GOOGLEBOT_UA) },
] as const;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const agent = new Agent({ keepAlive: true });

/** Where a request goes: an app process's port, or nginx's Unix socket. */
type Destination = { port: number } | { socketPath: string };

/**
 * One request with exactly these headers (and, through nginx, the client's address: CLIENT_ADDRESS);
 * the body decoded from what Content-Encoding says.
 */
function send(
  to: Destination,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const where =
      'port' in to
        ? { host: '127.0.0.1', port: to.port, headers }
        : { socketPath: to.socketPath, headers: { ...headers, ...CLIENT_ADDRESS } };
    const req = request({ ...where, path: target, method, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'deflate'
                ? inflateSync(raw)
                : raw;
        resolve({ status: res.statusCode!, headers: res.headers, body: decoded.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The Vary every page response carries, people's and crawlers' alike (decision 036). */
const VARY = ['accept', 'accept-encoding', 'cookie', 'user-agent'];
const varyOf = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .sort();

/** Every `<script …>` opening tag of a page. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];
const isJsonLd = (tag: string) => /\btype=["']?application\/ld\+json/.test(tag);

/** What a person's page must carry: the human marker and the app's module script with its data. */
function expectPersonPage(answer: Answer, where: string) {
  expect(answer.status, where).toBe(200);
  expect(answer.body, where).toMatch(/<html\b[^>]*\sdata-visitor="human"/);
  expect(
    scriptTags(answer.body).some((tag) => !isJsonLd(tag) && !/type=["']?application\/json/.test(tag)),
    `${where}: the app's module script`,
  ).toBe(true);
  expect(answer.body, `${where}: the app's data`).toMatch(/id="app-data"|__APP__/);
}

/** What a crawler's page must carry: the crawler marker and no script but JSON-LD. */
function expectCrawlerPage(answer: Answer, where: string) {
  expect(answer.status, where).toBe(200);
  expect(answer.body, where).toMatch(/<html\b[^>]*\sdata-visitor="crawler"/);
  expect(
    scriptTags(answer.body).filter((tag) => !isJsonLd(tag)),
    where,
  ).toEqual([]);
}

/** The newsletter form posts the processes counted (leads_total, any outcome), both together. */
async function newsletterPosts(ports: readonly number[]): Promise<number> {
  let total = 0;
  for (const port of ports) {
    const metrics = await send({ port }, 'GET', '/metrics', {
      Authorization: `Bearer ${METRICS_TOKEN}`,
    });
    for (const [, count] of metrics.body.matchAll(/^leads_total\{[^}]*form="newsletter"[^}]*\} (\d+)$/gm))
      total += Number(count);
  }
  return total;
}

let site: TeaSite;
let servers: ServerProcess[] = [];
let ports: number[] = [];
let edge: EdgeProxy;
const at = (target: string, headers: Record<string, string>) => send(edge, 'GET', target, headers);

describe.skipIf(skip)(`a shared cache in front of two server processes (${version ?? 'nginx'})`, () => {
  beforeAll(async () => {
    if (!version)
      throw new Error('nginx is not installed (/usr/sbin/nginx): run `node scripts/test-prereqs.mjs`');
    site = await startTeaSite();
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-edge-')),
      SITE_URL: 'https://geo.example',
      // One proxy, nginx, in front: the visitor's address is X-Forwarded-For's last entry.
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '0',
      SHUTDOWN_GRACE_MS: '0',
      FORM_RATE_LIMIT_PER_MINUTE: '100',
      AUDIT_ALLOWED_HOSTS: site.host,
      METRICS_TOKEN,
    };
    servers = [runServer(env), runServer(env)];
    ports = await Promise.all(servers.map((s) => portOf(s)));
    edge = await startEdgeProxy(ports);
  });

  afterAll(async () => {
    agent.destroy();
    await edge?.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await site?.close();
  });

  it('people and crawlers alternating on five pages always get their own variant, and repeats are hits', async () => {
    let repeats = 0;
    let hits = 0;
    const statuses: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of PAGES) {
        for (const { who, headers } of VISITORS) {
          const answer = await at(page, headers);
          const where = `round ${round}, ${who} on ${page} (X-Cache-Status ${answer.headers['x-cache-status']})`;
          if (who === 'person') expectPersonPage(answer, where);
          else expectCrawlerPage(answer, where);
          // One Vary list for both, so a cache keyed on it never mixes them.
          expect(varyOf(answer), where).toEqual(VARY);
          if (round > 1) {
            repeats += 1;
            if (answer.headers['x-cache-status'] === 'HIT') hits += 1;
            statuses.push(`${who} ${page} ${answer.headers['x-cache-status']}`);
          }
        }
      }
    }
    // Every variant is stored in the first round and fresh for a minute: all repeats should be hits.
    // The figure decision 036 quotes:
    console.log(`edge cache: ${hits} of ${repeats} repeat requests were hits`);
    expect(hits / repeats, `${hits}/${repeats} hits:\n${statuses.join('\n')}`).toBeGreaterThanOrEqual(0.8);
  });

  it("a person's cached page answers If-None-Match with a 304, and so does a crawler's", async () => {
    for (const headers of [PERSON, crawler(GPTBOT_UA)]) {
      await at('/en/guide', headers);
      const page = await at('/en/guide', headers);
      expect(page.headers['x-cache-status']).toBe('HIT');
      const etag = page.headers.etag;
      expect(etag, 'a strong ETag').toMatch(/^"/);
      const again = await at('/en/guide', { ...headers, 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('form posts always reach the origin, whose answers are never stored', async () => {
    const before = await newsletterPosts(ports);
    const post = JSON.stringify({ email: 'edge-cache@example.org', lang: 'en', nickname: '' });
    for (let i = 0; i < 2; i++) {
      const answer = await send(
        edge,
        'POST',
        '/api/newsletter',
        {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'User-Agent': HUMAN_UA,
        },
        post,
      );
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ success: true });
      expect(answer.headers['x-cache-status'] ?? 'absent').toMatch(/^(absent|MISS|BYPASS)$/);
    }
    // Both identical posts reached a server process (the second one as a duplicate).
    expect((await newsletterPosts(ports)) - before).toBe(2);
    // The form limit keyed them on the visitor's address from X-Forwarded-For: were it not an
    // address (`unix:`, nginx's socket), the rate limiter would complain on the processes' stderr.
    expect(
      servers.map((s) => s.err()),
      'the app processes wrote nothing on stderr',
    ).toEqual(['', '']);

    // The same form without JavaScript: a 303 with the outcome's cookie, then the page that shows
    // it, whichever process answers (the outcome is signed into the cookie with the key both
    // processes share, src/server/flash.ts). nginx never stores that answer: it is `private,
    // no-store` and carries the Set-Cookie that clears the cookie. A person without the cookie still
    // gets the stored public page.
    const form = await send(
      edge,
      'POST',
      '/api/newsletter',
      { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', 'User-Agent': HUMAN_UA },
      new URLSearchParams({
        email: 'edge-cache-nojs@example.org',
        lang: 'en',
        nickname: '',
        returnTo: '/en/blog',
      }).toString(),
    );
    expect(form.status).toBe(303);
    expect(form.headers['x-cache-status'] ?? 'absent').toMatch(/^(absent|MISS|BYPASS)$/);
    const cookie = String(form.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^form_result=./);
    for (let i = 0; i < 3; i++) {
      const outcome = await at('/en/blog', { ...PERSON, Cookie: cookie });
      const where = `request ${i + 1} with the outcome's cookie`;
      expect(outcome.status, where).toBe(200);
      expect(outcome.headers['x-cache-status'], where).not.toBe('HIT');
      const privatePage = /no-store/.test(String(outcome.headers['cache-control']));
      const clearsCookie = String(outcome.headers['set-cookie'] ?? '').includes('form_result=;');
      expect(privatePage || clearsCookie, `${where}: private, or not storable`).toBe(true);
      // The signed outcome reads the same on either process (a browser would have dropped the
      // cookie after the first answer; this client sends it again on purpose).
      expect(outcome.body, where).toContain('class="form-status ok"');
      expect(privatePage, where).toBe(true);
    }
    await at('/en/blog', PERSON);
    expect((await at('/en/blog', PERSON)).headers['x-cache-status']).toBe('HIT');
  });

  it('private pages are never served from the cache', async () => {
    const privatePages = [
      `/en/tools?url=${encodeURIComponent(`${site.origin}/`)}`,
      `/en/tools/report/${randomBytes(16).toString('hex')}`,
      '/en/newsletter/confirm?id=x',
      '/fr/tools/recheck/confirm?id=x',
    ];
    for (const page of privatePages) {
      for (const headers of [PERSON, crawler(GPTBOT_UA)]) {
        for (let i = 0; i < 3; i++) {
          const answer = await at(page, headers);
          const where = `${page}, request ${i + 1} (${headers['User-Agent'].slice(0, 40)})`;
          expect(answer.headers['x-cache-status'], where).not.toBe('HIT');
          expect(answer.headers['cache-control'], where).toMatch(/private.*no-store|no-store.*private/);
        }
      }
    }
  });
});
