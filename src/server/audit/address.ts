import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { checkHttpUrl } from '../../lib/urls.ts';

// What the audit may fetch (decision 017): the pre-checks of an address before any connection, and the
// classification of every IP address a host name resolves to. Refusing happens here; connecting to
// exactly the addresses checked here is safe-fetch.ts's job.

export type AddressClass = { allowed: true } | { allowed: false; range: string };

/** An address the fetcher may connect to, as resolved (or written in the URL). */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type AuditUrlCheck =
  | {
      ok: true;
      url: URL;
      /** The host without IPv6 brackets, as given to the resolver and to TLS. */
      hostname: string;
      port: number;
      /** Listed in AUDIT_ALLOWED_HOSTS: the address checks do not apply. */
      allowListed: boolean;
      /** Set when the host is an IP literal (Node does not call `lookup` for those). */
      literal?: ResolvedAddress;
    }
  | { ok: false; detail: string };

const OPEN_PORTS: ReadonlySet<number> = new Set([80, 443]);

const refused = (range: string): AddressClass => ({ allowed: false, range });

/**
 * Whether the audit may connect to an IP address. Only globally routable unicast addresses pass:
 * everything ipaddr.js names (loopback, private, linkLocal, carrierGradeNat, uniqueLocal, multicast,
 * unspecified, broadcast, reserved, benchmarking, 6to4, teredo, rfc6052 NAT64...) is refused, rather than
 * listing the bad ranges ourselves and missing one.
 */
export function classifyAddress(ip: string): AddressClass {
  if (!ipaddr.isValid(ip)) return refused('invalid');
  const parsed = ipaddr.parse(ip);
  return parsed.kind() === 'ipv4' ? classifyIPv4(parsed as ipaddr.IPv4) : classifyIPv6(parsed as ipaddr.IPv6);
}

function classifyIPv4(ip: ipaddr.IPv4): AddressClass {
  const range = ip.range();
  return range === 'unicast' ? { allowed: true } : refused(range);
}

function classifyIPv6(ip: ipaddr.IPv6): AddressClass {
  // IPv4-mapped addresses are all refused: a public site has no reason to be reached through one, and
  // naming the embedded range ("loopback" for ::ffff:127.0.0.1) makes the refusal readable.
  if (ip.isIPv4MappedAddress()) {
    const inner = classifyIPv4(ip.toIPv4Address());
    return refused(inner.allowed ? 'ipv4Mapped' : inner.range);
  }
  const range = ip.range();
  if (range !== 'unicast') return refused(range);
  // ipaddr.js calls everything it has no name for "unicast", including the deprecated IPv4-compatible
  // ::/96 (::7f00:1 is 127.0.0.1) and unassigned space: only global unicast 2000::/3 is routable.
  const first = ip.parts[0] ?? 0;
  return first >= 0x2000 && first <= 0x3fff ? { allowed: true } : refused('reserved');
}

/** The host of a URL without the brackets of an IPv6 literal. */
const bareHost = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;

/** `host:port` as AUDIT_ALLOWED_HOSTS spells it: lower case, IPv6 in brackets, the port always written. */
const hostKey = (url: URL, port: number) => `${url.hostname}:${port}`;

/** localhost and its subdomains resolve to loopback by definition (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The checks that need no DNS: scheme, credentials, IP literals (in every spelling the WHATWG parser
 * normalises: decimal, octal, hex, short forms), localhost names and the port. A host:port listed in
 * `allowedHosts` skips the host and port checks (it exists for tests and intranets).
 */
export function checkAuditUrl(input: string | URL, allowedHosts: ReadonlySet<string>): AuditUrlCheck {
  const check = checkHttpUrl(input);
  if (!check.ok) {
    if (check.problem === 'invalid') return { ok: false, detail: 'not a valid URL' };
    if (check.problem === 'scheme')
      return { ok: false, detail: `scheme ${check.url.protocol} is not allowed` };
    return { ok: false, detail: 'credentials in the URL are not allowed' };
  }
  const { url } = check;
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  const port = url.port ? Number(url.port) : defaultPort;
  const hostname = bareHost(url.hostname);
  const literal = literalAddress(hostname);
  const allowListed = allowedHosts.has(hostKey(url, port));
  const base = { ok: true as const, url, hostname, port, allowListed, ...(literal ? { literal } : {}) };
  if (allowListed) return base;

  // The host is judged before the port, so that the refusal names the real problem.
  if (literal) {
    const verdict = classifyAddress(literal.address);
    if (!verdict.allowed) return { ok: false, detail: `address ${literal.address} (${verdict.range})` };
  } else if (isLocalhostName(hostname)) {
    return { ok: false, detail: `${hostname} (loopback)` };
  }
  if (!OPEN_PORTS.has(port)) return { ok: false, detail: `port ${port} is not allowed (only 80 and 443)` };
  return base;
}

function literalAddress(hostname: string): ResolvedAddress | undefined {
  const family = isIP(hostname);
  return family === 4 || family === 6 ? { address: hostname, family } : undefined;
}

/**
 * AUDIT_ALLOWED_HOSTS: comma-separated `host:port` entries, normalised as checkAuditUrl compares them
 * (lower case, IPv4 in dotted decimal, IPv6 compressed in brackets). Throws on a malformed entry,
 * naming it, so that configuration errors say what to fix.
 */
export function parseAllowedHosts(value: string | undefined): ReadonlySet<string> {
  const hosts = new Set<string>();
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (trimmed !== '') hosts.add(normaliseHostPort(trimmed));
  }
  return hosts;
}

function normaliseHostPort(entry: string): string {
  const malformed = () => new Error(`has a malformed entry ${JSON.stringify(entry)} (expected host:port)`);
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:/?#@[\]\\]+):(\d{1,5})$/.exec(entry);
  if (!match) throw malformed();
  const port = Number(match[2]);
  if (port < 1 || port > 65535) throw malformed();
  let hostname: string;
  try {
    // The URL parser normalises the host exactly as it will normalise the addresses checked later.
    hostname = new URL(`http://${match[1]}/`).hostname;
  } catch {
    throw malformed();
  }
  return `${hostname}:${port}`;
}
