import { lookup as dnsLookup } from 'node:dns/promises';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkAuditUrl, classifyAddress, type ResolvedAddress } from './address.ts';
import { deadline } from './deadline.ts';
import { errorCode, Refusal, timeoutRefusal } from './fetch-refusal.ts';
import { readBody, type BodyRead } from './response-body.ts';
import type { FetchFailure, FetchOutcome, Redirect } from './types.ts';

// The audit's only way out to the network (decision 017). Every hop of a fetch is checked by
// address.ts, its name resolved once, every resolved address checked, and the socket connected to
// those checked addresses (a pinned `lookup`), so a name cannot resolve differently between the check
// and the connection. Bodies are read as streams and counted both on the wire and decompressed
// (response-body.ts).

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  /** Sent as User-Agent: an honest one, naming the site. */
  userAgent: string;
  accept: string;
  /** Cap on the body, on the wire and decompressed. */
  maxBytes: number;
  /** Over the cap: fail with `tooLarge`, or keep the first maxBytes and flag `truncated`. */
  overflow: 'error' | 'truncate';
  /** Keep only this many bytes of the body's text, still counting it to the cap (response-body.ts). */
  keepBytes?: number;
  /** Deadline of this fetch, redirects included. */
  timeoutMs: number;
  /** The whole audit's deadline. */
  signal?: AbortSignal;
  /** AUDIT_ALLOWED_HOSTS, as parseAllowedHosts() returns it. */
  allowedHosts: ReadonlySet<string>;
  maxRedirects?: number;
  /** Replaces DNS (tests); defaults to dns.lookup with all addresses. */
  resolve?: Resolver;
  /**
   * Asked before every request of the fetch, redirects included (`hop` 0 is the address asked for):
   * a refusal ends the fetch without sending it. The audit counts its requests here, and a site
   * audit checks each redirect's target against its origin and robots.txt and keeps the site's
   * Crawl-delay (decision 049).
   */
  gate?: (target: string, hop: number) => Promise<Refusal | undefined>;
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

const defaultResolve: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** Fetches a URL for the audit. Never throws for the network's or the address's faults. */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchOutcome> {
  const started = performance.now();
  const limit = deadline(options.timeoutMs, options.signal);
  try {
    return await fetchWithRedirects(url, options, limit.signal, started);
  } finally {
    limit.clear();
  }
}

async function fetchWithRedirects(
  url: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  started: number,
): Promise<FetchOutcome> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const redirects: Redirect[] = [];
  let current = url;
  for (;;) {
    const refused = await options.gate?.(current, redirects.length);
    if (refused) return failure(url, refused);
    const hop = await fetchHop(current, options, signal, redirects.length > 0);
    if (hop instanceof Refusal) return failure(url, hop);
    if (hop.kind === 'redirect') {
      if (redirects.length >= maxRedirects) {
        return failure(url, new Refusal('unreachable', `more than ${maxRedirects} redirects`));
      }
      redirects.push({ url: current, status: hop.status });
      current = hop.location;
      continue;
    }
    return { ...hop.resource, url, finalUrl: current, redirects, totalMs: elapsed(started) };
  }
}

const failure = (url: string, refusal: Refusal): FetchFailure => ({
  ok: false,
  url,
  reason: refusal.reason,
  detail: refusal.detail,
});

const elapsed = (since: number) => Math.round(performance.now() - since);

type HopResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'response';
      resource: { ok: true; status: number; headers: Record<string, string> } & BodyRead & { ttfbMs: number };
    };

/** One request: checks, resolution, the exchange, and either a redirect to follow or the body. */
async function fetchHop(
  target: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  redirected: boolean,
): Promise<HopResult | Refusal> {
  const check = checkAuditUrl(target, options.allowedHosts);
  const where = redirected ? `redirect to ${clipUrl(target)}: ` : '';
  if (!check.ok) return new Refusal('refused', where + check.detail);
  if (signal.aborted) return timeoutRefusal(options, 'before connecting');

  const addresses = check.literal
    ? [check.literal]
    : await resolveChecked(check.hostname, check.allowListed, options.resolve ?? defaultResolve, signal);
  if (addresses instanceof Refusal) {
    if (addresses.reason === 'timeout') return timeoutRefusal(options, 'resolving the host');
    return new Refusal(addresses.reason, where + addresses.detail);
  }

  const exchange = await send(check.url, check.hostname, check.port, addresses, options, signal);
  if (exchange instanceof Refusal) return exchange;
  const { req, res, ttfbMs } = exchange;
  try {
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECT_STATUSES.has(status) && location !== undefined) {
      // Every redirect becomes a GET without a body (there never is one), so 303 and 307/308 are alike.
      const next = resolveLocation(location, check.url);
      if (!next) return new Refusal('unreachable', `redirect ${status} to an invalid address`);
      return { kind: 'redirect', status, location: next };
    }
    const body = await readBody(res, options, signal);
    if (body instanceof Refusal) return body;
    return { kind: 'response', resource: { ok: true, status, headers: headersOf(res), ...body, ttfbMs } };
  } finally {
    // One connection per request: nothing is pooled or kept alive for another fetch.
    req.destroy();
  }
}

function resolveLocation(location: string, base: URL): string | undefined {
  try {
    const next = new URL(location, base);
    // A fragment is never sent; the redirect list and finalUrl stay free of it.
    next.hash = '';
    return next.href;
  } catch {
    return undefined;
  }
}

/** The detail of a host name that resolves to a refused address (shown in reports as it is). */
export const PRIVATE_RESOLUTION = 'resolves to a private or loopback address';

/** Addresses in details stay short: the origin is what matters in a log line. */
function clipUrl(target: string): string {
  try {
    return new URL(target).origin;
  } catch {
    return target.slice(0, 80);
  }
}

/** Resolves a name once; refuses it when any address is refused (one bad answer is enough). */
async function resolveChecked(
  hostname: string,
  allowListed: boolean,
  resolve: Resolver,
  signal: AbortSignal,
): Promise<ResolvedAddress[] | Refusal> {
  let found: ResolvedAddress[];
  try {
    found = await untilAborted(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) return new Refusal('timeout', 'resolving the host');
    return new Refusal('unreachable', `${hostname} does not resolve (${errorCode(error)})`);
  }
  if (found.length === 0) return new Refusal('unreachable', `${hostname} has no address`);
  const addresses: ResolvedAddress[] = [];
  for (const { address } of found) {
    const family = isIP(address);
    if (family !== 4 && family !== 6) {
      return new Refusal('unreachable', `${hostname} resolves to an invalid address`);
    }
    if (!allowListed) {
      const verdict = classifyAddress(address);
      // Which internal address a name points to is the private network's business: never echoed.
      if (!verdict.allowed) return new Refusal('refused', PRIVATE_RESOLUTION);
    }
    addresses.push({ address, family });
  }
  return addresses;
}

/** A DNS lookup cannot be cancelled, but the fetch stops waiting for it at the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * The `lookup` handed to http(s).request: it answers with the addresses already checked, never asking
 * DNS again. With `all` (Node's happy-eyeballs connect) it offers every checked address.
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) return callback(null, [...addresses]);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  };
}

interface Exchange {
  req: ClientRequest;
  res: IncomingMessage;
  ttfbMs: number;
}

/** Sends the GET and waits for the response headers. */
function send(
  url: URL,
  hostname: string,
  port: number,
  addresses: readonly ResolvedAddress[],
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<Exchange | Refusal> {
  const secure = url.protocol === 'https:';
  const request: RequestOptions & { servername?: string } = {
    hostname,
    port,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    // Only these headers, on every hop: no cookies, no credentials, nothing carried from a redirect.
    headers: {
      host: url.host,
      'user-agent': options.userAgent,
      accept: options.accept,
      'accept-encoding': 'gzip, deflate, br',
    },
    // A fresh agent per request: no pooled socket can outlive this fetch or serve another audit.
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
  };
  // TLS checks the certificate against the name (SNI too); Node never sends an IP address as SNI.
  if (secure && isIP(hostname) === 0) request.servername = hostname;

  return new Promise((resolve) => {
    const sentAt = performance.now();
    const req = (secure ? https : http).request(request);
    req.on('response', (res) => {
      // Errors after this point surface while reading the body; these keep them from being unhandled.
      res.on('error', () => {});
      resolve({ req, res, ttfbMs: elapsed(sentAt) });
    });
    req.on('error', (error) => {
      resolve(signal.aborted ? timeoutRefusal(options, 'waiting for the response') : networkRefusal(error));
    });
    req.end();
  });
}

function networkRefusal(error: unknown): Refusal {
  const code = errorCode(error);
  const what = /CERT|SSL|TLS|SELF_SIGNED|OSSL/i.test(code)
    ? 'TLS error'
    : code.startsWith('HPE_')
      ? 'invalid HTTP response'
      : 'connection failed';
  return new Refusal('unreachable', `${what} (${code})`);
}

/** Response headers, names lower-cased, repeats joined. Set-Cookie is dropped: the audit keeps no cookies. */
function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(res.headersDistinct)) {
    if (name !== 'set-cookie' && values) headers[name] = values.join(', ');
  }
  return headers;
}
