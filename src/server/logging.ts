import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { classifyVisitor } from '../lib/visitor.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id, in its log line and its X-Request-Id header (httpLogger). */
    id?: string;
  }
}

/**
 * The process's logger, on stdout. Written asynchronously (pino's `sync: false`): lines logged in the
 * same tick go out in one write instead of one blocking write each, a request's line off its
 * response's path (about 4% of a cached page's time under wrk, decision 073). No minimum length, so
 * a line is never held back waiting for more; pino flushes what is pending when the process exits.
 * A process killed outright (SIGKILL) may lose the lines of its last tick.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'geo-website' }, timestamp: isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
}

let lastTime = { ms: 0, text: '' };

/**
 * pino's ISO time (`pino.stdTimeFunctions.isoTime`), its text made once per millisecond: a busy
 * server writes several lines in the same one, and a Date and its ISO text cost about 1.5 µs of
 * every request (decision 076).
 */
export function isoTime(now = Date.now()): string {
  if (now !== lastTime.ms) lastTime = { ms: now, text: `,"time":"${new Date(now).toISOString()}"` };
  return lastTime.text;
}

function crawlerProps(req: IncomingMessage) {
  const visitor =
    (req as IncomingMessage & { visitor?: ReturnType<typeof classifyVisitor> }).visitor ??
    classifyVisitor(req.headers['user-agent']);
  return visitor.isBot
    ? { crawler: { name: visitor.name, category: visitor.category, ai: visitor.isAICrawler } }
    : {};
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const UNLOGGED = new Set(['/healthz', '/readyz']);

/**
 * One JSON line per request, when its response is done (or the connection gone first: "request
 * aborted"), with a request id (a well-formed incoming X-Request-Id is kept, so a proxy's id follows
 * the request), at info, warn (4xx, aborted) or error (5xx). Only the path is logged: no query
 * string, IP address, cookie or body, so no personal data reaches the logs. Crawler visits carry the
 * crawler's name and category. Health checks are not logged.
 *
 * Written on pino itself rather than through pino-http (decision 075): pino-http made a child logger
 * for every request, its bindings serialized, and three listeners, for a line this writes from one;
 * under the production heap cap that garbage cost about 9 µs of every cached page.
 */
export function httpLogger(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const url = req.url ?? '';
    const at = url.indexOf('?');
    const path = at === -1 ? url : url.slice(0, at);
    if (UNLOGGED.has(path)) return next();
    res.once('close', () => {
      const status = res.statusCode;
      const finished = res.writableFinished;
      const level = status >= 500 ? 'error' : status >= 400 || !finished ? 'warn' : 'info';
      logger[level](
        {
          req: { id, method: req.method, path: path.slice(0, 300) },
          res: { status },
          responseTime: Math.round(performance.now() - started),
          ...crawlerProps(req),
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
