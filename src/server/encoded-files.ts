import type { Request, Response } from 'express';
import { BoundedCache, stringBytes, type WatchCache } from './bounded-cache.ts';
import { encode, encodedEtag, encodingFor, type Encoding } from './compressed.ts';
import { etagOf } from './page-cache.ts';

// The generated files for crawlers (robots.txt, sitemap.xml, llms.txt, feeds, Markdown copies…) are
// the same bytes for everyone, like a crawler's cached page (decision 034): each body is compressed
// once, brotli 11 and gzip 9 on libuv's thread pool, and sent as it is to every client that accepts
// it, with its own strong ETag (decision 035). One memo for all of them, keyed by the file (a fixed
// name each caller gives, never the request's address) and checked against the body, so a body that
// changes (security.txt's Expires, new content) gets a new entry, never a stale copy.

interface EncodedBody {
  body: string;
  etag: string;
  /** The body compressed, once ready. */
  encoded?: Record<Encoding, Buffer>;
}

export interface EncodedFilesOptions {
  /** How long a compressed body is kept after it was made (an unchanged body is then compressed again). */
  ttlMs?: number;
  /** Bound on the bodies, their ETags and their compressed copies together. */
  maxBytes?: number;
  /** Reports the memo's size to /metrics. */
  watchCache?: WatchCache | undefined;
}

/**
 * Sends a generated text file. The caller sets its Content-Type, Cache-Control, Last-Modified and
 * anything else first; this adds the ETag and, when the body's compressed copies are ready and the
 * client takes one, the encoding. Express answers 304 itself when If-None-Match matches the ETag.
 */
export type SendFile = (req: Request, res: Response, key: string, body: string) => void;

export function encodedFiles(options: EncodedFilesOptions = {}): SendFile {
  const memo = new BoundedCache<EncodedBody>({
    ttlMs: options.ttlMs ?? 60 * 60 * 1000,
    maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
    // The two compressed copies together stay under the text's length, but for the smallest files
    // (security.txt: a few hundred bytes), where the formats' own headers count: counted from the start.
    sizeOf: (entry) => stringBytes(entry.body) + stringBytes(entry.etag) + entry.body.length + 256,
  });
  options.watchCache?.('crawler_files', () => memo.stats);

  return (req, res, key, body) => {
    let entry = memo.get(key);
    // The same string most of the time (a cached copy), so the comparison is a pointer's.
    if (entry?.body !== body) {
      const made: EncodedBody = { body, etag: etagOf(body) };
      // Until ready, the body goes out as text and the compression middleware compresses it per
      // response, as before; a failure only means that. A body larger than the whole bound is never
      // kept, so never compressed by us either (rather than once per request).
      if (memo.set(key, made))
        encode(body).then(
          (encoded) => (made.encoded = encoded),
          () => undefined,
        );
      entry = made;
    }
    res.vary('Accept-Encoding');
    const encoding = entry.encoded ? encodingFor(req) : undefined;
    if (entry.encoded && encoding) {
      // The compression middleware leaves a response that has a Content-Encoding alone.
      res.set({ 'Content-Encoding': encoding, ETag: encodedEtag(entry.etag, encoding) });
      res.send(entry.encoded[encoding]);
      return;
    }
    res.set('ETag', entry.etag).send(body);
  };
}
