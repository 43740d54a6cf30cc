import { defineCheck, list, msg, verdict, type Verdict } from '../check.ts';
import { clip } from '../clip.ts';
import type { AuditContext } from '../context.ts';
import type { Message } from '../types.ts';
import { pagePath, siteOf } from './canonical.ts';

// The page's language (`<html lang>`) and its alternates in other languages (hreflang).

/** BCP 47 as pages use it: language, optional script, region and variants ("en", "fr-FR", "zh-Hant-TW"). */
const LANG_CODE = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-[a-z\d]{5,8})*$/i;

/** hreflang values: a language with an optional region, or x-default. */
const HREFLANG_CODE = /^(x-default|[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?)$/i;

function sameAddress(a: string, b: URL): boolean {
  try {
    const url = new URL(a);
    return siteOf(url) === siteOf(b) && pagePath(url) === pagePath(b) && url.search === b.search;
  } catch {
    return false;
  }
}

function langEvidence(lang: string | undefined): { ok: boolean; evidence: Message } {
  if (lang === undefined || lang.trim() === '')
    return { ok: false, evidence: msg('items.language.evidence.noLang') };
  const value = lang.trim();
  if (!LANG_CODE.test(value)) {
    return { ok: false, evidence: msg('items.language.evidence.badLang', { lang: clip(value, 40) }) };
  }
  return { ok: true, evidence: msg('items.language.evidence.lang', { lang: value }) };
}

function hreflangEvidence(ctx: AuditContext): { ok: boolean; evidence: Message } {
  const alternates = ctx.page.links.filter((l) => l.rel.includes('alternate') && l.hreflang !== '');
  if (alternates.length === 0) return { ok: true, evidence: msg('items.language.evidence.noHreflang') };
  const bad = alternates.filter((l) => !HREFLANG_CODE.test(l.hreflang)).map((l) => clip(l.hreflang, 20));
  if (bad.length > 0) {
    return {
      ok: false,
      evidence: msg('items.language.evidence.badHreflang', { codes: list([...new Set(bad)]) }),
    };
  }
  const canonicalUrl = ctx.page.links.find((l) => l.rel.includes('canonical'))?.url;
  const self = alternates.some(
    (l) =>
      l.url !== undefined &&
      (sameAddress(l.url, ctx.page.url) || (canonicalUrl !== undefined && l.url === canonicalUrl)),
  );
  const codes = list([...new Set(alternates.map((l) => l.hreflang))].slice(0, 12));
  if (!self)
    return {
      ok: false,
      evidence: msg('items.language.evidence.noSelf', { count: alternates.length, codes }),
    };
  return { ok: true, evidence: msg('items.language.evidence.hreflang', { count: alternates.length, codes }) };
}

function language(ctx: AuditContext): Verdict {
  const lang = langEvidence(ctx.page.lang);
  const hreflang = hreflangEvidence(ctx);
  const evidence = [lang.evidence, hreflang.evidence];
  if (!lang.ok) return verdict('warning', evidence, msg('items.language.recommendation.lang'));
  if (!hreflang.ok) return verdict('warning', evidence, msg('items.language.recommendation.hreflang'));
  return verdict('pass', evidence);
}

export const languageCheck = defineCheck({
  id: 'language',
  category: 'structuredData',
  weight: 0.5,
  needs: [],
  run: language,
});
