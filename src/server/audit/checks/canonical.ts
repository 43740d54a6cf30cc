import { defineCheck, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../clip.ts';
import type { AuditContext } from '../context.ts';

// The canonical address: one, absolute, on the same site, and this page.

/** The host without a leading "www.": http://www.example.com and https://example.com are one site. */
export function siteOf(url: URL): string {
  return url.hostname.replace(/^www\./, '');
}

/** The path compared for "same page": no trailing slash, no query, no fragment. */
export function pagePath(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

function canonical(ctx: AuditContext): Verdict {
  const links = ctx.page.links.filter((l) => l.rel.includes('canonical') && l.href.trim() !== '');
  if (links.length === 0) {
    return verdict(
      'warning',
      [msg('items.canonical.evidence.none')],
      msg('items.canonical.recommendation.add'),
    );
  }
  const distinct = new Set(links.map((l) => l.url ?? l.href));
  if (distinct.size > 1) {
    const evidence = [msg('items.canonical.evidence.several', { count: distinct.size })];
    return verdict('warning', evidence, msg('items.canonical.recommendation.one'));
  }
  const link = links[0]!;
  const href = clip(link.href, 100);
  if (!/^https?:\/\//i.test(link.href.trim()) || !link.url) {
    const evidence = [msg('items.canonical.evidence.relative', { href })];
    return verdict('warning', evidence, msg('items.canonical.recommendation.absolute'));
  }
  const target = new URL(link.url);
  const url = clip(link.url, 100);
  if (siteOf(target) !== siteOf(ctx.page.url)) {
    const evidence = [msg('items.canonical.evidence.otherSite', { url })];
    return verdict('fail', evidence, msg('items.canonical.recommendation.sameSite'));
  }
  if (pagePath(target) !== pagePath(ctx.page.url)) {
    const evidence = [msg('items.canonical.evidence.otherPage', { url })];
    return verdict('warning', evidence, msg('items.canonical.recommendation.samePage'));
  }
  return verdict('pass', [msg('items.canonical.evidence.ok', { url })]);
}

export const canonicalCheck = defineCheck({
  id: 'canonical',
  category: 'structuredData',
  weight: 1,
  needs: [],
  run: canonical,
});
