import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, nginxVersion, startEdgeProxy, type EdgeProxy } from '../fixtures/edge-proxy.ts';
import { ANON_KEY, SERVICE_KEY } from '../fixtures/postgrest-stand-in.ts';
import { heldPage, startHeldSite, type HeldSite } from '../fixtures/held-site.ts';
import { closePeers, parseMail, startSmtp, waitFor } from '../support/delivery-peers.ts';
import { startRedis, type RedisServer } from '../support/redis-server.ts';
import { portOf, runServer, type ServerProcess } from '../support/server-process.ts';
import { supabaseOnPostgrest } from '../support/supabase-postgrest.ts';

// Three replicas as issue 40 deploys them (decision 070): three production server processes on one
// Supabase store (the run's PostgreSQL server behind the PostgREST stand-in), sharing one real Redis
// server, behind the nginx configuration the repository ships (deploy/nginx/geo-platform.conf and
// its upstream). Through nginx, one address is refused at the site-wide limit, not at three times
// it; the same audit asked of two replicas by two visitors fetches the audited site once; a replica stopped with SIGTERM in the middle of a stream of requests loses none of them: it
// drains (/readyz 503, SHUTDOWN_GRACE_MS of service), closes its port and exits 0, and nginx sends
// what comes next to the other two. With Redis killed, each replica serves and limits by itself, and
// shares the limits again once Redis is back. Contact forms posted meanwhile are each stored once and their
// team email sent once, through a real SMTP server, by whichever replica's worker leased it.

if (!nginxVersion()) throw new Error(`${NGINX} is missing: node scripts/test-prereqs.mjs installs it`);

const REPLICAS = 3;
const SITE_LIMIT = 30;
const supabase = supabaseOnPostgrest({ connections: 12 });
let redis: RedisServer;
let proxy: EdgeProxy;
const processes: ServerProcess[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const TEAM = 'team@geo.example';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let site: HeldSite;
const ports: number[] = [];
const AUDITED = ['/solo', '/shared'];

beforeAll(async () => {
  redis = await startRedis();
  smtp = await startSmtp();
  site = await startHeldSite({
    files: () => Object.fromEntries(AUDITED.map((p) => [p, { body: heldPage(p) }])),
    hold: (path) => path === '/shared',
  });
  for (let i = 0; i < REPLICAS; i++) {
    processes.push(
      runServer({
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_URL: 'https://geo.example',
        SUPABASE_URL: supabase.postgrest.url,
        SUPABASE_ANON_KEY: ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
        NEWSLETTER_SECRET: 'a-newsletter-secret-shared-by-every-replica',
        REDIS_URL: redis.url,
        TRUST_PROXY: '1',
        RATE_LIMIT_PER_MINUTE: String(SITE_LIMIT),
        SHUTDOWN_GRACE_MS: '300',
        FORM_RATE_LIMIT_PER_MINUTE: '1000',
        SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'GEO Platform <hello@geo.example>',
        LEADS_NOTIFY_TO: TEAM,
        AUDIT_ALLOWED_HOSTS: site.host,
        AUDIT_RATE_LIMIT_PER_MINUTE: '100',
      }),
    );
  }
  ports.push(...(await Promise.all(processes.map((p) => portOf(p)))));
  proxy = await startEdgeProxy(ports);
});
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exited));
  await proxy?.close();
  await redis?.stop();
  site?.release();
  await site?.close();
  await closePeers();
  agent.destroy();
});

/**
 * A request through nginx from a visitor's address (nginx takes it from X-Real-IP, see
 * edge-proxy.ts): a GET, or a POST of `json`.
 */
function get(target: string, from: string, json?: unknown): Promise<{ status: number; body: string }> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: proxy.socketPath,
        path: target,
        agent,
        method: body ? 'POST' : 'GET',
        headers: {
          'X-Real-IP': from,
          ...(body ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('three replicas behind nginx, on PostgreSQL and Redis', () => {
  it('refuses one address at the site-wide limit, not at three times it', async () => {
    const statuses: number[] = [];
    // /api/visitor is never cached by nginx (private, no-store): every request reaches a replica.
    for (let i = 0; i < SITE_LIMIT + 10; i++)
      statuses.push((await get('/api/visitor', '203.0.113.40')).status);
    expect(statuses.slice(0, SITE_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(SITE_LIMIT)).toEqual(Array(10).fill(429));
    expect((await get('/api/visitor', '203.0.113.41')).status).toBe(200);
  });

  it('fetches the audited site once for the same audit asked of two replicas', async () => {
    // Straight to the replicas' ports: which replica nginx picks is not the point here.
    const audit = (port: number, path: string, from: string) =>
      fetch(`http://127.0.0.1:${port}/api/audit?url=${encodeURIComponent(`${site.origin}${path}`)}`, {
        headers: { 'X-Forwarded-For': from, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { url?: string } }));
    expect((await audit(ports[2]!, '/solo', '198.51.100.60')).status).toBe(200);
    const once = site.count('/solo');
    const first = audit(ports[0]!, '/shared', '198.51.100.61');
    await site.held('/shared');
    const second = audit(ports[1]!, '/shared', '198.51.100.62');
    await redis.joined(1);
    site.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.url)).toEqual([`${site.origin}/shared`, `${site.origin}/shared`]);
    expect(site.count('/shared')).toBe(once);
  });

  it('keeps every replica serving and limiting by itself while Redis is down, shared again once it is back', async () => {
    const DOWN = 'Redis unreachable: limits and audits fall back';
    const BACK = 'Redis reachable again: limits and audits shared';
    await redis.kill();
    // One address floods through nginx, which spreads it over the three replicas: each now counts it
    // in its own memory, so it gets more than the shared limit, at most the three replicas' limits,
    // and is refused by every replica in the end. No request fails for want of Redis.
    const flood: number[] = [];
    for (let i = 0; i < REPLICAS * SITE_LIMIT + 15; i++)
      flood.push((await get('/api/visitor', '203.0.113.50')).status);
    expect(flood.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const served = flood.filter((s) => s === 200).length;
    expect(served).toBeGreaterThan(SITE_LIMIT);
    expect(served).toBeLessThanOrEqual(REPLICAS * SITE_LIMIT);
    expect(flood.slice(-REPLICAS)).toEqual(Array(REPLICAS).fill(429));
    // Each replica said so once, however many requests it served meanwhile.
    for (const p of processes) expect(p.out().split(DOWN).length - 1).toBe(1);

    await redis.restart();
    for (const p of processes) await waitFor(() => p.out().includes(BACK), 'each replica back on Redis');
    // Shared again: a new address is refused at the site-wide limit, whichever replica answers.
    const after: number[] = [];
    for (let i = 0; i < SITE_LIMIT + 5; i++) after.push((await get('/api/visitor', '203.0.113.51')).status);
    expect(after).toEqual([...Array(SITE_LIMIT).fill(200), ...Array(5).fill(429)]);
  });

  it('loses no request while a replica stops on SIGTERM under load', async () => {
    const stopping = processes[1]!;
    const total = 240;
    const emailOf = (i: number) => `visitor-${i}@example.org`;
    const statuses: number[] = [];
    let sent = 0;
    // Eight clients at once, each from its own addresses (under the site-wide limit), one request
    // after another; the replica gets SIGTERM once a third of them are answered.
    const client = async (n: number) => {
      while (sent < total) {
        const i = sent++;
        const from = `198.51.100.${(i % 200) + 1}`;
        // Every fourth request a contact form, the others a JSON endpoint no cache keeps.
        const res =
          i % 4 === 0
            ? await get('/api/contact', from, { name: `Visitor ${i}`, email: emailOf(i), message: `n=${i}` })
            : await get('/api/visitor', from);
        statuses.push(res.status);
        if (statuses.length === total / 3) stopping.child.kill('SIGTERM');
      }
      return n;
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    expect(await stopping.exited).toBe(0);
    // It was serving its share before it stopped, and stopped as SIGTERM asks (decision 020).
    const served = stopping.out().match(/"path":"\/api\/visitor"/g) ?? [];
    expect(served.length).toBeGreaterThan(total / REPLICAS / 3);
    expect(stopping.out()).toContain('shutting down: /readyz answers 503');
    expect(stopping.out()).toContain('"msg":"stopped"');
    expect(statuses).toHaveLength(total);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Every lead once, and once the outbox is empty (the other replicas' workers leased the rest)
    // and they have stopped, every team email once.
    const posted = Array.from({ length: total / 4 }, (_, k) => emailOf(k * 4));
    const leads = await supabase.db.query<{ email: string }>('select email from public.leads');
    expect(leads.rows.map((r) => r.email).sort()).toEqual([...posted].sort());
    await waitFor(async () => {
      const { rows } = await supabase.db.query<{ n: number }>(
        "select count(*)::int as n from public.lead_deliveries where status <> 'delivered'",
      );
      return rows[0]!.n === 0;
    }, 'every delivery delivered');
    const others = processes.filter((p) => p !== stopping);
    for (const p of others) p.child.kill('SIGTERM');
    expect(await Promise.all(others.map((p) => p.exited))).toEqual([0, 0]);
    const toTeam = smtp.messages.filter((m) => m.to.includes(TEAM)).map((m) => parseMail(m.raw).text);
    for (const email of posted)
      expect(
        toTeam.filter((text) => text.includes(email)),
        email,
      ).toHaveLength(1);
    expect(toTeam).toHaveLength(posted.length);
    expect(proxy.errors()).not.toMatch(/\[(crit|alert|emerg)\]/);
  });
});
