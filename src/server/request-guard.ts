import type { Request, RequestHandler, Response } from 'express';

const MAX_URL_LENGTH = 2048;

/**
 * Rejects requests no page could answer before any routing: overlong URLs (414), malformed
 * percent-encoding or control characters (400). They get the friendly status page, never a 500.
 */
export function requestGuard(
  reject: (req: Request, res: Response, status: number) => unknown,
): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    if (url.length > MAX_URL_LENGTH) return void reject(req, res, 414);
    // Only origin-form targets (/path?query): absolute-form (http://host/…) and authority-form are
    // for proxies, and would let the request choose the host the app believes it is on.
    if (!url.startsWith('/')) return void reject(req, res, 400);
    const pathname = url.split('?')[0]!;
    try {
      const decoded = decodeURIComponent(pathname);
      // Control characters, NUL and backslashes have no place in this site's paths.
      if (/[\p{Cc}\\]/u.test(decoded)) return void reject(req, res, 400);
    } catch {
      return void reject(req, res, 400);
    }
    next();
  };
}

/**
 * The request's URL on the site's own origin. Concatenation, not `new URL(path, base)`: a path like
 * `//host/x` must stay a path on this site, never become another host.
 */
export function siteUrlOf(req: Request, origin: string): URL {
  return new URL(`${origin}${req.originalUrl}`);
}
