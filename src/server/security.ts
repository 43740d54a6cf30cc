import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Strict headers (what earns an A+ on Mozilla's HTTP Observatory): a CSP that allows the site's own
 * scripts and the inline scripts of people's pages by their hashes (decision 037), no unsafe script
 * source, no framing, HSTS, nosniff, a private referrer policy, COOP/CORP. The same for every
 * response, so helmet writes it once. In development Vite injects styles and talks over a websocket,
 * so those two are relaxed there.
 *
 * @param options.scriptHashes the renderer's `scriptHashes` (`'sha256-…'`)
 */
export function securityHeaders(options: {
  dev: boolean;
  https: boolean;
  scriptHashes: readonly string[];
}): RequestHandler {
  const headers = headersOf(helmetFor(options));
  // helmet's middleware is thirteen middlewares, each called per request to set one header whose
  // value never changes (3-4% of a cached page's time under wrk, decision 073): helmet writes the
  // headers once, here, and every response gets that list.
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets on a response when its options are all fixed (helmet's), in its
 * order; it must set them at once and call `next` (throws otherwise).
 */
export function headersOf(middleware: RequestHandler): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  let called = false;
  const res = {
    setHeader(name: string, value: unknown) {
      headers.set(name, String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  middleware({} as Parameters<RequestHandler>[0], res as unknown as Parameters<RequestHandler>[1], () => {
    called = true;
  });
  if (!called) throw new Error('the security headers middleware did not finish at once');
  return [...headers];
}

function helmetFor(options: { dev: boolean; https: boolean; scriptHashes: readonly string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        styleSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true, preload: true },
    xFrameOptions: { action: 'deny' },
  });
}
