import { msg, verdict, type Verdict } from '../check.ts';
import { bareHost, clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';

// The canonical address: one, absolute, on the same site, and this page. It is read where search
// engines read it: `<link rel="canonical">` in the `<head>` and the HTTP `Link` header (RFC 8288),
// merged in ctx.links. Google ignores a rel=canonical in the `<body>` and says to put it "in the
// <head> of the page or in the HTTP header"; with several different ones it ignores them all ("5
// common mistakes with rel=canonical", Google Search Central blog, 2013; "Supporting rel=canonical
// HTTP headers", 2011). Two mistakes Lighthouse's canonical audit names get their own words (decision
// 066): a canonical to the home page from another page, and one to another language version of the
// page, where Google asks for "a canonical page in the same language" ("Tell Google about localized
// versions of your page").

/** The path compared for "same page": no trailing slash, no query, no fragment. */
export function pagePath(url: URL): string {
  return url.pathname.replace(/\/+$/, '') || '/';
}

/** The same page: same site (www or not) and same path, as an hreflang alternate may write it. */
function samePage(a: URL, b: URL): boolean {
  return bareHost(a.hostname) === bareHost(b.hostname) && pagePath(a) === pagePath(b);
}

/** A canonical on this site that names another page: another language version, the home page, or other. */
function elsewhere(ctx: AuditContext, target: URL, url: string): Verdict {
  const version = ctx.links.find(
    (l) =>
      l.rel.includes('alternate') &&
      l.hreflang !== undefined &&
      l.url !== undefined &&
      samePage(new URL(l.url), target),
  );
  if (version) {
    const evidence = [
      msg('items.canonical.evidence.otherLanguage', { url, lang: clip(version.hreflang!, 20) }),
    ];
    return verdict('warning', evidence, msg('items.canonical.recommendation.sameLanguage'));
  }
  const key =
    pagePath(target) === '/' ? 'items.canonical.evidence.root' : 'items.canonical.evidence.otherPage';
  return verdict('warning', [msg(key, { url })], msg('items.canonical.recommendation.samePage'));
}

export function canonical(ctx: AuditContext): Verdict {
  const isCanonical = (l: { rel: string[]; href: string }) =>
    l.rel.includes('canonical') && l.href.trim() !== '';
  const links = ctx.links.filter(isCanonical);
  if (links.length === 0) {
    // A canonical written in the body is ignored: say so, since the page's author meant one.
    const inBody = ctx.page.links.find((l) => !l.inHead && isCanonical(l));
    if (inBody) {
      const evidence = [
        msg('items.canonical.evidence.none'),
        msg('items.canonical.evidence.inBody', { href: clip(inBody.href, 100) }),
      ];
      return verdict('warning', evidence, msg('items.canonical.recommendation.moveToHead'));
    }
    return verdict(
      'warning',
      [msg('items.canonical.evidence.none')],
      msg('items.canonical.recommendation.add'),
    );
  }
  const distinct = new Set(links.map((l) => l.url ?? l.href));
  if (distinct.size > 1) {
    const evidence = [msg('items.canonical.evidence.several', { count: distinct.size })];
    const head = links.find((l) => l.source === 'head');
    const header = links.find(
      (l) => l.source === 'header' && (l.url ?? l.href) !== (head?.url ?? head?.href),
    );
    if (head && header) {
      evidence.push(
        msg('items.canonical.evidence.conflict', {
          head: clip(head.url ?? head.href, 100),
          header: clip(header.url ?? header.href, 100),
        }),
      );
    }
    return verdict('warning', evidence, msg('items.canonical.recommendation.one'));
  }
  const link = links[0]!;
  const href = clip(link.href, 100);
  if (!link.url) {
    // Not an address even against the page's own ("https:// example.com"): no engine can follow it.
    const evidence = [msg('items.canonical.evidence.invalid', { href })];
    return verdict('warning', evidence, msg('items.canonical.recommendation.absolute'));
  }
  if (!/^https?:\/\//i.test(link.href.trim())) {
    const evidence = [msg('items.canonical.evidence.relative', { href })];
    return verdict('warning', evidence, msg('items.canonical.recommendation.absolute'));
  }
  const target = new URL(link.url);
  const url = clip(link.url, 100);
  if (bareHost(target.hostname) !== bareHost(ctx.page.url.hostname)) {
    const evidence = [msg('items.canonical.evidence.otherSite', { url })];
    return verdict('fail', evidence, msg('items.canonical.recommendation.sameSite'));
  }
  if (pagePath(target) !== pagePath(ctx.page.url)) return elsewhere(ctx, target, url);
  const evidence = [msg('items.canonical.evidence.ok', { url })];
  if (links.every((l) => l.source === 'header')) evidence.push(msg('items.canonical.evidence.header'));
  return verdict('pass', evidence);
}
