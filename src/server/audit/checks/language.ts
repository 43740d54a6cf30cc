import { list, msg, verdict, type Verdict } from '../check.ts';
import { bareHost, clip } from '../../../lib/text.ts';
import type { AuditContext } from '../context.ts';
import { isHreflang, isLanguageTag } from '../read/language-tags.ts';
import type { PageLink } from '../read/links.ts';
import type { Message } from '../types.ts';
import { pagePath } from './canonical.ts';

// The page's language (`<html lang>`, a BCP 47 tag per the HTML Standard) and its alternates in
// other languages (hreflang). Alternates are read where Google reads them: `<link rel="alternate"
// hreflang>` in the `<head>` and the HTTP `Link` header (ctx.links); Google's "Tell Google about
// localized versions of your page" puts the links in the head, gives each a language code
// (read/language-tags.ts) or x-default, and a fully-qualified URL, and wants each version to list
// itself. hreflang links in the `<body>` are ignored, as search engines ignore them.

function sameAddress(a: string, b: URL): boolean {
  try {
    const url = new URL(a);
    return (
      bareHost(url.hostname) === bareHost(b.hostname) &&
      pagePath(url) === pagePath(b) &&
      url.search === b.search
    );
  } catch {
    return false;
  }
}

function langEvidence(lang: string | undefined): { ok: boolean; evidence: Message } {
  if (lang === undefined || lang.trim() === '')
    return { ok: false, evidence: msg('items.language.evidence.noLang') };
  const value = lang.trim();
  if (!isLanguageTag(value)) {
    return { ok: false, evidence: msg('items.language.evidence.badLang', { lang: clip(value, 40) }) };
  }
  return { ok: true, evidence: msg('items.language.evidence.lang', { lang: value }) };
}

/** A code as the report quotes it: in quotes when it is empty or spaces around it are what is wrong. */
function quoted(code: string): string {
  return code !== '' && code === code.trim() ? clip(code, 20) : clip(JSON.stringify(code), 24);
}

/** Google asks for a fully-qualified URL: a scheme and a host, not a path or "//host/path". */
function isAbsolute(link: PageLink): boolean {
  return /^https?:\/\/[^/]/i.test(link.href.trim()) && link.url !== undefined;
}

function hreflangEvidence(ctx: AuditContext): { ok: boolean; evidence: Message[] } {
  const isAlternate = (l: { rel: string[]; hreflang: string | undefined }) =>
    l.rel.includes('alternate') && l.hreflang !== undefined;
  const alternates = ctx.links.filter(isAlternate);
  const inBody = ctx.page.links.filter((l) => !l.inHead && isAlternate(l)).length;
  const ignored = inBody > 0 ? [msg('items.language.evidence.inBody', { count: inBody })] : [];
  if (alternates.length === 0) {
    return { ok: true, evidence: [msg('items.language.evidence.noHreflang'), ...ignored] };
  }
  const codes = alternates.map((l) => l.hreflang!);
  const bad = codes.filter((code) => !isHreflang(code)).map(quoted);
  const problems: Message[] = [];
  if (bad.length > 0) {
    problems.push(
      msg('items.language.evidence.badHreflang', { codes: list([...new Set(bad)].slice(0, 12)) }),
    );
  }
  const unreachable = alternates.filter((l) => !isAbsolute(l)).map((l) => quoted(l.hreflang!));
  if (unreachable.length > 0) {
    problems.push(
      msg('items.language.evidence.badHref', {
        count: unreachable.length,
        codes: list([...new Set(unreachable)].slice(0, 12)),
      }),
    );
  }
  if (problems.length > 0) return { ok: false, evidence: [...problems, ...ignored] };
  const canonicalUrl = ctx.links.find((l) => l.rel.includes('canonical'))?.url;
  const self = alternates.some(
    (l) =>
      l.url !== undefined &&
      (sameAddress(l.url, ctx.page.url) || (canonicalUrl !== undefined && l.url === canonicalUrl)),
  );
  const shown = list([...new Set(codes)].slice(0, 12));
  if (!self) {
    return {
      ok: false,
      evidence: [
        msg('items.language.evidence.noSelf', { count: alternates.length, codes: shown }),
        ...ignored,
      ],
    };
  }
  return {
    ok: true,
    evidence: [
      msg('items.language.evidence.hreflang', { count: alternates.length, codes: shown }),
      ...ignored,
    ],
  };
}

export function language(ctx: AuditContext): Verdict {
  const lang = langEvidence(ctx.page.lang);
  const hreflang = hreflangEvidence(ctx);
  const evidence = [lang.evidence, ...hreflang.evidence];
  if (!lang.ok) return verdict('warning', evidence, msg('items.language.recommendation.lang'));
  if (!hreflang.ok) return verdict('warning', evidence, msg('items.language.recommendation.hreflang'));
  return verdict('pass', evidence);
}
