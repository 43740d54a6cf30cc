import type { Request } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { remembered } from './bounded-cache.ts';

// Bodies that are the same bytes for everyone (a cached page, a generated crawler file) are
// compressed once per entry on libuv's thread pool, quickly for the request that is waiting, then at
// the highest settings for every later one, and sent as they are to every client that accepts them
// (decisions 034 and 035): no per-response compression.

export type Encoding = 'br' | 'gzip';

/**
 * The encodings in order of preference (brotli is the smaller), each with the extension of a file's
 * compressed copy written beside it at build time (vite.config.ts, src/server/static-files.ts).
 */
export const COPY_EXTENSIONS: ReadonlyArray<readonly [Encoding, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** How hard to compress: `fast` for the request that is waiting, `best` for every later one. */
const SETTINGS = {
  // About 2 ms for an 87 KB page, 12% larger than the best.
  fast: { brotli: 5, gzip: 6 },
  // About 150 ms of a pool thread for 87 KB.
  best: { brotli: zlib.BROTLI_MAX_QUALITY, gzip: 9 },
} as const;

/** A body in both encodings, off the event loop (libuv's thread pool). */
export async function encode(
  body: string | Buffer,
  settings: keyof typeof SETTINGS = 'best',
): Promise<Record<Encoding, Buffer>> {
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const { brotli, gzip: level } = SETTINGS[settings];
  const [br, gz] = await Promise.all([
    compressBrotli(raw, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: brotli,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    compressGzip(raw, { level }),
  ]);
  return { br, gzip: gz };
}

/** A body kept for everyone, with its strong ETag and, once made, its compressed copies. */
export interface Encodable {
  etag: string;
  /** The body compressed: at the fast settings first, then at the best. */
  encoded?: Record<Encoding, Buffer> | undefined;
  /** Whether `encoded` holds the best copies. */
  best?: boolean;
  /** Settles once `encoded` holds copies (or compressing failed: the text is sent then). */
  ready?: Promise<void>;
}

/**
 * The compressions a server has under way (one per server, made in server.ts): `idle()` resolves once
 * every entry's best copies are made (or failed), so that a test waits for them instead of asking
 * again until their ETag shows (decision 057). Production only adds and removes them.
 */
export interface Compressions {
  track(work: Promise<void>): void;
  idle(): Promise<void>;
}

export function trackCompressions(): Compressions {
  const pending = new Set<Promise<void>>();
  return {
    track(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    async idle() {
      // Entries made while it waits (another request's) are waited for too: until none is left.
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/**
 * Compresses a new entry's text: at the fast settings, which the request that made the entry waits
 * for (a few milliseconds), then at the best in the background, which replace them for every later
 * request. Each set of copies has its own ETags (representation), so no ETag ever names two bodies.
 * `compressions`, when given, tracks the whole of it (fast, then best).
 */
export function compressEntry(entry: Encodable, text: string, compressions?: Compressions): Promise<void> {
  const fast = encode(text, 'fast').then(
    (copies) => {
      entry.encoded = copies;
      return true;
    },
    () => false,
  );
  entry.ready = fast.then(() => undefined);
  const best = fast.then(async (made) => {
    if (!made) return;
    try {
      entry.encoded = await encode(text, 'best');
      entry.best = true;
    } catch {
      // The fast copies stay.
    }
  });
  compressions?.track(best);
  return entry.ready;
}

// Clients send a handful of distinct Accept-Encoding values: each is negotiated once (decision 075).
const encodingByHeader = remembered<Encoding | 'identity'>({
  ttlMs: 60 * 60_000,
  maxBytes: 64 * 1024,
  valueBytes: 16,
});

/** The encoding of a pre-compressed body a client takes: brotli (the smaller), else gzip, else none. */
function encodingFor(req: Request): Encoding | undefined {
  const negotiate = (): Encoding | 'identity' => {
    if (req.acceptsEncodings('br') === 'br') return 'br';
    return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
  };
  const header = req.headers['accept-encoding'] ?? '';
  // An unusually long value is negotiated on its own, not kept.
  const encoding = header.length <= 256 ? encodingByHeader(header, negotiate) : negotiate();
  return encoding === 'identity' ? undefined : encoding;
}

/** The strong ETag of one set of copies of a body: each representation has its own (RFC 9110 §8.8.3). */
function encodedEtag(etag: string, encoding: string): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/**
 * What to send of a kept body to this client: the copy it accepts, under that copy's ETag; the text
 * under the body's ETag when it accepts no encoding; and the text without an ETag when there are no
 * copies (compressing failed, or a caller did not wait: the compression middleware then compresses it
 * per response, bytes no ETag names).
 */
export function representation(
  req: Request,
  text: string | Buffer,
  entry: Encodable,
): { body: string | Buffer; etag?: string; encoding?: Encoding } {
  const encoding = encodingFor(req);
  if (!encoding) return { body: text, etag: entry.etag };
  if (!entry.encoded) return { body: text };
  const etag = encodedEtag(entry.etag, entry.best ? encoding : `${encoding}-fast`);
  return { body: entry.encoded[encoding], etag, encoding };
}
