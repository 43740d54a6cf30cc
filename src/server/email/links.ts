import { recheckPath, type RecheckAction } from '../../lib/recheck.ts';
import type { Lang } from '../../site.ts';
import { signToken } from './tokens.ts';

// The addresses the visitor emails link to, all on the site itself. Query values are encoded with
// the characters encodeURIComponent leaves alone as well ( ' ( ) * ! ), so that a link quoted in
// parentheses in the plain-text version still ends where it should.

export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The site's origin and base path without a trailing slash; throws on anything but http(s). */
export function normalizeSiteUrl(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    throw new Error(`siteUrl is not an absolute URL: ${siteUrl.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`siteUrl must be an http(s) URL: ${siteUrl.slice(0, 100)}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** A page of the site in a language: `{siteUrl}/{lang}/{path}`. */
export function pageUrl(siteUrl: string, lang: Lang, path = ''): string {
  return `${siteUrl}/${lang}/${path}`;
}

/** A saved audit report's permanent link in a language (its page, /{lang}/tools/report/{id}). */
export function reportPageUrl(siteUrl: string, lang: Lang, id: string): string {
  return pageUrl(normalizeSiteUrl(siteUrl), lang, `tools/report/${id}`);
}

/** A monthly re-check's confirm or unsubscribe link (decision 032): the subscription's id is its key. */
export function recheckUrl(siteUrl: string, lang: Lang, action: RecheckAction, id: string): string {
  return `${normalizeSiteUrl(siteUrl)}${recheckPath(lang, action, id)}`;
}

/** The Tools page, auditing `website` when given: the full report, or a new try. */
export function toolsUrl(siteUrl: string, lang: Lang, website?: string | null): string {
  const base = pageUrl(siteUrl, lang, 'tools');
  return website ? `${base}?url=${encodeQueryValue(website)}` : base;
}

/** The double opt-in link (its token expires after 7 days). */
export function newsletterConfirmUrl(
  siteUrl: string,
  secret: Buffer,
  email: string,
  lang: Lang,
  now = Date.now(),
) {
  const token = signToken(secret, { email, lang, purpose: 'confirm' }, now);
  return `${pageUrl(siteUrl, lang, 'newsletter/confirm')}?token=${encodeQueryValue(token)}`;
}

/** The unsubscribe link every newsletter email carries (its token does not expire). */
export function newsletterUnsubscribeUrl(siteUrl: string, secret: Buffer, email: string, lang: Lang) {
  const token = signToken(secret, { email, lang, purpose: 'unsubscribe' });
  return `${pageUrl(siteUrl, lang, 'newsletter/unsubscribe')}?token=${encodeQueryValue(token)}`;
}

/** RFC 2369 and RFC 8058 headers: mail clients show an unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
