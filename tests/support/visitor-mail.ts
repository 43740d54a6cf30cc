import { expect } from 'vitest';
import enEmails from '../../src/i18n/locales/en/emails.json';
import frEmails from '../../src/i18n/locales/fr/emails.json';
import enTools from '../../src/i18n/locales/en/tools.json';
import frTools from '../../src/i18n/locales/fr/tools.json';
import type { AuditOutcome, AuditReport } from '../../src/lib/audit.ts';
import type { VisitorMail, VisitorMailRequest } from '../../src/server/delivery/channels/visitor-email.ts';
import { sampleAudit, sampleSavedReport } from '../../src/server/email/samples.ts';
import { createVisitorMailRenderer } from '../../src/server/email/visitor-mail.ts';
import type { Lang } from '../../src/site.ts';
import { checkCopy, format as formatCopy } from './copy-style.ts';
import { checkFrench, format as formatFrench } from './french-typography.ts';

// What the tests of the visitor emails share (tests/server/email/): a renderer on the samples with
// a fixed clock, readers of a rendered email, and the checks every email must pass.

export const SITE = 'https://geo-platform.example';
export const SECRET = Buffer.from('0123456789abcdef0123456789abcdef');
export const NOW = Date.parse('2025-03-01T10:00:00Z');
export const DAY = 24 * 60 * 60 * 1000;
export const TOOLS = { en: enTools, fr: frTools };
export const EMAILS = { en: enEmails, fr: frEmails };

export type SavedReports = (id: string, lang: Lang) => Promise<AuditReport | undefined>;

export function renderer(
  audit: (url: string, lang: Lang) => Promise<AuditOutcome> = sampleAudit,
  savedReport: SavedReports = sampleSavedReport,
) {
  return createVisitorMailRenderer({
    siteUrl: `${SITE}/`,
    tokenSecret: SECRET,
    audit,
    savedReport,
    now: () => NOW,
  });
}

export const render = (
  request: VisitorMailRequest,
  audit?: Parameters<typeof renderer>[0],
  savedReport?: SavedReports,
) => Promise.resolve(renderer(audit, savedReport)(request));

/** Every href of an HTML email, entities decoded. */
export const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));

export function decode(html: string): string {
  return html
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&zwnj;/g, '\u200c')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** What a reader sees in the HTML: comments, head and tags removed, entities decoded. */
export function visibleText(html: string): string {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<head>[\s\S]*<\/head>/, '');
  return decode(body.replace(/<[^>]+>/g, ' '));
}

export const TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;
export const URL_IN_TEXT = /https?:\/\/\S+/g;
/** The preheader's padding (joiners and no-break spaces that keep mail apps from previewing more). */
export const PREHEADER_PADDING = /[\u034f\u200c\u00a0]{3,}/g;

export function expectWellFormedEmail(mail: VisitorMail, lang: Lang) {
  const { html, text } = mail;
  expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
  expect(html).toContain(`<html lang="${lang}" dir="ltr">`);
  expect(html).toContain('<meta charset="utf-8">');
  expect(html).toMatch(/<title>[^<]+<\/title>/);
  expect(html).toContain('id="preheader"');
  expect(html).toMatch(/<h1 [^>]*>/);
  expect(html).toContain('</html>');
  // No remote content, no scripts, and no stylesheet outside Outlook's conditional comment.
  expect(html).not.toMatch(/<img/i);
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html.replace(/<!--[\s\S]*?-->/g, '')).not.toMatch(/<style/i);
  // Every link goes to the site, and is also in the plain text.
  for (const href of hrefs(html)) {
    expect(href.startsWith(`${SITE}/${lang}/`)).toBe(true);
    expect(text).toContain(href);
  }
  expect(text.trim().length).toBeGreaterThan(200);
  expect(text).not.toMatch(TAG);
  expect(text).toContain('GEO Platform');
}

/** French typography in what a reader sees (addresses aside), every rule of french-typography.ts. */
export function expectFrenchTypography(...texts: string[]) {
  for (const raw of texts) {
    const text = raw.replace(URL_IN_TEXT, '');
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/« /);
    expect(text).not.toMatch(/\p{L}'\p{L}/u);
    expect(formatFrench(checkFrench(text.replace(PREHEADER_PADDING, ' '), 'email'))).toBe('');
  }
}

/** English typography in what a reader sees: numbers kept with their units, the ellipsis character. */
export function expectEnglishTypography(...texts: string[]) {
  for (const raw of texts) {
    // A tag's edge read as a space next to a no-break space is one space (the score's "78 out of").
    const text = raw
      .replace(URL_IN_TEXT, '')
      .replace(PREHEADER_PADDING, ' ')
      .replace(/ +\u00a0/g, '\u00a0');
    expect(formatCopy(checkCopy(text, 'en', 'email'))).toBe('');
  }
}

/** Each email's typography in its language. */
export function expectTypography(lang: Lang, ...texts: string[]) {
  if (lang === 'fr') expectFrenchTypography(...texts);
  else expectEnglishTypography(...texts);
}

/** Every string of a translation file. */
export function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}
