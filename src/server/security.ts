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
