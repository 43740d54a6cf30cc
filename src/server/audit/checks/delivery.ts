import { kilobytes, msg, verdict, type Verdict } from '../check.ts';
import type { AuditContext } from '../context.ts';
import { MAX_ELEMENTS, MAX_NESTING } from '../read/markup.ts';
import type { FetchedResource, Message } from '../types.ts';

// Delivery: HTTPS, response time, HTML weight and compression.

export function https(ctx: AuditContext): Verdict {
  const { page } = ctx.input;
  if (new URL(page.finalUrl).protocol !== 'https:') {
    return verdict('fail', [msg('items.https.evidence.http')], msg('items.https.recommendation.https'));
  }
  const evidence: Message[] = [msg('items.https.evidence.https')];
  if (page.url.startsWith('http:')) evidence.push(msg('items.https.evidence.upgraded'));
  if (page.headers['strict-transport-security']) evidence.push(msg('items.https.evidence.hsts'));
  return verdict('pass', evidence);
}

const TTFB_MS = { pass: 800, warning: 1800 };

/**
 * The page is asked for several times at once (as a browser, as each AI agent, as Markdown): the
 * fastest answer of the same page is the server's time to first byte, not the queue those parallel
 * requests make on a small server.
 */
function fastestTtfb(ctx: AuditContext): number {
  const { page, crawlerViews } = ctx.input;
  const same = crawlerViews
    .map((v) => v.outcome)
    .filter(
      (o): o is FetchedResource =>
        o.ok && o.status === page.status && o.redirects.length === page.redirects.length,
    );
  return Math.min(page.ttfbMs, ...same.map((o) => o.ttfbMs));
}

export function ttfb(ctx: AuditContext): Verdict {
  const ms = Math.round(fastestTtfb(ctx));
  const evidence = [msg('items.ttfb.evidence.ttfb', { ms })];
  if (ms <= TTFB_MS.pass) return verdict('pass', evidence);
  const status = ms <= TTFB_MS.warning ? 'warning' : 'fail';
  return verdict(status, evidence, msg('items.ttfb.recommendation.faster'));
}

const KB = 1024;

const WEIGHT_BYTES = { pass: 512 * KB, warning: 1.5 * 1024 * KB };

export function htmlWeight(ctx: AuditContext): Verdict {
  const { bytes } = ctx.input.page;
  const evidence = [msg('items.htmlWeight.evidence.weight', { kb: kilobytes(bytes) })];
  const { limit } = ctx.page;
  if (limit === 'nesting') evidence.push(msg('items.htmlWeight.evidence.nesting', { limit: MAX_NESTING }));
  if (limit === 'elements') evidence.push(msg('items.htmlWeight.evidence.elements', { limit: MAX_ELEMENTS }));
  if (bytes <= WEIGHT_BYTES.pass && !limit) return verdict('pass', evidence);
  const status = bytes <= WEIGHT_BYTES.warning ? 'warning' : 'fail';
  const advice = limit
    ? 'items.htmlWeight.recommendation.simplify'
    : 'items.htmlWeight.recommendation.lighter';
  return verdict(status, evidence, msg(advice));
}

const ENCODINGS = new Set(['gzip', 'x-gzip', 'br', 'zstd', 'deflate']);

/** Under this, compression gains nothing worth a recommendation. */
const COMPRESS_FROM_BYTES = KB;

export function compression(ctx: AuditContext): Verdict {
  const { page } = ctx.input;
  if (page.bytes <= COMPRESS_FROM_BYTES) {
    return verdict('pass', [msg('items.compression.evidence.small', { bytes: page.bytes })]);
  }
  const encodings = (page.headers['content-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const used = encodings.find((e) => ENCODINGS.has(e));
  if (used) {
    const values = { encoding: used, transferKb: kilobytes(page.transferBytes), kb: kilobytes(page.bytes) };
    return verdict('pass', [msg('items.compression.evidence.compressed', values)]);
  }
  const evidence = [msg('items.compression.evidence.uncompressed', { kb: kilobytes(page.bytes) })];
  return verdict('warning', evidence, msg('items.compression.recommendation.compress'));
}
