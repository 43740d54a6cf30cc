import type { IncomingMessage } from 'node:http';
import { pipeline, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { errorCode, Refusal, timeoutRefusal, type FetchDeadline } from './fetch-refusal.ts';

// A response's body, read as a stream within a cap counted both on the wire and decompressed, then
// decoded to text by its charset.

/** The cap on a body and what to do past it (see SafeFetchOptions). */
export interface BodyLimits extends FetchDeadline {
  maxBytes: number;
  overflow: 'error' | 'truncate';
  /**
   * Keep only the first this many bytes of the body as text, while still reading and counting it up
   * to maxBytes: for a copy of a page only compared by its size and looked at for a challenge (the
   * agents' views), whose whole text would only weigh on memory (decision 049).
   */
  keepBytes?: number;
}

export interface BodyRead {
  body: string;
  bytes: number;
  transferBytes: number;
  truncated: boolean;
}

/**
 * Reads the body within the cap. The decompressors' output is counted as it comes, so a small gzip
 * that would inflate to gigabytes stops at maxBytes; the bytes on the wire are capped the same way.
 */
export async function readBody(
  res: IncomingMessage,
  options: BodyLimits,
  signal: AbortSignal,
): Promise<BodyRead | Refusal> {
  const decoders = decodersFor(res.headers['content-encoding']);
  if (decoders instanceof Refusal) return decoders;
  let transferBytes = 0;
  let wireOverflow = false;
  const wire = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (wireOverflow) return callback();
      transferBytes += chunk.length;
      if (transferBytes <= options.maxBytes) return callback(null, chunk);
      // The chunk that crosses the cap still goes through, so a truncated body fills up to the cap;
      // then the decoders' input ends and the rest is dropped. Ending rather than failing keeps what
      // the reader has not taken yet: a stream destroyed by an error drops its buffered chunks.
      wireOverflow = true;
      this.push(chunk);
      this.push(null);
      callback();
    },
  });
  const stages = [wire, ...decoders];
  const output = stages[stages.length - 1]!;
  // Errors surface through the iteration below; the callback only has to exist.
  pipeline([res, ...stages], () => {});

  const chunks: Buffer[] = [];
  let bytes = 0;
  const keep = options.keepBytes ?? Infinity;
  /** Keeps what is still wanted of a chunk that starts at byte `at` of the body. */
  const hold = (chunk: Buffer, at: number) => {
    if (at < keep) chunks.push(at + chunk.length <= keep ? chunk : chunk.subarray(0, keep - at));
  };
  const overflowed = (): BodyRead | Refusal =>
    options.overflow === 'error'
      ? new Refusal('tooLarge', `body larger than ${options.maxBytes} bytes`)
      : {
          body: decodeText(chunks, res.headers['content-type'], true),
          bytes,
          transferBytes,
          truncated: true,
        };
  try {
    for await (const chunk of output as AsyncIterable<Buffer>) {
      const room = options.maxBytes - bytes;
      if (chunk.length > room) {
        hold(chunk.subarray(0, room), bytes);
        bytes += room;
        // Leaving the loop destroys the pipeline, the response and its socket.
        return overflowed();
      }
      hold(chunk, bytes);
      bytes += chunk.length;
    }
  } catch (error) {
    if (signal.aborted) return timeoutRefusal(options, 'reading the body');
    return bodyRefusal(error, decoders.length > 0);
  }
  if (wireOverflow) {
    // The decoders ended within the cap, but more was on its way: let go of the connection.
    res.destroy();
    return overflowed();
  }
  return {
    // A body kept only in part may end inside a character: cut cleanly like a truncated one.
    body: decodeText(chunks, res.headers['content-type'], bytes > keep),
    bytes,
    transferBytes,
    truncated: false,
  };
}

function bodyRefusal(error: unknown, compressed: boolean): Refusal {
  const code = errorCode(error);
  const what =
    compressed && code.startsWith('Z_')
      ? 'invalid compressed body'
      : 'connection closed before the body ended';
  return new Refusal('unreachable', `${what} (${code})`);
}

// Lenient like browsers: a compressed body cut short still yields what arrived instead of an error.
const ZLIB_OPTIONS: zlib.ZlibOptions = {
  flush: zlib.constants.Z_SYNC_FLUSH,
  finishFlush: zlib.constants.Z_SYNC_FLUSH,
};
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  flush: zlib.constants.BROTLI_OPERATION_FLUSH,
  finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
};

/** The decompressor of each content coding asked for in Accept-Encoding (x-gzip is gzip, RFC 9110). */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => zlib.createGunzip(ZLIB_OPTIONS),
  'x-gzip': () => zlib.createGunzip(ZLIB_OPTIONS),
  // The zlib format RFC 9110 defines for `deflate` (raw deflate streams are not accepted).
  deflate: () => zlib.createInflate(ZLIB_OPTIONS),
  br: () => zlib.createBrotliDecompress(BROTLI_OPTIONS),
};

/** Decompressors for a Content-Encoding list, in decoding order (the last coding applied comes off first). */
function decodersFor(header: string | undefined): Transform[] | Refusal {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const decoders: Transform[] = [];
  for (const coding of codings.reverse()) {
    const create = Object.hasOwn(DECODERS, coding) ? DECODERS[coding] : undefined;
    if (!create) {
      return new Refusal(
        'unreachable',
        `unsupported content-encoding ${JSON.stringify(coding.slice(0, 40))}`,
      );
    }
    decoders.push(create());
  }
  return decoders;
}

/** The charset parameter of a Content-Type, if any. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2] ?? undefined;
}

function decoderFor(label: string | undefined): TextDecoder {
  try {
    return new TextDecoder(label ?? 'utf-8');
  } catch {
    // An unknown label (RangeError) reads as UTF-8, the web's default.
    return new TextDecoder('utf-8');
  }
}

/** Decodes the body; a cut body drops a trailing incomplete character instead of showing U+FFFD. */
function decodeText(chunks: Buffer[], contentType: string | undefined, cut: boolean): string {
  const decoder = decoderFor(charsetOf(contentType));
  return decoder.decode(Buffer.concat(chunks), { stream: cut });
}
