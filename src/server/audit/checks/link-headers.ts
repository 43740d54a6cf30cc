import { list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import type { PageLink } from '../read/links.ts';

// Link headers for agents (RFC 8288): the HTTP answer itself can point to what an agent wants, a
// Markdown copy of the page (`rel="alternate"; type="text/markdown"`) or the site's llms.txt
// (`rel="describedby"`, or any registered relation), so an agent that reads headers only, or makes a
// HEAD request, finds them without parsing the HTML. Agent-readiness scanners check it; no engine
// documents using it yet: a light weight.

/** Header links an agent can use: a Markdown alternate, llms.txt, a sitemap or an API description. */
function forAgents(link: PageLink): boolean {
  if (link.url === undefined) return false;
  const path = new URL(link.url).pathname;
  if (link.rel.includes('alternate') && link.type === 'text/markdown') return true;
  if (path === '/llms.txt' || path === '/llms-full.txt') return true;
  return link.rel.some((rel) => ['sitemap', 'api-catalog', 'service-desc', 'describedby'].includes(rel));
}

function describe(link: PageLink): string {
  return `<${clip(link.href, 60)}>; rel=${link.rel.join(' ')}${link.type ? `; type=${link.type}` : ''}`;
}

export function linkHeaders(ctx: AuditContext): Verdict {
  const sent = ctx.links.filter((l) => l.source === 'header');
  if (sent.length === 0) {
    return verdict(
      'warning',
      [msg('items.linkHeaders.evidence.none')],
      msg('items.linkHeaders.recommendation.add'),
    );
  }
  const useful = sent.filter(forAgents);
  if (useful.length === 0) {
    const links = list(sent.slice(0, 3).map(describe));
    return verdict(
      'warning',
      [msg('items.linkHeaders.evidence.others', { count: sent.length, links })],
      msg('items.linkHeaders.recommendation.add'),
    );
  }
  return verdict('pass', [
    msg('items.linkHeaders.evidence.found', { links: list(useful.slice(0, 4).map(describe)) }),
  ]);
}
