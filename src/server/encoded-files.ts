import type { Request, Response } from 'express';
import { BoundedCache, stringBytes, type WatchCache } from './bounded-cache.ts';
import { compressEntry, representation, type Compressions, type Encodable } from './compressed.ts';
import { etagOf } from './page-cache.ts';
import { vary } from './vary.ts';

// The generated files for crawlers (robots.txt, sitemap.xml, llms.txt, feeds, Markdown copies…) are
// the same bytes for everyone, like a crawler's cached page (decision 034): each body is compressed
// once on libuv's thread pool (compressEntry: quickly for the first request, then brotli 11 and gzip
// 9) and sent as it is to every client that accepts it, with its own strong ETag (decision 035). One memo for all of them, keyed by the file (a fixed
// name each caller gives, never the request's address) and checked against the body, so a body that
// changes (security.txt's Expires, new content) gets a new entry, never a stale copy.

interface EncodedBody extends Encodable {
  body: string;
}

export interface EncodedFilesOptions {
  /** How long a compressed body is kept after it was made (an unchanged body is then compressed again). */
  ttlMs?: number;
  /** Bound on the bodies, their ETags and their compressed copies together. */
  maxBytes?: number;
  /** Reports the memo's size to /metrics. */
  watchCache?: WatchCache | undefined;
  /** Tracks the bodies' compressions (the server's, for its tests' drain). */
  compressions?: Compressions | undefined;
}

/**
 * Sends a generated text file. The caller sets its Content-Type, Cache-Control, Last-Modified and
 * anything else first; this adds the ETag and, when the body's compressed copies are ready and the
 * client takes one, the encoding. Express answers 304 itself when If-None-Match matches the ETag.
 */
export type SendFile = (req: Request, res: Response, key: string, body: string) => Promise<void>;

export function encodedFiles(options: EncodedFilesOptions = {}): SendFile {
  const memo = new BoundedCache<EncodedBody>({
    ttlMs: options.ttlMs ?? 60 * 60 * 1000,
    maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
    // The two compressed copies together stay under the text's length, but for the smallest files
    // (security.txt: a few hundred bytes), where the formats' own headers count: counted from the start.
    sizeOf: (entry) => stringBytes(entry.body) + stringBytes(entry.etag) + entry.body.length + 256,
  });
  options.watchCache?.('crawler_files', () => memo.stats);

  return async (req, res, key, body) => {
    let entry = memo.get(key);
    // The same string most of the time (a cached copy), so the comparison is a pointer's.
    if (entry?.body !== body) {
      const made: EncodedBody = { body, etag: etagOf(body) };
      // A body larger than the whole bound is never kept, so never compressed by us either (rather
      // than once per request): the compression middleware does it per response.
      if (memo.set(key, made)) void compressEntry(made, body, options.compressions);
      entry = made;
    }
    vary(res, 'Accept-Encoding');
    // A new body's first copies take a few milliseconds (llms-full.txt's, about ten): wait for them.
    if (!entry.encoded) await entry.ready;
    const sent = representation(req, body, entry);
    // The compression middleware leaves a response that has a Content-Encoding alone.
    if (sent.encoding) res.set('Content-Encoding', sent.encoding);
    if (sent.etag) res.set('ETag', sent.etag);
    res.send(sent.body);
  };
}
