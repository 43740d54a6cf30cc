import type { Request } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

// Bodies that are the same bytes for everyone (a cached page, a generated crawler file) are
// compressed once, at the highest settings, on libuv's thread pool, and sent as they are to every
// client that accepts them (decision 034): no per-response compression.

export type Encoding = 'br' | 'gzip';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** A body in both encodings: brotli at quality 11 (about 150 ms of a pool thread for 87 KB), gzip -9. */
export async function encode(body: string | Buffer): Promise<Record<Encoding, Buffer>> {
  const raw = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const [br, gz] = await Promise.all([
    compressBrotli(raw, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    compressGzip(raw, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** The encoding of a pre-compressed body a client takes: brotli (the smaller), else gzip, else none. */
export function encodingFor(req: Request): Encoding | undefined {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
}

/** The strong ETag of one encoding of a body: each representation has its own (RFC 9110 §8.8.3). */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return `${etag.slice(0, -1)}-${encoding}"`;
}
