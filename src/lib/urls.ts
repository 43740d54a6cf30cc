// The one rule for web addresses typed by visitors, shared by the forms (browser and server) and the
// audit (the Tools page, the API and the fetcher's pre-checks): an http(s) URL without credentials.
// No I/O: what an address resolves to is the audit fetcher's business (src/server/audit/address.ts).

export type HttpUrlCheck =
  | { ok: true; url: URL }
  | { ok: false; problem: 'invalid' }
  | { ok: false; problem: 'scheme' | 'credentials'; url: URL };

/** Parses `value` as an http(s) URL without user name or password, saying what is wrong otherwise. */
export function checkHttpUrl(value: string | URL): HttpUrlCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, problem: 'scheme', url };
  if (url.username || url.password) return { ok: false, problem: 'credentials', url };
  return { ok: true, url };
}

/** A bare host, maybe with a port or a path, as people type one: "brewlab.com", "www.x.fr/menu". */
const BARE_HOST = /^[^\s/:?#@]+\.[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/**
 * A typed address with `https://` put in front when the visitor typed a bare host ("brewlab.com"),
 * as people expect (issue 38); anything with a scheme, or that is no host, is left as typed.
 */
export function withScheme(value: string): string {
  const trimmed = value.trim();
  // A colon followed by digits is a port ("brewlab.com:8443"), not a scheme.
  return /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed) || !BARE_HOST.test(trimmed)
    ? trimmed
    : `https://${trimmed}`;
}

/** The http(s) URL `value` names, or null (see checkHttpUrl). */
export function parseHttpUrl(value: string | URL): URL | null {
  const check = checkHttpUrl(value);
  return check.ok ? check.url : null;
}

/**
 * A website address as the forms accept it: an http(s) URL without credentials whose host has a dot
 * (`https://localhost` is nobody's public site). The browser checks it before sending, the server's
 * schema again.
 */
export function isWebsiteUrl(value: string): boolean {
  return parseHttpUrl(withScheme(value))?.hostname.includes('.') ?? false;
}
