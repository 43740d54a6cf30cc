import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { portOf, runServer } from './server-process.ts';

// Real peers for lead delivery tests, on loopback: an SMTP server (smtp-server) that keeps every
// message, a webhook receiver that keeps every request, and readers for what they received.
// closePeers() stops every peer started since the last call (call it after each test).

const cleanups: (() => Promise<void> | void)[] = [];
/** Runs `cleanup` at the next closePeers() (anything a test starts besides the peers, too). */
export function onClose(cleanup: () => Promise<void> | void) {
  cleanups.push(cleanup);
}
export async function closePeers() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

// --- Loopback servers --------------------------------------------------------------------------

export interface Mail {
  raw: string;
  from: string;
  to: string[];
  user: unknown;
}

/**
 * An SMTP server on a loopback port of its own (port 0). `down: true` starts it refusing every
 * connection (as a mail server that is down fails each attempt); `setDown(false)` brings it back on
 * the same port, so a test never needs a port known before its server listens.
 */
export async function startSmtp(
  options: {
    down?: boolean;
    /** Runs once a message has arrived and before the server answers 250 (or the error it throws). */
    beforeAccept?: (mail: Mail) => Promise<void>;
  } = {},
) {
  const messages: Mail[] = [];
  const state = { down: options.down ?? false, refused: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      if (!state.down) return callback();
      state.refused++;
      callback(new Error('Service not available'));
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'team' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          raw: Buffer.concat(chunks).toString('utf8'),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
        };
        messages.push(mail);
        void Promise.resolve(options.beforeAccept?.(mail)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  let closed = false;
  const close = () =>
    closed
      ? Promise.resolve()
      : new Promise<void>((resolve) => ((closed = true), server.close(() => resolve())));
  cleanups.push(close);
  return {
    port: actual,
    messages,
    close,
    /** Connections refused while down. */
    refused: () => state.refused,
    setDown: (down: boolean) => void (state.down = down),
  };
}

export interface Hook {
  headers: IncomingHttpHeaders;
  body: string;
}

export async function startReceiver(
  answer: (n: number, res: ServerResponse) => void = (_n, res) => res.end(),
) {
  const requests: Hook[] = [];
  const state = { answer };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      state.answer(requests.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads?token=t0k3n`,
    requests,
    state,
  };
}

export const status = (code: number) => (_n: number, res: ServerResponse) => {
  res.statusCode = code;
  res.end();
};

/** Standard Webhooks verification, written here independently of the signer (constant-time compare). */
export function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64'),
  );
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

// --- Reading raw messages (no mail parser installed) ------------------------------------------------

export function headerBlock(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(split + 4) };
}

/**
 * A header value with its RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded; the
 * white space between two encoded words is not part of the text (RFC 2047 §6.2).
 */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodePart(new Map([['content-transfer-encoding', 'quoted-printable']]), text.replace(/_/g, ' ')),
    );
}

export function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const text = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

/** Headers (names lower-cased, folded lines joined) and the decoded text and HTML parts. */
export function parseMail(raw: string) {
  const { headers, body } = headerBlock(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = headerBlock(section.replace(/^\r\n/, ''));
    const type = (part.headers.get('content-type') ?? '').split(';')[0]!.trim();
    parts[type] = decodePart(part.headers, part.body.replace(/\r\n$/, '')).replace(/\r\n/g, '\n');
  }
  return { headers, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

// --- Harness --------------------------------------------------------------------------------------

/**
 * Polls `check` until it holds: for what only another process or a real server shows (a child's
 * outbox in its data directory, a connection count). Never a stand-in for draining a worker of this
 * process (`worker.idle()`, `app.locals.deliveryIdle()`), nor for "nothing more arrived".
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what: string,
  limitMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// --- The production server as a process -------------------------------------------------------------

/**
 * The production build as a child process on port 0, for delivery across processes: resolves once
 * it listens, with the port its start-up line reports (no port is probed beforehand). Killed at the
 * next closePeers() if still running; `stop()` is the graceful SIGTERM, which waits for the
 * deliveries in progress: once it has exited, nothing more can arrive from it.
 */
export async function startServerProcess(env: Record<string, string>) {
  const proc = runServer({
    HOST: '127.0.0.1',
    PORT: '0',
    NODE_ENV: 'production',
    SITE_URL: 'https://geo.example',
    // No grace period: a stopped process exits as soon as its requests and deliveries are done.
    SHUTDOWN_GRACE_MS: '0',
    ...env,
  });
  const running = () => proc.child.exitCode === null && proc.child.signalCode === null;
  const end = async (signal: NodeJS.Signals) => {
    if (running()) proc.child.kill(signal);
    return proc.exited;
  };
  cleanups.push(async () => void (await end('SIGKILL')));
  const port = await portOf(proc);
  return {
    ...proc,
    base: `http://127.0.0.1:${port}`,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}

export type ServerProcessHandle = Awaited<ReturnType<typeof startServerProcess>>;
