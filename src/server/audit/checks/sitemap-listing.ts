import { msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import type { Message } from '../types.ts';

// The XML sitemap: found, valid, and listing the page.

function sitemapReference(ctx: AuditContext): Message {
  return ctx.input.sitemapSource === 'robots'
    ? msg('items.sitemap.evidence.declared')
    : msg('items.sitemap.evidence.notDeclared');
}

export function sitemap(ctx: AuditContext): Verdict {
  const state = ctx.sitemap;
  const url = clip(state.url, 100);
  if (state.kind === 'missing') {
    const evidence = !state.status
      ? msg('items.sitemap.evidence.failed', { url, detail: clip(state.detail, 100) })
      : state.html
        ? msg('items.sitemap.evidence.missingHtml', { url })
        : msg('items.sitemap.evidence.missing', { url, status: state.status });
    return verdict('warning', [evidence], msg('items.sitemap.recommendation.add'));
  }
  if (state.kind === 'invalid') {
    const evidence =
      state.problem === 'root'
        ? msg('items.sitemap.evidence.invalidRoot', { url, root: clip(state.root, 40) })
        : state.problem === 'empty'
          ? msg('items.sitemap.evidence.invalidEmpty', { url })
          : msg('items.sitemap.evidence.invalidXml', { url });
    return verdict('fail', [evidence, sitemapReference(ctx)], msg('items.sitemap.recommendation.fix'));
  }
  const evidence: Message[] = [
    state.root === 'urlset'
      ? msg('items.sitemap.evidence.urlset', { url, count: state.count })
      : msg('items.sitemap.evidence.index', { url, count: state.count }),
    sitemapReference(ctx),
  ];
  if (state.root === 'urlset') {
    evidence.push(
      state.listsPage ? msg('items.sitemap.evidence.listsPage') : msg('items.sitemap.evidence.pageNotListed'),
    );
  }
  return verdict('pass', evidence);
}
