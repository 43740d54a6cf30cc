import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/delivery-peers.ts';
import { portOf, runServer } from '../support/server-process.ts';

// The real process: configuration errors, start-up, connection caps and graceful shutdown.

/** The built server, with a short drain so that every SIGTERM below does not wait the default. */
function run(env: Record<string, string>) {
  return runServer({ SHUTDOWN_GRACE_MS: '200', ...env });
}

function exportLeads(dataDir: string, args: string[] = ['--format', 'json']): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', 'export', ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`export exited ${code}`))));
  });
}

describe('the server process', () => {
  it('stops with one clear line and exit code 1 on invalid configuration', async () => {
    const proc = run({ PORT: 'eighty' });
    expect(await proc.exited).toBe(1);
    const lines = proc.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/PORT.*must be a number/);
  });

  it('starts, answers, and exits 0 on SIGTERM', async () => {
    const proc = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await portOf(proc);
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.out()).toContain('"msg":"stopped"');
  });

  it('runs on the Node 24 the project brings, through `npm start` as a newcomer runs it', async () => {
    // npm puts node_modules/.bin first on the PATH, where the `node` package put its Node 24.
    const child = spawn('npm', ['start', '--silent'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'geo-proc-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, as a terminal's foreground job: Ctrl-C signals npm, its shell and the
      // server together.
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    // The server shares npm's stdout: it is done when the pipe closes.
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const exited = closed.then(() => 0);
    const port = await portOf({ child, exited, out: () => out, err: () => '' });
    expect(JSON.parse(out.split('\n').find((l) => l.includes('"port"'))!).node).toMatch(/^v24\./);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    process.kill(-child.pid!, 'SIGINT');
    await closed;
    expect(out).toContain('"msg":"stopped"');
  });

  it('answers requests Node refuses itself (huge headers, unknown methods) with a short page, and keeps serving', async () => {
    const proc = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await portOf(proc);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let data = '';
        socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
    const huge = await raw(`GET /en/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge).toContain('<h1>Request Header Fields Too Large</h1>');
    const odd = await raw('FOO /en/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(odd).toMatch(/^HTTP\/1\.1 400 /);
    expect(odd).toContain('<h1>Bad Request</h1>');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('fails with one clear line when DATA_DIR is not a usable directory', async () => {
    const proc = run({ PORT: '0', DATA_DIR: '/proc/version/leads' });
    expect(await proc.exited).toBe(1);
    const lines = proc.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR \/proc\/version\/leads/);
  });

  it('keeps a lead answered with 200 through a crash and a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-crash-'));
    const first = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const port = await portOf(first);
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Crash Test', email: 'crash@example.com', message: 'Survive this' }),
    });
    expect(res.status).toBe(200);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    await portOf(second);
    const exported = JSON.parse(await exportLeads(dataDir)) as { email: string; message: string }[];
    expect(exported).toEqual([
      expect.objectContaining({ email: 'crash@example.com', message: 'Survive this' }),
    ]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('exports leads for operators as JSON or CSV, from a given day', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-export-'));
    const server = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    const port = await portOf(server);
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Export Test', email: 'crash@example.com', message: '=HYPERLINK("x")' }),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // --since keeps leads from that day on; CSV has a header line and one line per lead.
    const today = new Date().toISOString().slice(0, 10);
    expect(JSON.parse(await exportLeads(dataDir, ['--format', 'json', '--since', '2999-01-01']))).toEqual([]);
    const csv = (await exportLeads(dataDir, ['--format', 'csv', '--since', today])).trim().split('\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('crash@example.com');
    await expect(exportLeads(dataDir, ['--format', 'csv', '--since', 'yesterday'])).rejects.toThrow(
      /exited 1/,
    );
    // A cell that a spreadsheet would run as a formula is neutralised.
    expect(csv[1]).toContain("'=HYPERLINK");
  });

  it('finishes every request in flight on SIGTERM, stores every accepted lead, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'geo-shutdown-'));
    // Limits are per address: each post says it comes from its own address through one proxy.
    // No grace period: the server stops accepting connections at once, with every request below in
    // flight (the grace period has its own test below).
    const server = run({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: '1',
      SHUTDOWN_GRACE_MS: '0',
    });
    const port = await portOf(server);
    const FORMS = 40;
    const PAGES = 20;

    // Form posts whose headers the server has read (it answered "100 Continue") but whose bodies
    // are still to come: in flight for certain when SIGTERM arrives.
    const posts = Array.from({ length: FORMS }, (_, i) => {
      const body = JSON.stringify({
        name: `Shutdown ${i}`,
        email: `shutdown${i}@example.com`,
        message: 'x'.repeat(200),
      });
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/contact',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
          'X-Forwarded-For': `192.0.2.${i + 1}`,
        },
      });
      const done = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
      });
      const accepted = new Promise<void>((resolve) => req.on('continue', () => resolve()));
      req.flushHeaders();
      return { req, body, done, accepted };
    });
    await Promise.all(posts.map((p) => p.accepted));
    // Page requests the server has started answering (headers received), bodies read only after SIGTERM.
    const pageResponses = await Promise.all(
      Array.from(
        { length: PAGES },
        () =>
          new Promise<http.IncomingMessage>((resolve, reject) => {
            http
              .get(
                {
                  host: '127.0.0.1',
                  port,
                  path: '/en/guide',
                  headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126' },
                },
                resolve,
              )
              .on('error', reject);
          }),
      ),
    );
    const pages = pageResponses.map(
      (res) =>
        new Promise<number>((resolve, reject) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => resolve(bytes > 10_000 ? (res.statusCode ?? 0) : -1));
          res.on('error', reject);
        }),
    );
    for (const res of pageResponses) res.pause();

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    // The bodies arrive only once the server has closed its listener.
    await waitFor(() => server.out().includes('stopped accepting connections'), 'the listener closed');
    for (const p of posts) p.req.end(p.body);
    for (const res of pageResponses) res.resume();

    const postStatuses = await Promise.all(posts.map((p) => p.done));
    const pageStatuses = await Promise.all(pages);
    const code = await server.exited;
    const exitMs = Date.now() - signalledAt;
    const stored = (JSON.parse(await exportLeads(dataDir)) as { email: string }[]).filter((l) =>
      l.email.startsWith('shutdown'),
    );
    console.info(
      `shutdown: ${FORMS + PAGES} requests in flight, ${postStatuses.filter((s) => s === 200).length + pageStatuses.filter((s) => s === 200).length} completed with 200, ${stored.length} leads stored, exit ${code} after ${exitMs} ms`,
    );
    expect(postStatuses).toEqual(Array(FORMS).fill(200));
    expect(pageStatuses).toEqual(Array(PAGES).fill(200));
    expect(stored).toHaveLength(FORMS);
    // 0, not the 1 of the forced exit 10 s after the signal: everything finished before it (the time
    // taken is a figure in the line above, not an assertion).
    expect(code).toBe(0);
  });
});

/** One GET on a connection of its own from a loopback address: its status, or 'refused'. */
function visit(port: number, from = '127.0.0.1', target = '/healthz'): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: target, localAddress: from, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve('refused'));
  });
}

/** Connections that send half a request and stall, as a slow-header attack does. */
function stall(port: number, from: string, count: number): Promise<net.Socket[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => {
            socket.write('GET /en/ HTTP/1.1\r\nHost: x\r\n');
            resolve(socket);
          });
          socket.on('error', reject);
        }),
    ),
  );
}

describe('connection caps', () => {
  it('refuses connections past the per-address and total caps, serves others, and serves again once they close', async () => {
    const token = 'a-metrics-token-of-at-least-32-characters';
    const proc = run({
      PORT: '0',
      HOST: '127.0.0.1',
      MAX_CONNECTIONS: '30',
      MAX_CONNECTIONS_PER_ADDRESS: '10',
      METRICS_TOKEN: token,
    });
    const port = await portOf(proc);
    // Node accepts connections in the order they arrive, so each visit below comes after the stalled
    // connections it follows have been counted.
    const first = await stall(port, '127.0.0.2', 10);
    expect(await visit(port, '127.0.0.2')).toBe('refused');
    expect(await visit(port, '127.0.0.3')).toBe(200);
    const more = [...(await stall(port, '127.0.0.3', 10)), ...(await stall(port, '127.0.0.4', 10))];
    expect(await visit(port, '127.0.0.5')).toBe('refused');
    expect(proc.child.exitCode).toBeNull();

    for (const socket of [...first, ...more]) socket.destroy();
    // Once the server has seen them close, everyone is served again.
    await waitFor(async () => (await visit(port, '127.0.0.5')) === 200, 'a visitor served again');
    await waitFor(async () => (await visit(port, '127.0.0.2')) === 200, 'the first address served again');
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((r) => r.text());
    expect(metrics).toMatch(/http_connections_refused_total\{reason="address"\} [1-9]/);
    expect(metrics).toMatch(/http_connections_refused_total\{reason="server"\} [1-9]/);
    expect(proc.out()).toContain('connections refused');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });

  it('serves /metrics on METRICS_PORT, and not on the site’s port', async () => {
    const proc = run({ PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0' });
    const port = await portOf(proc);
    const metricsPort = await waitFor(() => /"metricsPort":(\d+)/.exec(proc.out())?.[1], 'the metrics port');
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_requests_total');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});

describe('draining on SIGTERM', () => {
  it('answers /readyz 503 and keeps serving through the grace period, then finishes what is in flight and exits 0', async () => {
    const proc = run({ PORT: '0', HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: '4000' });
    const port = await portOf(proc);
    expect(await visit(port, '127.0.0.1', '/readyz')).toBe(200);
    proc.child.kill('SIGTERM');
    // Not ready from the signal on (the process says it has taken the signal): load balancers take
    // the process out of rotation…
    await waitFor(() => proc.out().includes('shutting down: /readyz answers 503'), 'the signal taken');
    expect(await visit(port, '127.0.0.1', '/readyz')).toBe(503);
    // …while new connections are still accepted and answered, each response closing its connection.
    const page = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port, path: '/en/guide', agent: false }, resolve).on('error', reject),
    );
    page.resume();
    expect(page.statusCode).toBe(200);
    expect(page.headers.connection).toBe('close');
    // A burst of new connections (from a few addresses, under the per-address cap) is answered, not reset.
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) => visit(port, `127.0.0.${10 + (i % 4)}`)),
    );
    expect(burst.filter((status) => status !== 200)).toEqual([]);

    // A form post accepted during the grace period, whose body comes only after the server has
    // stopped accepting connections, is still answered.
    const body = JSON.stringify({ name: 'Drain', email: 'drain@example.com', message: 'In flight' });
    const post = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/contact',
      agent: false,
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Expect: '100-continue',
      },
    });
    const answered = new Promise<number>((resolve, reject) => {
      post.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      post.on('error', reject);
    });
    await new Promise<void>((resolve) => {
      post.on('continue', () => resolve());
      post.flushHeaders();
    });
    await waitFor(() => proc.out().includes('stopped accepting connections'), 'the end of the grace period');
    expect(await visit(port)).toBe('refused');
    post.end(body);
    expect(await answered).toBe(200);
    expect(await proc.exited).toBe(0);
    expect(proc.out()).toContain('"msg":"stopped"');
  });
});
