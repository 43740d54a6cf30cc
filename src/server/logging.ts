import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { classifyVisitor } from '../lib/visitor.ts';

/**
 * The process's logger, on stdout. Written asynchronously (pino's `sync: false`): lines logged in the
 * same tick go out in one write instead of one blocking write each, a request's line off its
 * response's path (about 4% of a cached page's time under wrk, decision 073). No minimum length, so
 * a line is never held back waiting for more; pino flushes what is pending when the process exits.
 * A process killed outright (SIGKILL) may lose the lines of its last tick.
 */
export function createLogger(level: string): Logger {
  return pino(
    { level, base: { service: 'geo-website' }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ dest: 1, sync: false }),
  );
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

/**
 * One JSON line per request with a request id (a well-formed incoming X-Request-Id is kept, so a
 * proxy's id follows the request). Only the path is logged: no query string, IP address, cookie
 * or body, so no personal data reaches the logs. Crawler visits carry the crawler's name and category.
 */
export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    // The serializers below read the request and response themselves: pino-http's wrappers would
    // first copy each into a full record (every header included) that they then throw away.
    wrapSerializers: false,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // Added to the completion line only (customProps would repeat it on every line of the request).
    customSuccessObject: (req: IncomingMessage, _res: ServerResponse, value: Record<string, unknown>) => ({
      ...value,
      ...crawlerProps(req),
    }),
    customErrorObject: (
      req: IncomingMessage,
      _res: ServerResponse,
      _err: Error,
      value: Record<string, unknown>,
    ) => ({ ...value, ...crawlerProps(req) }),
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: String(req.url).split('?')[0]!.slice(0, 300),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/healthz' || req.url === '/readyz' },
  });
}
