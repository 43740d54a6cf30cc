import { once } from 'node:events';
import http, { type IncomingMessage, type RequestOptions, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAllowedHosts } from '../../src/server/audit/address.ts';
import {
  PRIVATE_RESOLUTION,
  safeFetch,
  type Resolver,
  type SafeFetchOptions,
} from '../../src/server/audit/safe-fetch.ts';
import type { FetchedResource, FetchFailure, FetchOutcome } from '../../src/server/audit/types.ts';

// The audit's fetcher against real sockets: a fixture server on 127.0.0.1 (allow-listed, as tests and
// intranets do) and a canary on 127.0.0.1 that is not allow-listed and must never be reached, whatever
// the spelling of its address, whatever redirect or DNS answer leads to it.

const UA = 'GeoAuditTest/1.0 (+https://geo.example/tools)';
const HTML = '<!doctype html><html lang="en"><title>Café</title><h1>Hello</h1></html>';
const KB = 1024;

let fixture: Server;
let fixturePort: number;
let closedPort: number;
const canaries: Server[] = [];
let canaryPort: number;
let canaryConnections = 0;
let canaryOnIPv6 = false;
let gzipBomb: Buffer;
let brotliBomb: Buffer;
/** Requests the fixture received, with their headers. */
const seen: { path: string; headers: IncomingMessage['headers'] }[] = [];
/** Fixture connections, counted to show that nothing is pooled. */
let fixtureConnections = 0;
/** Server-side sockets of requests tagged `?id=`, closed when the fetcher lets go of them. */
const socketClosed = new Map<string, Promise<unknown>>();
/** Resolves once the fixture has received the request tagged `?id=` (arrived before or after the call). */
const arrivals = new Map<string, { arrived: Promise<void>; resolve: () => void }>();
function arrival(id: string) {
  let entry = arrivals.get(id);
  if (!entry) {
    let resolve!: () => void;
    const arrived = new Promise<void>((done) => (resolve = done));
    entry = { arrived, resolve };
    arrivals.set(id, entry);
  }
  return entry;
}

const at = (path: string) => `http://127.0.0.1:${fixturePort}${path}`;

function options(overrides: Partial<SafeFetchOptions> = {}): SafeFetchOptions {
  return {
    userAgent: UA,
    accept: 'text/html,*/*;q=0.5',
    maxBytes: 2 * KB * KB,
    overflow: 'error',
    timeoutMs: 5_000,
    allowedHosts: parseAllowedHosts(
      `127.0.0.1:${fixturePort},pinned.test:${fixturePort},slow.test:${fixturePort},127.0.0.1:${closedPort}`,
    ),
    ...overrides,
  };
}

function expectResource(outcome: FetchOutcome): FetchedResource {
  if (!outcome.ok) throw new Error(`expected a response, got ${outcome.reason}: ${outcome.detail}`);
  return outcome;
}

function expectFailure(outcome: FetchOutcome, reason: FetchFailure['reason']): FetchFailure {
  if (outcome.ok) throw new Error(`expected ${reason}, got HTTP ${outcome.status} from ${outcome.finalUrl}`);
  expect(outcome.reason, outcome.detail).toBe(reason);
  return outcome;
}

/** An endless body, written as fast as the client reads it, until the client goes away. */
function endless(res: ServerResponse, headers: http.OutgoingHttpHeaders = {}) {
  res.writeHead(200, { 'content-type': 'text/plain', ...headers });
  const chunk = Buffer.alloc(16 * KB, 'a');
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

function redirect(res: ServerResponse, status: number, location: string) {
  res.writeHead(status, { location, 'content-type': 'text/plain' }).end('moved');
}

const CHAIN_STATUSES = [301, 302, 303, 307, 308];

function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://fixture');
  seen.push({ path: url.pathname + url.search, headers: req.headers });
  res.on('error', () => {});
  const id = url.searchParams.get('id');
  // Not events.once(): the socket may end with an error (ECONNRESET) before 'close', which is fine here.
  if (id) socketClosed.set(id, new Promise((resolve) => req.socket.once('close', resolve)));
  if (id) arrival(id).resolve();
  const html = { 'content-type': 'text/html; charset=utf-8' };
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) return res.writeHead(200, html).end(HTML);
    return redirect(res, CHAIN_STATUSES[left % CHAIN_STATUSES.length]!, `/chain/${left - 1}`);
  }
  switch (url.pathname) {
    case '/page':
      return res.writeHead(200, { ...html, 'x-multi': ['a', 'b'] }).end(HTML);
    case '/gzip':
      return res.writeHead(200, { ...html, 'content-encoding': 'gzip' }).end(zlib.gzipSync(HTML));
    case '/br':
      return res.writeHead(200, { ...html, 'content-encoding': 'br' }).end(zlib.brotliCompressSync(HTML));
    case '/deflate':
      return res.writeHead(200, { ...html, 'content-encoding': 'deflate' }).end(zlib.deflateSync(HTML));
    case '/corrupt-gzip':
      return res.writeHead(200, { ...html, 'content-encoding': 'gzip' }).end('this is not gzip at all');
    case '/zstd':
      return res.writeHead(200, { ...html, 'content-encoding': 'zstd' }).end('(zstd)');
    case '/gzip-bomb':
      return res.writeHead(200, { ...html, 'content-encoding': 'gzip' }).end(gzipBomb);
    case '/br-bomb':
      return res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'br' }).end(brotliBomb);
    case '/exact':
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('x'.repeat(Number(url.searchParams.get('n'))));
    case '/endless':
      return endless(res);
    case '/hang':
      return; // Never answers.
    case '/slow-body':
      res.writeHead(200, html);
      return res.write('<!doctype html><p>the rest never comes'); // Never ends.
    case '/reset':
      res.writeHead(200, { ...html, 'content-length': '1000' });
      res.write('<p>cut');
      return setImmediate(() => req.socket.destroy());
    case '/to':
      return redirect(res, 302, url.searchParams.get('location') ?? '/page');
    case '/rel/a/b':
      return redirect(res, 301, '../c?x=1#fragment');
    case '/rel/c':
      return res.writeHead(200, html).end('relative');
    case '/no-location':
      return res.writeHead(302, { 'content-type': 'text/plain' }).end('nowhere');
    case '/missing':
      return res.writeHead(404, html).end('<h1>Not found</h1>');
    case '/cookie':
      res.setHeader('set-cookie', ['session=secret; Path=/', 'other=1']);
      return redirect(res, 302, '/echo');
    case '/cookie-page':
      return res.writeHead(200, { ...html, 'set-cookie': 'session=secret' }).end(HTML);
    case '/echo':
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
    case '/latin1':
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      return res.end(Buffer.from('<p>café déjà vu</p>', 'latin1'));
    case '/quoted-charset':
      res.writeHead(200, { 'content-type': 'text/plain; charset="windows-1252"' });
      return res.end(Buffer.from([0x80, 0x20, 0x35, 0x20, 0x93, 0x96, 0x94, 0x20, 0x81]));
    case '/unknown-charset':
      res.writeHead(200, { 'content-type': 'text/plain; charset=no-such-charset' });
      return res.end(Buffer.from('café', 'utf8'));
    default:
      return res.writeHead(404).end();
  }
}

async function listen(server: Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

async function close(server: Server) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  gzipBomb = zlib.gzipSync(Buffer.alloc(64 * KB * KB), { level: 9 });
  brotliBomb = zlib.brotliCompressSync(Buffer.alloc(64 * KB * KB, 'a'), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  });
  fixture = http.createServer(route);
  fixture.on('connection', () => fixtureConnections++);
  fixturePort = await listen(fixture, '127.0.0.1');

  // A port where nothing listens (connection refused).
  const probe = http.createServer();
  closedPort = await listen(probe, '127.0.0.1');
  await close(probe);

  const canary = http.createServer((_req, res) => res.end('canary reached'));
  canary.on('connection', () => canaryConnections++);
  canaryPort = await listen(canary, '127.0.0.1');
  canaries.push(canary);
  // The same port on ::1 when the machine has IPv6 loopback, so that [::1] is watched too.
  const canary6 = http.createServer((_req, res) => res.end('canary reached'));
  canary6.on('connection', () => canaryConnections++);
  try {
    await listen(canary6, '::1', canaryPort);
    canaries.push(canary6);
    canaryOnIPv6 = true;
  } catch {
    canaryOnIPv6 = false;
  }
});

afterAll(async () => {
  await Promise.all([fixture, ...canaries].map(close));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('safeFetch: responses', () => {
  it('fetches an HTML page with the headers, sizes and timings of the response', async () => {
    const page = expectResource(await safeFetch(at('/page'), options()));
    expect(page).toMatchObject({
      ok: true,
      url: at('/page'),
      finalUrl: at('/page'),
      status: 200,
      redirects: [],
    });
    expect(page.body).toBe(HTML);
    expect(page.bytes).toBe(Buffer.byteLength(HTML));
    expect(page.transferBytes).toBe(Buffer.byteLength(HTML));
    expect(page.truncated).toBe(false);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-multi']).toBe('a, b');
    expect(page.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(page.totalMs).toBeGreaterThanOrEqual(page.ttfbMs);
  });

  it('answers any HTTP status as a response: the caller decides what an error is', async () => {
    expect(expectResource(await safeFetch(at('/missing'), options()))).toMatchObject({ status: 404 });
    // A redirect status without a Location is not followed.
    expect(expectResource(await safeFetch(at('/no-location'), options()))).toMatchObject({
      status: 302,
      body: 'nowhere',
    });
  });

  it.each(['gzip', 'br', 'deflate'])('decompresses a %s body and keeps Content-Encoding', async (coding) => {
    const page = expectResource(await safeFetch(at(`/${coding}`), options()));
    expect(page.body).toBe(HTML);
    expect(page.bytes).toBe(Buffer.byteLength(HTML));
    expect(page.transferBytes).toBeLessThan(page.bytes + 40);
    expect(page.transferBytes).not.toBe(page.bytes);
    expect(page.headers['content-encoding']).toBe(coding);
  });

  it('fails cleanly on a corrupt or unsupported compressed body', async () => {
    expect(expectFailure(await safeFetch(at('/corrupt-gzip'), options()), 'unreachable').detail).toMatch(
      /invalid compressed body/,
    );
    expect(expectFailure(await safeFetch(at('/zstd'), options()), 'unreachable').detail).toMatch(/zstd/);
  });

  it('sends its user agent, Accept and Accept-Encoding, and nothing that identifies a session', async () => {
    const echo = expectResource(await safeFetch(at('/echo'), options({ accept: 'application/json' })));
    const headers = JSON.parse(echo.body) as Record<string, string>;
    expect(headers['user-agent']).toBe(UA);
    expect(headers.accept).toBe('application/json');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(headers.host).toBe(`127.0.0.1:${fixturePort}`);
    expect(headers.connection).toBe('close');
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it('ignores Set-Cookie: no cookie is sent after a redirect that sets one, none is returned', async () => {
    const echo = expectResource(await safeFetch(at('/cookie'), options()));
    expect(echo.redirects).toEqual([{ url: at('/cookie'), status: 302 }]);
    expect((JSON.parse(echo.body) as Record<string, string>).cookie).toBeUndefined();
    const page = expectResource(await safeFetch(at('/cookie-page'), options()));
    expect(page.headers['set-cookie']).toBeUndefined();
    const again = expectResource(await safeFetch(at('/echo'), options()));
    expect((JSON.parse(again.body) as Record<string, string>).cookie).toBeUndefined();
  });

  it('decodes the body with the charset of Content-Type', async () => {
    expect(expectResource(await safeFetch(at('/latin1'), options())).body).toBe('<p>café déjà vu</p>');
    // windows-1252's own characters in 0x80-0x9F, as the WHATWG Encoding index maps them.
    const cp1252 = expectResource(await safeFetch(at('/quoted-charset'), options()));
    expect(cp1252.body).toBe('€ 5 “–” \u0081');
    // An unknown label reads as UTF-8.
    expect(expectResource(await safeFetch(at('/unknown-charset'), options())).body).toBe('café');
  });

  it('reports a refused connection and a connection cut mid-body as unreachable', async () => {
    const refused = expectFailure(
      await safeFetch(`http://127.0.0.1:${closedPort}/`, options()),
      'unreachable',
    );
    expect(refused.detail).toMatch(/ECONNREFUSED/);
    expectFailure(await safeFetch(at('/reset'), options()), 'unreachable');
  });

  it('reports a name that does not resolve as unreachable', async () => {
    const resolve: Resolver = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    const outcome = expectFailure(
      await safeFetch('https://nowhere.test/', options({ resolve })),
      'unreachable',
    );
    expect(outcome.detail).toBe('nowhere.test does not resolve (ENOTFOUND)');
  });

  it('connects to the address it checked, resolving the name once, and keeps the name in Host', async () => {
    const resolve = vi.fn<Resolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const echo = expectResource(
      await safeFetch(`http://pinned.test:${fixturePort}/echo`, options({ resolve })),
    );
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('pinned.test');
    expect((JSON.parse(echo.body) as Record<string, string>).host).toBe(`pinned.test:${fixturePort}`);
  });
});

describe('safeFetch: redirects', () => {
  it('follows a chain of 3 and lists each redirect, each on a fresh connection', async () => {
    const before = fixtureConnections;
    const page = expectResource(await safeFetch(at('/chain/3'), options()));
    expect(page.url).toBe(at('/chain/3'));
    expect(page.finalUrl).toBe(at('/chain/0'));
    expect(page.redirects).toEqual([
      { url: at('/chain/3'), status: 307 },
      { url: at('/chain/2'), status: 303 },
      { url: at('/chain/1'), status: 302 },
    ]);
    expect(page.body).toBe(HTML);
    expect(fixtureConnections - before).toBe(4);
  });

  it('follows 5 redirects and fails on the 6th', async () => {
    expect(expectResource(await safeFetch(at('/chain/5'), options())).redirects).toHaveLength(5);
    const outcome = expectFailure(await safeFetch(at('/chain/6'), options()), 'unreachable');
    expect(outcome).toMatchObject({ url: at('/chain/6'), detail: 'more than 5 redirects' });
    expectFailure(await safeFetch(at('/chain/1'), options({ maxRedirects: 0 })), 'unreachable');
  });

  it('resolves a relative Location against the current address and drops the fragment', async () => {
    const page = expectResource(await safeFetch(at('/rel/a/b'), options()));
    expect(page.finalUrl).toBe(at('/rel/c?x=1'));
    expect(page.body).toBe('relative');
    const protocolRelative = `//127.0.0.1:${fixturePort}/page`;
    const again = expectResource(
      await safeFetch(at(`/to?location=${encodeURIComponent(protocolRelative)}`), options()),
    );
    expect(again.finalUrl).toBe(at('/page'));
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'address 169.254.169.254 (linkLocal)'],
    ['http://[::ffff:169.254.169.254]/', 'address ::ffff:a9fe:a9fe (linkLocal)'],
    ['http://10.0.0.5/', 'address 10.0.0.5 (private)'],
    ['ftp://example.com/', 'scheme ftp: is not allowed'],
    ['http://user:pw@example.com/', 'credentials in the URL are not allowed'],
    ['http://example.com:8080/', 'port 8080 is not allowed (only 80 and 443)'],
  ])('refuses a redirect to %s', async (location, detail) => {
    const spy = vi.spyOn(http, 'request');
    const outcome = expectFailure(
      await safeFetch(at(`/to?location=${encodeURIComponent(location)}`), options()),
      'refused',
    );
    expect(outcome.detail).toContain(detail);
    expect(outcome.url).toBe(at(`/to?location=${encodeURIComponent(location)}`));
    expect(spy).toHaveBeenCalledTimes(1); // The fixture only.
  });
});

describe('safeFetch: limits', () => {
  it('fails with tooLarge on an endless body, and lets go of the socket', async () => {
    const outcome = expectFailure(
      await safeFetch(at('/endless?id=endless-error'), options({ maxBytes: 256 * KB })),
      'tooLarge',
    );
    expect(outcome.detail).toBe(`body larger than ${256 * KB} bytes`);
    await socketClosed.get('endless-error');
  });

  it('truncates an endless body at the cap with overflow "truncate"', async () => {
    const page = expectResource(
      await safeFetch(
        at('/endless?id=endless-truncate'),
        options({ maxBytes: 100_000, overflow: 'truncate' }),
      ),
    );
    expect(page.truncated).toBe(true);
    expect(page.bytes).toBe(100_000);
    expect(page.body).toBe('a'.repeat(100_000));
    await socketClosed.get('endless-truncate');
  });

  it('accepts a body of exactly the cap, and refuses one byte more', async () => {
    const exact = expectResource(await safeFetch(at('/exact?n=5000'), options({ maxBytes: 5000 })));
    expect(exact).toMatchObject({ bytes: 5000, truncated: false });
    expectFailure(await safeFetch(at('/exact?n=5001'), options({ maxBytes: 5000 })), 'tooLarge');
  });

  it('stops a gzip bomb at the cap of decompressed bytes', async () => {
    expect(gzipBomb.length).toBeLessThan(512 * KB);
    expectFailure(await safeFetch(at('/gzip-bomb'), options({ maxBytes: 1024 * KB })), 'tooLarge');
  });

  it('truncates a brotli bomb at the cap of decompressed bytes', async () => {
    const page = expectResource(
      await safeFetch(at('/br-bomb'), options({ maxBytes: 512 * KB, overflow: 'truncate' })),
    );
    expect(page).toMatchObject({ truncated: true, bytes: 512 * KB });
    expect(page.transferBytes).toBeLessThanOrEqual(brotliBomb.length);
  });

  it('times out on a server that never answers, and destroys the socket', async () => {
    const outcome = expectFailure(
      await safeFetch(at('/hang?id=hang'), options({ timeoutMs: 300 })),
      'timeout',
    );
    expect(outcome.detail).toBe('timed out after 300 ms (waiting for the response)');
    await socketClosed.get('hang');
  });

  it('times out on a body that never ends', async () => {
    const outcome = expectFailure(
      await safeFetch(at('/slow-body?id=slow'), options({ timeoutMs: 300 })),
      'timeout',
    );
    expect(outcome.detail).toMatch(/reading the body/);
    await socketClosed.get('slow');
  });

  it('times out on a name that takes for ever to resolve', async () => {
    const resolve: Resolver = () => new Promise(() => {});
    const url = `http://slow.test:${fixturePort}/page`;
    expectFailure(await safeFetch(url, options({ timeoutMs: 300, resolve })), 'timeout');
  });

  it("stops at the audit's deadline (the external signal)", async () => {
    const audit = new AbortController();
    const pending = safeFetch(at('/hang?id=audit'), options({ timeoutMs: 30_000, signal: audit.signal }));
    // The deadline comes while the request waits for its answer (the fixture has it, and never answers).
    await arrival('audit').arrived;
    audit.abort();
    const outcome = expectFailure(await pending, 'timeout');
    expect(outcome.detail).toMatch(/^audit deadline reached/);
    await socketClosed.get('audit');

    const spy = vi.spyOn(http, 'request');
    expectFailure(await safeFetch(at('/page'), options({ signal: AbortSignal.abort() })), 'timeout');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('safeFetch: the SSRF canary', () => {
  const hostileUrls = () => [
    `http://127.0.0.1:${canaryPort}/`,
    `https://127.0.0.1:${canaryPort}/`,
    `http://localhost:${canaryPort}/`,
    `http://localhost.:${canaryPort}/`,
    `http://LOCALHOST:${canaryPort}/`,
    `http://2130706433:${canaryPort}/`,
    `http://0177.0.0.1:${canaryPort}/`,
    `http://0x7f.1:${canaryPort}/`,
    `http://0x7f000001:${canaryPort}/`,
    `http://127.1:${canaryPort}/`,
    `http://127.0.0.1.:${canaryPort}/`,
    `http://[::ffff:127.0.0.1]:${canaryPort}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${canaryPort}/`,
    `http://[::1]:${canaryPort}/`,
    `http://[::]:${canaryPort}/`,
    `http://0.0.0.0:${canaryPort}/`,
    `http://0:${canaryPort}/`,
    `http://user:pw@127.0.0.1:${canaryPort}/`,
    `http://evil.test:${canaryPort}/`,
  ];
  // Names the stub resolves: to loopback, to a public and a loopback address (one bad answer is enough).
  const stubbed: Record<string, string[]> = {
    'evil.test': ['127.0.0.1'],
    'mixed.test': ['93.184.216.34', '127.0.0.1'],
    'mixed6.test': ['2606:4700::1111', '::1'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'private.test': ['93.184.216.34', '10.0.0.5'],
  };
  const resolve = vi.fn<Resolver>(async (hostname) =>
    (stubbed[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
  const fetchWithStub = (url: string) => safeFetch(url, options({ resolve, timeoutMs: 2_000 }));

  it('refuses every spelling of the canary address without connecting', async () => {
    const spy = vi.spyOn(http, 'request');
    for (const url of hostileUrls()) {
      expectFailure(await fetchWithStub(url), 'refused');
    }
    expect(spy).not.toHaveBeenCalled();
    expect(canaryConnections).toBe(0);
  });

  it('names the loopback address, not only the port, for literal spellings', async () => {
    for (const url of hostileUrls().filter((url) => /\/\/(?:[\d.x]|\[)/i.test(url))) {
      const outcome = expectFailure(await fetchWithStub(url), 'refused');
      expect(outcome.detail, url).toMatch(/\((loopback|unspecified)\)$/);
    }
  });

  it('refuses redirects from the allowed fixture to every spelling of the canary', async () => {
    const spy = vi.spyOn(http, 'request');
    for (const target of hostileUrls()) {
      const outcome = expectFailure(
        await fetchWithStub(at(`/to?location=${encodeURIComponent(target)}`)),
        'refused',
      );
      expect(outcome.detail, target).toMatch(/^redirect to /);
    }
    const ports = spy.mock.calls.map(([request]) => (request as RequestOptions).port);
    expect(new Set(ports)).toEqual(new Set([fixturePort]));
    expect(canaryConnections).toBe(0);
  });

  it.each([
    ['evil.test', '127.0.0.1 (loopback)'],
    ['mixed.test', '127.0.0.1 (loopback)'],
    ['mixed6.test', '::1 (loopback)'],
    ['mapped.test', '::ffff:127.0.0.1 (loopback)'],
    ['metadata.test', '169.254.169.254 (linkLocal)'],
    ['private.test', '10.0.0.5 (private)'],
  ])('refuses %s, which resolves to %s, on the default ports', async (name, resolved) => {
    const spy = vi.spyOn(http, 'request');
    // The refusal says what kind of address it is, never which one: that is the network's business.
    for (const url of [`http://${name}/`, `https://${name}/`]) {
      const { detail } = expectFailure(await fetchWithStub(url), 'refused');
      expect(detail).toBe(PRIVATE_RESOLUTION);
      expect(detail).not.toContain(resolved.split(' ')[0]);
    }
    const viaRedirect = expectFailure(await fetchWithStub(at(`/to?location=http://${name}/`)), 'refused');
    expect(viaRedirect.detail).toBe(`redirect to http://${name}: ${PRIVATE_RESOLUTION}`);
    expect(spy).toHaveBeenCalledTimes(1); // The fixture only.
    expect(canaryConnections).toBe(0);
  });

  it('was watching: a direct connection reaches the canary', async () => {
    expect(canaryConnections).toBe(0);
    // The canary's own 'connection' event, not a poll: it has counted the connection by then.
    const counted = once(canaries[0]!, 'connection');
    const socket = connect(canaryPort, '127.0.0.1');
    await Promise.all([once(socket, 'connect'), counted]);
    socket.destroy();
    expect(canaryConnections).toBe(1);
    if (canaryOnIPv6) {
      const counted6 = once(canaries[1]!, 'connection');
      const socket6 = connect(canaryPort, '::1');
      await Promise.all([once(socket6, 'connect'), counted6]);
      socket6.destroy();
      expect(canaryConnections).toBe(2);
    }
  });
});
