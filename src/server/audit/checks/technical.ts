import { clip } from '../clip.ts';
import type { FetchOutcome, Finding, Message } from '../types.ts';
import { category, type AuditContext } from './context.ts';
import { finding, kilobytes, msg } from './finding.ts';
import { metaByName } from './html.ts';
import { MAX_ELEMENTS, MAX_NESTING } from './markup.ts';

// Delivery: HTTPS, speed and weight, compression, mobile viewport, and the machine-friendly
// extras (llms.txt, a Markdown version, a feed) that some engines use and none penalise.

function https(ctx: AuditContext): Finding {
  const { page } = ctx.input;
  if (new URL(page.finalUrl).protocol !== 'https:') {
    return finding(
      'https',
      'fail',
      2,
      [msg('items.https.evidence.http')],
      msg('items.https.recommendation.https'),
    );
  }
  const evidence: Message[] = [msg('items.https.evidence.https')];
  if (page.url.startsWith('http:')) evidence.push(msg('items.https.evidence.upgraded'));
  if (page.headers['strict-transport-security']) evidence.push(msg('items.https.evidence.hsts'));
  return finding('https', 'pass', 2, evidence);
}

const TTFB_MS = { pass: 800, warning: 1800 };

function ttfb(ctx: AuditContext): Finding {
  const ms = Math.round(ctx.input.page.ttfbMs);
  const evidence = [msg('items.ttfb.evidence.ttfb', { ms })];
  if (ms <= TTFB_MS.pass) return finding('ttfb', 'pass', 1, evidence);
  const status = ms <= TTFB_MS.warning ? 'warning' : 'fail';
  return finding('ttfb', status, 1, evidence, msg('items.ttfb.recommendation.faster'));
}

const KB = 1024;
const WEIGHT_BYTES = { pass: 512 * KB, warning: 1.5 * 1024 * KB };

function htmlWeight(ctx: AuditContext): Finding {
  const { bytes } = ctx.input.page;
  const evidence = [msg('items.htmlWeight.evidence.weight', { kb: kilobytes(bytes) })];
  const { limit } = ctx.page;
  if (limit === 'nesting') evidence.push(msg('items.htmlWeight.evidence.nesting', { limit: MAX_NESTING }));
  if (limit === 'elements') evidence.push(msg('items.htmlWeight.evidence.elements', { limit: MAX_ELEMENTS }));
  if (bytes <= WEIGHT_BYTES.pass && !limit) return finding('htmlWeight', 'pass', 1, evidence);
  const status = bytes <= WEIGHT_BYTES.warning ? 'warning' : 'fail';
  const advice = limit
    ? 'items.htmlWeight.recommendation.simplify'
    : 'items.htmlWeight.recommendation.lighter';
  return finding('htmlWeight', status, 1, evidence, msg(advice));
}

const ENCODINGS = new Set(['gzip', 'x-gzip', 'br', 'zstd', 'deflate']);
/** Under this, compression gains nothing worth a recommendation. */
const COMPRESS_FROM_BYTES = KB;

function compression(ctx: AuditContext): Finding {
  const { page } = ctx.input;
  if (page.bytes <= COMPRESS_FROM_BYTES) {
    return finding('compression', 'pass', 0.5, [
      msg('items.compression.evidence.small', { bytes: page.bytes }),
    ]);
  }
  const encodings = (page.headers['content-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const used = encodings.find((e) => ENCODINGS.has(e));
  if (used) {
    const values = { encoding: used, transferKb: kilobytes(page.transferBytes), kb: kilobytes(page.bytes) };
    return finding('compression', 'pass', 0.5, [msg('items.compression.evidence.compressed', values)]);
  }
  const evidence = [msg('items.compression.evidence.uncompressed', { kb: kilobytes(page.bytes) })];
  return finding('compression', 'warning', 0.5, evidence, msg('items.compression.recommendation.compress'));
}

function viewport(ctx: AuditContext): Finding {
  const content = metaByName(ctx.page, 'viewport')[0];
  if (content === undefined) {
    return finding(
      'viewport',
      'warning',
      0.5,
      [msg('items.viewport.evidence.none')],
      msg('items.viewport.recommendation.add'),
    );
  }
  const value = clip(content, 80);
  if (/(^|[,;\s])width\s*=\s*device-width\b/i.test(content)) {
    return finding('viewport', 'pass', 0.5, [msg('items.viewport.evidence.ok', { content: value })]);
  }
  const evidence = [msg('items.viewport.evidence.other', { content: value })];
  return finding('viewport', 'warning', 0.5, evidence, msg('items.viewport.recommendation.add'));
}

/** A text file served as an HTML page: a catch-all route or a soft 404, not the file. */
function isHtmlPage(outcome: FetchOutcome & { ok: true }): boolean {
  const type = outcome.headers['content-type'] ?? '';
  return /^\s*text\/html/i.test(type) || /^\s*<(!doctype\s+html|html|head|body)[\s>]/i.test(outcome.body);
}

interface LlmsShape {
  title: string | undefined;
  h1s: number;
  summary: boolean;
  sections: number;
  links: number;
  /** List items inside H2 sections that are not Markdown links. */
  badItems: number;
}

const LINK_ITEM = /^[-*+]\s+\[[^\]]+\]\(\s*[^)\s]+(\s+"[^"]*")?\s*\)(\s*:.*)?$/;
const LIST_ITEM = /^[-*+]\s+/;

/**
 * The llms.txt proposal (llmstxt.org): an H1 with the project's name first, then optionally a
 * blockquote summary and free text, then H2 sections whose lists are `[name](url)` links, each
 * optionally followed by ": notes". Fenced code blocks are skipped.
 */
function readLlms(text: string): LlmsShape {
  const shape: LlmsShape = { title: undefined, h1s: 0, summary: false, sections: 0, links: 0, badItems: 0 };
  let firstContent = true;
  let inFence = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith('```')) inFence = !inFence;
    if (inFence || line === '') continue;
    if (/^#\s/.test(line)) {
      shape.h1s++;
      if (firstContent) shape.title = line.slice(1).trim();
    } else if (/^##\s/.test(line)) shape.sections++;
    else if (line.startsWith('>') && shape.sections === 0) shape.summary = true;
    else if (shape.sections > 0 && LIST_ITEM.test(line)) {
      if (LINK_ITEM.test(line)) shape.links++;
      else shape.badItems++;
    }
    firstContent = false;
  }
  return shape;
}

function llmsProblems(shape: LlmsShape): Message[] {
  const problems: Message[] = [];
  if (!shape.title) problems.push(msg('items.llmsTxt.evidence.noH1'));
  if (shape.h1s > 1) problems.push(msg('items.llmsTxt.evidence.manyH1', { count: shape.h1s }));
  if (shape.badItems > 0) problems.push(msg('items.llmsTxt.evidence.badItems', { count: shape.badItems }));
  if (shape.links === 0) problems.push(msg('items.llmsTxt.evidence.noLinks'));
  return problems;
}

function llmsTxt(ctx: AuditContext): Finding {
  const { llms } = ctx.input;
  const url = clip(llms.url, 100);
  const absent = (evidence: Message) =>
    finding('llmsTxt', 'warning', 0.5, [evidence], msg('items.llmsTxt.recommendation.add'));
  if (!llms.ok) return absent(msg('items.llmsTxt.evidence.failed', { url, detail: clip(llms.detail, 100) }));
  if (llms.status >= 300) return absent(msg('items.llmsTxt.evidence.missing', { url, status: llms.status }));
  if (isHtmlPage(llms)) {
    const evidence = [msg('items.llmsTxt.evidence.html', { url })];
    return finding('llmsTxt', 'warning', 0.5, evidence, msg('items.llmsTxt.recommendation.fix'));
  }
  const shape = readLlms(llms.body);
  const problems = llmsProblems(shape);
  if (problems.length > 0) {
    return finding('llmsTxt', 'warning', 0.5, problems, msg('items.llmsTxt.recommendation.fix'));
  }
  const evidence = [
    msg('items.llmsTxt.evidence.valid', {
      title: clip(shape.title ?? '', 60),
      sections: shape.sections,
      links: shape.links,
    }),
  ];
  if (shape.summary) evidence.push(msg('items.llmsTxt.evidence.summary'));
  return finding('llmsTxt', 'pass', 0.5, evidence);
}

/** A fetched text that is Markdown (or at least plain text), not an error or an HTML page. */
function isMarkdown(outcome: FetchOutcome | undefined): boolean {
  return (
    outcome !== undefined &&
    outcome.ok &&
    outcome.status < 300 &&
    outcome.body.trim() !== '' &&
    !isHtmlPage(outcome)
  );
}

function markdownAlternate(ctx: AuditContext): string | undefined {
  return ctx.page.links.find((l) => l.rel.includes('alternate') && l.type === 'text/markdown' && l.url)?.url;
}

function markdownVersion(ctx: AuditContext): Finding {
  const declared = markdownAlternate(ctx);
  const { markdown } = ctx.input;
  const fetched =
    markdown !== undefined && declared !== undefined && markdown.url === declared ? markdown : undefined;
  if (declared) {
    const url = clip(declared, 100);
    if (isMarkdown(fetched))
      return finding('markdownVersion', 'pass', 0.5, [
        msg('items.markdownVersion.evidence.alternate', { url }),
      ]);
    const evidence = [
      fetched?.ok
        ? msg('items.markdownVersion.evidence.alternateBroken', { url, status: fetched.status })
        : msg('items.markdownVersion.evidence.alternateUnchecked', { url }),
    ];
    return finding(
      'markdownVersion',
      'warning',
      0.5,
      evidence,
      msg('items.markdownVersion.recommendation.fix'),
    );
  }
  // Without an alternate, the orchestrator fetched /llms-full.txt: only that file counts here.
  if (markdown?.ok && new URL(markdown.url).pathname === '/llms-full.txt' && isMarkdown(markdown)) {
    const values = { url: clip(markdown.url, 100), kb: kilobytes(markdown.bytes) };
    return finding('markdownVersion', 'pass', 0.5, [msg('items.markdownVersion.evidence.llmsFull', values)]);
  }
  return finding(
    'markdownVersion',
    'warning',
    0.5,
    [msg('items.markdownVersion.evidence.none')],
    msg('items.markdownVersion.recommendation.add'),
  );
}

const FEED_TYPES: Record<string, string> = {
  'application/rss+xml': 'RSS',
  'application/atom+xml': 'Atom',
  'application/feed+json': 'JSON Feed',
};

function feed(ctx: AuditContext): Finding {
  const link = ctx.page.links.find((l) => l.rel.includes('alternate') && Object.hasOwn(FEED_TYPES, l.type));
  if (link) {
    const values = { url: clip(link.url ?? link.href, 100), format: FEED_TYPES[link.type]! };
    return finding('feed', 'pass', 0.5, [msg('items.feed.evidence.found', values)]);
  }
  return finding(
    'feed',
    'warning',
    0.5,
    [msg('items.feed.evidence.none')],
    msg('items.feed.recommendation.add'),
  );
}

/** Technical checks, in report order. */
export const technical = category('technical', [
  https,
  ttfb,
  htmlWeight,
  compression,
  viewport,
  llmsTxt,
  markdownVersion,
  feed,
]);
