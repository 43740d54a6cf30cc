import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { metaByName, metaByProperty } from '../read/html.ts';
import type { Message } from '../types.ts';

// How the page introduces itself in previews and results: Open Graph, title and description.

const OPEN_GRAPH = ['og:title', 'og:description', 'og:image', 'og:url', 'og:type'];

export function openGraph(ctx: AuditContext): Verdict {
  const has = (tag: string) => metaByProperty(ctx.page, tag).some((c) => c !== '');
  const found = OPEN_GRAPH.filter(has);
  if (found.length === 0) {
    return verdict('fail', [msg('items.openGraph.evidence.none')], msg('items.openGraph.recommendation.add'));
  }
  // og:url and og:type are alternatives here: either lets a preview name the page properly.
  const missing = ['og:title', 'og:description', 'og:image'].filter((t) => !has(t));
  if (!has('og:url') && !has('og:type')) missing.push('og:url');
  const evidence = [msg('items.openGraph.evidence.present', { tags: list(found) })];
  if (missing.length === 0) return verdict('pass', evidence);
  evidence.push(msg('items.openGraph.evidence.missing', { tags: list(missing) }));
  return verdict(
    'warning',
    evidence,
    msg('items.openGraph.recommendation.complete', { tags: list(missing) }),
  );
}

/** Sensible lengths, in characters: what results pages show without cutting, and not a single word. */
const TITLE_LENGTH = { min: 15, max: 70 };

/**
 * A description under 25 characters is too short by Microsoft's SEO rules ("WEB1024 - The <meta
 * name="description"> tag contents are too short": "search engines may consider it to have less
 * relevance"); above 160 results pages cut it. Google sets neither bound (decision 066).
 */
const DESCRIPTION_LENGTH = { min: 25, max: 160 };

function length(text: string): number {
  return Array.from(clip(text, Number.MAX_SAFE_INTEGER)).length;
}

export function titleDescription(ctx: AuditContext): Verdict {
  const title = clip(ctx.page.title ?? '', Number.MAX_SAFE_INTEGER);
  const description = clip(metaByName(ctx.page, 'description')[0] ?? '', Number.MAX_SAFE_INTEGER);
  const evidence: Message[] = [];
  const problems: ('titleMissing' | 'title' | 'description')[] = [];
  if (title === '') {
    evidence.push(msg('items.titleDescription.evidence.noTitle'));
    problems.push('titleMissing');
  } else {
    evidence.push(
      msg('items.titleDescription.evidence.title', { title: clip(title, 80), length: length(title) }),
    );
    if (length(title) < TITLE_LENGTH.min || length(title) > TITLE_LENGTH.max) problems.push('title');
  }
  if (description === '') {
    evidence.push(msg('items.titleDescription.evidence.noDescription'));
    problems.push('description');
  } else {
    evidence.push(msg('items.titleDescription.evidence.description', { length: length(description) }));
    const n = length(description);
    if (n < DESCRIPTION_LENGTH.min || n > DESCRIPTION_LENGTH.max) problems.push('description');
  }
  if (problems.length === 0) return verdict('pass', evidence);
  const status = problems.includes('titleMissing') ? 'fail' : 'warning';
  const recommendation =
    problems[0] === 'description'
      ? msg('items.titleDescription.recommendation.description')
      : msg('items.titleDescription.recommendation.title');
  return verdict(status, evidence, recommendation);
}
