import { rateLimit, type Options, type RateLimitRequestHandler } from 'express-rate-limit';

// The one way the server limits requests per address: the site-wide limit (server.ts), the forms'
// (src/server/leads.ts) and the audit's (src/server/audit/http.ts). Each says how many requests a
// minute it allows and how it answers past that; the window and the headers are the same for all.

/** The window every limit counts over, in seconds. */
export const RATE_WINDOW_SECONDS = 60;

export interface PerMinuteLimitOptions {
  /** Requests an address may make in the window. */
  limit: number;
  /** Answers a request past the limit (or notes it and calls `next`). */
  handler: Options['handler'];
  /** Requests the limit does not count. */
  skip?: Options['skip'];
  /** Where the counts live, when the caller also needs to count by hand (a site audit counts N). */
  store?: Options['store'];
  keyGenerator?: Options['keyGenerator'];
}

/**
 * A limit per address over RATE_WINDOW_SECONDS. It sends the standard `RateLimit` and
 * `RateLimit-Policy` headers (IETF draft 8), not the old `X-RateLimit-*` ones, and, past the limit,
 * `Retry-After` with the whole window: an upper bound a client can always trust.
 */
export function perMinuteLimit(options: PerMinuteLimitOptions): RateLimitRequestHandler {
  return windowLimit(RATE_WINDOW_SECONDS, options);
}

/**
 * The same over a longer window (the visitor emails' hour and day per sender, decision 050), with
 * `Retry-After` the whole window. Options may narrow what counts (`requestWasSuccessful` with
 * `skipFailedRequests`).
 */
export function windowLimit(
  windowSeconds: number,
  options: PerMinuteLimitOptions & Partial<Pick<Options, 'skipFailedRequests' | 'requestWasSuccessful'>>,
): RateLimitRequestHandler {
  return rateLimit({
    windowMs: windowSeconds * 1000,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    retryAfter: windowSeconds,
    // The address is req.ip, which honours TRUST_PROXY: an X-Forwarded-For header sent while no
    // proxy is trusted is a client's own header, ignored, not a mistake to log on every request.
    validate: { xForwardedForHeader: false },
    ...options,
  });
}
