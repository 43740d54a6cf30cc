import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import enEmails from '../../../src/i18n/locales/en/emails.json';
import frEmails from '../../../src/i18n/locales/fr/emails.json';
import enTools from '../../../src/i18n/locales/en/tools.json';
import frTools from '../../../src/i18n/locales/fr/tools.json';
import type { AuditOutcome, AuditReport } from '../../../src/lib/audit.ts';
import type { VisitorMail, VisitorMailRequest } from '../../../src/server/delivery/channels/visitor-email.ts';
import {
  SAMPLE_FAILING_WEBSITE,
  SAMPLE_REPORT_ID,
  SAMPLE_WEBSITE,
  sampleAudit,
  sampleReport,
  sampleRequests,
  sampleSavedReport,
} from '../../../src/server/email/samples.ts';
import {
  CONFIRM_TOKEN_TTL_MS,
  MAX_TOKEN_LENGTH,
  signToken,
  verifyToken,
} from '../../../src/server/email/tokens.ts';
import { createVisitorMailRenderer } from '../../../src/server/email/visitor-mail.ts';
import { LANGUAGES, type Lang } from '../../../src/site.ts';
import { checkCopy, format as formatCopy } from '../../support/copy-style.ts';
import { checkFrench, format as formatFrench } from '../../support/french-typography.ts';

const SITE = 'https://geo-platform.example';
const SECRET = Buffer.from('0123456789abcdef0123456789abcdef');
const NOW = Date.parse('2025-03-01T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const TOOLS = { en: enTools, fr: frTools };
const EMAILS = { en: enEmails, fr: frEmails };

type SavedReports = (id: string, lang: Lang) => Promise<AuditReport | undefined>;

function renderer(
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

const render = (
  request: VisitorMailRequest,
  audit?: Parameters<typeof renderer>[0],
  savedReport?: SavedReports,
) => Promise.resolve(renderer(audit, savedReport)(request));

/** Every href of an HTML email, entities decoded. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => decode(m[1]!));

function decode(html: string): string {
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
function visibleText(html: string): string {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<head>[\s\S]*<\/head>/, '');
  return decode(body.replace(/<[^>]+>/g, ' '));
}

const TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;
const URL_IN_TEXT = /https?:\/\/\S+/g;
/** The preheader's padding (joiners and no-break spaces that keep mail apps from previewing more). */
const PREHEADER_PADDING = /[\u034f\u200c\u00a0]{3,}/g;

function expectWellFormedEmail(mail: VisitorMail, lang: Lang) {
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
function expectFrenchTypography(...texts: string[]) {
  for (const raw of texts) {
    const text = raw.replace(URL_IN_TEXT, '');
    expect(text).not.toMatch(/ [:;!?»]/);
    expect(text).not.toMatch(/« /);
    expect(text).not.toMatch(/\p{L}'\p{L}/u);
    expect(formatFrench(checkFrench(text.replace(PREHEADER_PADDING, ' '), 'email'))).toBe('');
  }
}

/** English typography in what a reader sees: numbers kept with their units, the ellipsis character. */
function expectEnglishTypography(...texts: string[]) {
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
function expectTypography(lang: Lang, ...texts: string[]) {
  if (lang === 'fr') expectFrenchTypography(...texts);
  else expectEnglishTypography(...texts);
}

/** Every string of a translation file. */
function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}

describe('email texts', () => {
  it('has the same keys in both languages', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      tree && typeof tree === 'object'
        ? Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    expect(keys(frEmails).sort()).toEqual(keys(enEmails).sort());
  });

  it('follows French typography in every French string', () => {
    for (const value of strings(frEmails)) {
      const prose = value.replace(/https?:\/\//g, '');
      expect(prose, value).not.toMatch(/'/);
      expect(prose, value).not.toMatch(/[ \u202f]:/);
      expect(prose, value).not.toMatch(/[^\u00a0]:/);
      expect(prose, value).not.toMatch(/[^\u202f][;!?]/);
    }
  });
});

describe.each(LANGUAGES)('visitor emails in %s', (lang) => {
  const requests = sampleRequests(lang);
  const tools = TOOLS[lang];
  const texts = EMAILS[lang];

  describe('waitlist confirmation with an audit', () => {
    it('carries the score, the categories, the top findings and the full report link', async () => {
      const audit = vi.fn(sampleAudit);
      const mail = await render(requests.waitlist, audit);
      expect(audit).toHaveBeenCalledWith(SAMPLE_WEBSITE, lang);
      expectWellFormedEmail(mail, lang);

      expect(mail.subject).toBe(
        lang === 'en'
          ? 'GEO Platform waitlist: your AI citation audit of bakery-example.com (78/100)'
          : 'Liste d’attente GEO Platform\u00a0: votre audit de citation IA de bakery-example.com (78\u00a0sur 100)',
      );
      const report = `${SITE}/${lang}/tools?url=${encodeURIComponent(SAMPLE_WEBSITE)}`;
      expect(hrefs(mail.html)).toContain(report);
      expect(mail.text).toContain(report);

      const seen = visibleText(mail.html);
      expect(mail.html).toMatch(/>78<\/strong>/);
      expect(mail.text).toContain(
        lang === 'en' ? 'Overall score: 78\u00a0out of 100' : 'Score global\u00a0: 78\u00a0sur 100',
      );
      expect(seen).toContain(tools.results.overall.messages.good);
      expect(mail.text).toContain(tools.results.overall.messages.good.slice(0, 30));
      const scores = { crawlerAccess: 86, structuredData: 70, citability: 88, technical: 66 };
      for (const [id, score] of Object.entries(scores)) {
        const name = tools.results.categories[id as keyof typeof scores].name;
        const line =
          lang === 'en' ? `${name}: ${score}\u00a0out of 100` : `${name}\u00a0: ${score}\u00a0sur 100`;
        expect(mail.text).toContain(line);
        expect(seen).toContain(name);
      }

      // Failed checks first, then warnings, six at most; the seventh is left to the full report.
      const items = sampleReport(SAMPLE_WEBSITE, lang).categories.flatMap((c) => c.items);
      const fails = items.filter((i) => i.status === 'fail');
      const warnings = items.filter((i) => i.status === 'warning');
      const expected = [...fails, ...warnings].slice(0, 6);
      const positions = expected.map((item) => seen.indexOf(item.title));
      expect(positions.every((p) => p > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const item of expected) {
        expect(seen).toContain(item.evidence);
        expect(seen).toContain(item.recommendation);
      }
      expect(seen).not.toContain(warnings[3]!.title);
      expect(seen).not.toContain(items.find((i) => i.status === 'pass')!.title);
      expect(seen).toContain(tools.results.itemStatus.fail);
      expect(mail.text).toContain(`[${tools.results.itemStatus.fail}] ${fails[0]!.title}`);
      expect(mail.text).toContain(texts.waitlist.report.more_one.replace('{{count}}', '1'));
      expectTypography(lang, mail.subject, visibleText(mail.html), mail.text);
    });

    it('greets by name, and without one when the visitor left it out', async () => {
      const named = await render(requests.waitlist);
      expect(named.text).toContain(lang === 'en' ? 'Hello Jane Smith,' : 'Bonjour Camille Durand,');
      const anonymous = await render(requests['waitlist-failed']);
      expect(anonymous.text).toContain(texts.layout.greetingAnonymous);
      expect(anonymous.text).not.toContain('Not provided');
    });
  });

  describe('waitlist confirmation without an audit', () => {
    it('says plainly why the audit failed, what to check, and links to try again', async () => {
      const mail = await render(requests['waitlist-failed']);
      expectWellFormedEmail(mail, lang);
      expect(mail.subject).toContain('offline.bakery-example.com');
      expect(mail.subject).not.toContain('100');
      expect(mail.text).toContain(texts.waitlist.failed.reasons.unreachable);
      expect(mail.text).toContain(texts.waitlist.failed.check.unreachable.slice(0, 40));
      expect(hrefs(mail.html)).toContain(
        `${SITE}/${lang}/tools?url=${encodeURIComponent(SAMPLE_FAILING_WEBSITE)}`,
      );
      expect(mail.text).not.toContain(tools.results.overall.title);
      expectTypography(lang, mail.subject, visibleText(mail.html), mail.text);
    });

    it.each(['refused', 'timeout', 'httpError', 'notHtml', 'tooLarge'] as const)(
      'explains %s',
      async (reason) => {
        const mail = await render(requests.waitlist, async (url) => ({
          ok: false,
          url,
          reason,
          message: 'x',
        }));
        expect(visibleText(mail.html)).toContain(texts.waitlist.failed.reasons[reason]);
        expect(mail.text).toContain(texts.waitlist.failed.check[reason].slice(0, 30));
      },
    );

    it.each(['busy', 'rateLimited'] as const)(
      'throws when the audit answers %s, so it is retried',
      async (reason) => {
        await expect(
          render(requests.waitlist, async (url) => ({ ok: false, url, reason, message: 'x' })),
        ).rejects.toMatchObject({ code: 'AUDIT_UNAVAILABLE' });
      },
    );

    it('lets an audit error through (retried too)', async () => {
      await expect(render(requests.waitlist, () => Promise.reject(new Error('boom')))).rejects.toThrow(
        'boom',
      );
    });

    it('confirms the place and links to the audit when the website is missing or unusable', async () => {
      for (const website of [null, '', 'not a url', 42]) {
        const audit = vi.fn(sampleAudit);
        const request = { ...requests.waitlist, lead: { ...requests.waitlist.lead, website } };
        const mail = await render(request, audit);
        expect(audit).not.toHaveBeenCalled();
        expect(mail.subject).toBe(texts.waitlist.subject.noWebsite);
        expect(hrefs(mail.html)).toContain(`${SITE}/${lang}/tools`);
        expectWellFormedEmail(mail, lang);
      }
    });
  });

  describe('contact acknowledgement', () => {
    it('promises a reply within 24 hours and sums up what was sent, never the message itself', async () => {
      const mail = await render(requests.contact);
      expectWellFormedEmail(mail, lang);
      expect(mail.subject).toBe(texts.contact.subject);
      expect(mail.subject).toContain('24');
      const seen = visibleText(mail.html);
      expect(seen).toContain(lang === 'en' ? 'AI Visibility Audit' : 'Audit de visibilité IA');
      expect(seen).toContain('bakery-example.com');
      expect(mail.text).toContain(
        lang === 'en' ? 'Website: www.bakery-example.com' : 'Site web\u00a0: www.bakery-example.com',
      );
      // What the visitor wrote stays with the team (the team email has it all).
      for (const words of ['We run three bakeries', 'Nous tenons trois boulangeries', 'croissants']) {
        expect(seen).not.toContain(words);
        expect(mail.text).not.toContain(words);
      }
      expect(mail.html).not.toContain('<blockquote');
      expectTypography(lang, mail.subject, seen, mail.text);
    });

    it('copes with a lead that has only an address', async () => {
      const request = { ...requests.contact, lead: { email: requests.contact.recipient } };
      const mail = await render(request);
      expectWellFormedEmail(mail, lang);
      expect(mail.text).toContain(texts.layout.greetingAnonymous);
      expect(mail.text).toContain(texts.layout.notGiven);
    });
  });

  describe('free text typed by the visitor (issue 26: a visitor email goes to any address typed)', () => {
    // Words that must never reach the recipient: each hostile value below carries one of them.
    const MARKERS = ['spam.example', 'PILLS', 'Visit', 'alert(1)', '<script', '<b>', 'onerror', 'WINNER'];
    const hostile = {
      name: 'Jane\nVisit https://spam.example/PILLS <b>now</b>',
      company: 'PILLS Inc, https://spam.example',
      message:
        'WINNER! Visit https://spam.example/PILLS\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
      service: 'Cheap PILLS at spam.example',
      website: 'https://www.bakery-example.com/PILLS/Visit?WINNER=spam.example#Visit',
      phone: 'Visit spam.example',
    };

    const exposed = (mail: VisitorMail) =>
      [mail.subject, mail.html, mail.text, ...Object.values(mail.headers ?? {})].join('\n');

    it.each(['waitlist', 'waitlist-failed', 'contact', 'newsletter', 'report'] as const)(
      '%s: none of it appears, in the HTML, the text, the subject or a header',
      async (kind) => {
        const request = { ...requests[kind], lead: { ...requests[kind].lead, ...hostile } };
        const audited: string[] = [];
        const mail = await render(request, async (url, auditLang) => {
          audited.push(url);
          return sampleAudit(url, auditLang);
        });
        expectWellFormedEmail(mail, lang);
        const all = exposed(mail);
        // Percent-encoded, a link would still carry the words: check the decoded form too.
        const decoded = decode(all).replace(/(?:%[0-9A-F]{2})+/gi, (m) => {
          try {
            return decodeURIComponent(m);
          } catch {
            return m;
          }
        });
        for (const marker of MARKERS) {
          expect(all, marker).not.toContain(marker);
          expect(decoded, marker).not.toContain(marker);
        }
        // The website is named, linked and audited by its origin alone.
        for (const url of audited) expect(url).toBe('https://www.bakery-example.com/');
        // The first line of the name is plain: the greeting keeps it.
        if (kind !== 'newsletter' && kind !== 'report')
          expect(mail.text).toContain(lang === 'en' ? 'Hello Jane,' : 'Bonjour Jane,');
      },
    );

    it.each([
      ['a domain', 'Win at spam.example'],
      ['an address', 'PILLS@spam.example'],
      ['a link', 'https://spam.example'],
      ['markup', '<b>Jane</b>'],
      ['symbols', 'WINNER $$$ ###'],
      ['digits', 'Call 0800 123 456'],
      ['a bidirectional override', 'Jane\u202eelpmaxe.maps'],
      ['only spaces', '   '],
      ['one word over 40 characters', 'A'.repeat(41)],
    ])('greets anonymously a name with %s', async (_what, name) => {
      const request = { ...requests.waitlist, lead: { ...requests.waitlist.lead, name } };
      const mail = await render(request);
      expect(mail.text).toContain(`${texts.layout.greetingAnonymous}\n`);
      const all = exposed(mail);
      for (const part of name.split(/\s+/).filter((w) => w.length > 2)) expect(all).not.toContain(part);
    });

    it('keeps a long name to its words within 40 characters, and real names as they are', async () => {
      const greet = async (name: string) => {
        const request = { ...requests.contact, lead: { ...requests.contact.lead, name } };
        return (await render(request)).text;
      };
      expect(await greet('Marie-Hélène Dupont de la Fontaine-Saint-Germain')).toContain(
        lang === 'en' ? 'Hello Marie-Hélène Dupont de la,' : 'Bonjour Marie-Hélène Dupont de la,',
      );
      for (const name of ['Zoë O’Brien', "D'Arcy J. R. Smith", '李小龍', 'Łukasz Żółć']) {
        expect(await greet(name)).toContain(lang === 'en' ? `Hello ${name},` : `Bonjour ${name},`);
      }
    });
  });

  describe('newsletter double opt-in', () => {
    it('links to a confirmation that verifies, expires in 7 days, and carries an unsubscribe link', async () => {
      const mail = await render(requests.newsletter);
      expectWellFormedEmail(mail, lang);
      expect(mail.subject).toBe(texts.newsletter.subject);
      const links = hrefs(mail.html);
      const confirm = links.find((h) => h.startsWith(`${SITE}/${lang}/newsletter/confirm?token=`));
      const unsubscribe = links.find((h) => h.startsWith(`${SITE}/${lang}/newsletter/unsubscribe?token=`));
      expect(confirm).toBeDefined();
      expect(unsubscribe).toBeDefined();

      const confirmToken = new URL(confirm!).searchParams.get('token')!;
      const email = requests.newsletter.recipient;
      // Issued when the email was rendered: a later unsubscribe makes it invalid (decision 021).
      expect(verifyToken(SECRET, confirmToken, 'confirm', NOW)).toEqual({
        ok: true,
        email,
        lang,
        issuedAt: NOW,
      });
      expect(verifyToken(SECRET, confirmToken, 'confirm', NOW + 7 * DAY - 1).ok).toBe(true);
      expect(verifyToken(SECRET, confirmToken, 'confirm', NOW + 7 * DAY)).toEqual({
        ok: false,
        reason: 'expired',
      });
      expect(verifyToken(SECRET, confirmToken, 'unsubscribe', NOW).ok).toBe(false);

      const unsubscribeToken = new URL(unsubscribe!).searchParams.get('token')!;
      expect(verifyToken(SECRET, unsubscribeToken, 'unsubscribe', NOW + 3650 * DAY)).toEqual({
        ok: true,
        email,
        lang,
      });
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail.text).toContain(confirm);
      expect(mail.text).toContain(unsubscribe);
      expect(visibleText(mail.html)).toContain(texts.newsletter.expires);
      expect(visibleText(mail.html)).toContain(texts.newsletter.notYou);
      expectTypography(lang, mail.subject, visibleText(mail.html), mail.text);
    });
  });
  describe('report summary (“Email me this report”)', () => {
    const permalink = `${SITE}/${lang}/tools/report/${SAMPLE_REPORT_ID}`;
    /** The sample's stored lead, as the store gives it: its columns and its lead_data. */
    const reportLead = requests.report.lead;
    /** The plain text with its lines unwrapped (it wraps at 72 characters, at ordinary spaces). */
    const unwrapped = (text: string) => text.replace(/ *\n +/g, ' ').replace(/([^\n])\n(?=[^\n-=])/g, '$1 ');

    it('reads the saved report, and carries its address, scores, changes, top fixes and permanent link', async () => {
      const read = vi.fn(sampleSavedReport);
      const mail = await render(requests.report, undefined, read);
      expect(read).toHaveBeenCalledWith(SAMPLE_REPORT_ID, lang);
      expectWellFormedEmail(mail, lang);
      expect(mail.subject).toBe(
        lang === 'en'
          ? 'Your AI citation audit of bakery-example.com'
          : 'Votre audit de citation IA de bakery-example.com',
      );
      const seen = visibleText(mail.html);
      expect(mail.html).toMatch(/<h1 [^>]*>(Your AI citation audit|Votre audit de citation IA) of|de /);
      // The audited address as text, never a link; the only report link is ours, as button and text.
      expect(seen).toContain(SAMPLE_WEBSITE);
      expect(hrefs(mail.html).some((href) => href.includes('bakery-example'))).toBe(false);
      expect(mail.text).toContain(
        lang === 'en' ? `Address audited: ${SAMPLE_WEBSITE}` : `Adresse auditée\u00a0: ${SAMPLE_WEBSITE}`,
      );
      expect(hrefs(mail.html).filter((href) => href === permalink)).toHaveLength(2);
      expect(mail.html).toContain(`>${texts.report.button}</a>`);
      expect(mail.text).toContain(`${texts.report.button}\n${permalink}`);
      expect(seen).toContain(texts.report.linkNote);

      // The overall score and the four categories.
      expect(mail.html).toMatch(/>78<\/strong>/);
      expect(mail.text).toContain(
        lang === 'en' ? 'Overall score: 78\u00a0out of 100' : 'Score global\u00a0: 78\u00a0sur 100',
      );
      for (const [id, score] of Object.entries({
        crawlerAccess: 86,
        structuredData: 70,
        citability: 88,
        technical: 66,
      })) {
        const name = tools.results.categories[id as 'crawlerAccess'].name;
        expect(mail.text).toContain(
          lang === 'en' ? `${name}: ${score}\u00a0out of 100` : `${name}\u00a0: ${score}\u00a0sur 100`,
        );
      }

      // What changed since the earlier report, in one line.
      expect(unwrapped(mail.text)).toContain(
        lang === 'en'
          ? 'Since the earlier report of February 1, 2025, the overall score has gone up from 64 to 78\u00a0out of 100. 2 checks changed their result.'
          : 'Depuis le rapport précédent du 1er février 2025, le score global est passé de 64 à 78\u00a0sur 100. 2\u00a0vérifications ont changé de résultat.',
      );

      // Failed checks first, then warnings, five at most, each with its recommendation.
      const items = sampleReport(SAMPLE_WEBSITE, lang).categories.flatMap((c) => c.items);
      const ranked = [
        ...items.filter((i) => i.status === 'fail'),
        ...items.filter((i) => i.status === 'warning'),
      ];
      const positions = ranked.slice(0, 5).map((item) => seen.indexOf(item.title));
      expect(positions.every((p) => p > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const item of ranked.slice(0, 5)) expect(seen).toContain(item.recommendation);
      for (const item of ranked.slice(5)) expect(seen).not.toContain(item.title);
      expect(mail.text).toContain(texts.waitlist.report.more_other.replace('{{count}}', '2'));
      expectTypography(lang, mail.subject, seen, mail.text);
    });

    it('says nothing of changes for an address’s first report', async () => {
      const mail = await render(requests.report, undefined, async (id, reportLang) => {
        const report = await sampleSavedReport(id, reportLang);
        return report && { ...report, changes: undefined };
      });
      expect(mail.text).not.toContain(texts.report.changes.title);
      expect(mail.text).toContain(permalink);
    });

    it('still goes when the report has expired: says so, and links to a new audit of the site', async () => {
      const mail = await render(requests.report, undefined, async () => undefined);
      expectWellFormedEmail(mail, lang);
      expect(mail.subject).toBe(texts.report.subject.expired.replace('{{domain}}', 'bakery-example.com'));
      expect(unwrapped(mail.text)).toContain(texts.report.expired.text);
      expect(hrefs(mail.html)).toContain(`${SITE}/${lang}/tools?url=${encodeURIComponent(SAMPLE_WEBSITE)}`);
      expect(mail.text).not.toContain(`/tools/report/`);
      expect(mail.text).not.toContain(tools.results.overall.title);
      expectTypography(lang, mail.subject, visibleText(mail.html), mail.text);
    });

    it('reads the report id and address from lead_data, as a Supabase lead carries them', async () => {
      const { website: _column, ...lead } = reportLead;
      const expired = await render({ ...requests.report, lead }, undefined, async () => undefined);
      expect(expired.subject).toContain('bakery-example.com');
      const fromText = { ...lead, lead_data: JSON.stringify(lead.lead_data) };
      expect((await render({ ...requests.report, lead: fromText })).text).toContain(permalink);
    });

    it('is retried, never sent as expired, when the store cannot be read', async () => {
      await expect(
        render(requests.report, undefined, () => Promise.reject(new Error('store down'))),
      ).rejects.toThrow('store down');
    });

    it('refuses a lead without a well-formed report id', async () => {
      for (const report_id of [undefined, '', 'ABC', `${SAMPLE_REPORT_ID}0`, '../x']) {
        const lead = { ...reportLead, lead_data: { ...reportLead.lead_data, report_id } };
        await expect(render({ ...requests.report, lead })).rejects.toMatchObject({ code: 'NO_REPORT' });
      }
    });
  });
});

describe('hostile values', () => {
  const SCRIPT = '<script>alert("x")</script>';
  const ATTR = '"><img src=x onerror=alert(1)>';

  it('are escaped in every email, and kept as text in the plain version', async () => {
    const requests = sampleRequests('en');
    const audit = async (url: string): Promise<AuditOutcome> => {
      const report = sampleReport(url, 'en');
      const first = report.categories[0]!.items[0]!;
      first.evidence = `robots.txt says ${SCRIPT} ${ATTR}`;
      first.title = `Title ${SCRIPT}`;
      first.recommendation = `Do ${ATTR}`;
      return { ok: true, report };
    };
    const lead = (base: VisitorMailRequest, website = base.lead.website): VisitorMailRequest => ({
      ...base,
      lead: {
        ...base.lead,
        name: `Eve ${SCRIPT}`,
        message: `Hi ${SCRIPT}\n${ATTR}`,
        service: `other${SCRIPT}`,
        website,
      },
    });
    const contact = lead(requests.contact, `https://x.example/${ATTR}`);
    const mails = [
      await render(lead(requests.waitlist), audit),
      await render(contact),
      await render({ ...requests.newsletter, recipient: `eve+${SCRIPT}@x.example` }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script/i);
      expect(mail.html).not.toMatch(/<img/i);
    }
    // The audited site's text (the audit's evidence) and the recipient's own address are escaped.
    expect(mails[0]!.html).toContain('&lt;script&gt;');
    expect(mails[2]!.html).toContain('&lt;script&gt;');
    expect(mails[0]!.html).toContain('&quot;&gt;&lt;img src=x');
    expect(mails[0]!.text).toContain(SCRIPT);
    // What the visitor typed is not there at all, escaped or not.
    expect(mails[1]!.html).not.toContain('script');
    expect(mails[1]!.text).not.toContain('script');
    expect(mails[1]!.html).not.toContain('img src');
  });

  it('from the audited site reach the report email escaped and clipped, as text, never as a link', async () => {
    const TITLE = `Shop [click](javascript:alert(1)) ${SCRIPT} **bold** ${'x'.repeat(500)}`;
    const savedReport = async (id: string, lang: Lang) => {
      const report = await sampleSavedReport(id, lang);
      if (!report) return undefined;
      const first = report.categories[0]!.items[0]!;
      first.title = TITLE;
      first.evidence = `The page says ${ATTR}`;
      return { ...report, url: `https://shop.example/${ATTR}/${'y'.repeat(400)}` };
    };
    const mail = await render(sampleRequests('en').report, undefined, savedReport);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.html).toContain(
      'Shop [click](javascript:alert(1)) &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(mail.html).toContain('https://shop.example/&quot;&gt;&lt;img src=x');
    for (const href of hrefs(mail.html)) expect(href.startsWith(`${SITE}/en/`)).toBe(true);
    // Plain text is text: what the site wrote, as it wrote it, clipped.
    expect(mail.text).toContain(`Shop [click](javascript:alert(1)) ${SCRIPT}`);
    expect(mail.text).not.toContain('x'.repeat(201));
    expect(mail.text).not.toContain('y'.repeat(200));
  });

  it('never put a line break in a subject or a header', async () => {
    const requests = sampleRequests('en');
    const mail = await render(requests.newsletter);
    for (const value of [mail.subject, ...Object.values(mail.headers ?? {})])
      expect(value).not.toMatch(/[\r\n]/);
  });
});

describe('renderer', () => {
  it('uses the lead’s language when the request has none it knows', async () => {
    const request = { ...sampleRequests('fr').contact, language: 'de' };
    const mail = await render(request);
    expect(mail.html).toContain('<html lang="fr"');
  });

  it('refuses an unknown kind', async () => {
    const request = { ...sampleRequests('en').contact, kind: 'other' } as unknown as VisitorMailRequest;
    await expect(render(request)).rejects.toMatchObject({ code: 'UNKNOWN_KIND' });
  });

  it('refuses a bad site address or a short secret at creation', () => {
    const audit = sampleAudit;
    expect(() => createVisitorMailRenderer({ siteUrl: 'ftp://x', tokenSecret: SECRET, audit })).toThrow();
    expect(() => createVisitorMailRenderer({ siteUrl: 'nope', tokenSecret: SECRET, audit })).toThrow();
    expect(() =>
      createVisitorMailRenderer({ siteUrl: SITE, tokenSecret: Buffer.from('short'), audit }),
    ).toThrow(/16 bytes/);
  });
});

describe('the contact address', () => {
  it('is the Reply-To of every visitor email and stands in its footer, beside the newsletter headers', async () => {
    const withContact = createVisitorMailRenderer({
      siteUrl: SITE,
      tokenSecret: SECRET,
      audit: sampleAudit,
      contactEmail: 'team@company.test',
      now: () => NOW,
    });
    for (const lang of LANGUAGES) {
      const requests = sampleRequests(lang);
      for (const request of [requests.waitlist, requests.contact, requests.newsletter]) {
        const mail = await withContact(request);
        expect(mail.headers?.['Reply-To'], request.kind).toBe('team@company.test');
        expect(mail.text, request.kind).toContain('team@company.test');
        expect(hrefs(mail.html), request.kind).toContain('mailto:team@company.test');
      }
      const newsletter = await withContact(requests.newsletter);
      expect(newsletter.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
  });
});

describe('newsletter tokens', () => {
  const payload = { email: 'jane@example.com', lang: 'fr', purpose: 'confirm' } as const;

  it('round-trip, URL-safe', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyToken(SECRET, token, 'confirm', NOW)).toEqual({
      ok: true,
      email: 'jane@example.com',
      lang: 'fr',
      issuedAt: NOW,
    });
    const unsubscribe = signToken(SECRET, { ...payload, purpose: 'unsubscribe' });
    expect(verifyToken(SECRET, unsubscribe, 'unsubscribe', Date.now() + 100_000 * DAY).ok).toBe(true);
  });

  it('a confirm token made before tokens carried their issue time was issued 7 days before its expiry', () => {
    // The signed payload of such a token: purpose, email, language and expiry only.
    const body = Buffer.from(
      JSON.stringify({ p: 'confirm', e: 'jane@example.com', l: 'fr', x: NOW + CONFIRM_TOKEN_TTL_MS }),
    ).toString('base64url');
    const signature = createHmac('sha256', SECRET)
      .update('geo-platform/newsletter-token/v1:')
      .update(body)
      .digest('base64url');
    expect(verifyToken(SECRET, `${body}.${signature}`, 'confirm', NOW + 1000)).toEqual({
      ok: true,
      email: 'jane@example.com',
      lang: 'fr',
      issuedAt: NOW,
    });
  });

  it('confirm tokens expire after 7 days; an explicit expiry is kept', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(verifyToken(SECRET, token, 'confirm', NOW + CONFIRM_TOKEN_TTL_MS - 1).ok).toBe(true);
    expect(verifyToken(SECRET, token, 'confirm', NOW + CONFIRM_TOKEN_TTL_MS)).toEqual({
      ok: false,
      reason: 'expired',
    });
    const short = signToken(SECRET, { ...payload, purpose: 'unsubscribe', expiresAt: NOW + 1000 });
    expect(verifyToken(SECRET, short, 'unsubscribe', NOW + 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects a tampered signature or payload, and another secret', () => {
    const token = signToken(SECRET, payload, NOW);
    const [body, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
    expect(verifyToken(SECRET, `${body}.${flipped}`, 'confirm', NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const forged = Buffer.from(
      JSON.stringify({ p: 'confirm', e: 'mallory@example.com', l: 'fr', x: NOW + DAY }),
    ).toString('base64url');
    expect(verifyToken(SECRET, `${forged}.${signature}`, 'confirm', NOW).ok).toBe(false);
    expect(verifyToken(Buffer.from('another-secret-of-32-bytes-long!'), token, 'confirm', NOW).ok).toBe(
      false,
    );
  });

  it('rejects the wrong purpose', () => {
    const token = signToken(SECRET, payload, NOW);
    expect(verifyToken(SECRET, token, 'unsubscribe', NOW)).toEqual({ ok: false, reason: 'invalid' });
    const unsubscribe = signToken(SECRET, { ...payload, purpose: 'unsubscribe' });
    expect(verifyToken(SECRET, unsubscribe, 'confirm', NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects malformed and oversized tokens', () => {
    const token = signToken(SECRET, payload, NOW);
    const [body, signature] = token.split('.') as [string, string];
    for (const bad of [
      '',
      'abc',
      '.',
      `${body}.`,
      `.${signature}`,
      `${token}.x`,
      `${body}.${signature}=`,
      `${body}+.${signature}`,
      `${body}.${signature.slice(0, -2)}`,
      ` ${token}`,
      null,
      undefined,
      42,
      {},
      `${'a'.repeat(MAX_TOKEN_LENGTH)}.${signature}`,
    ]) {
      expect(verifyToken(SECRET, bad, 'confirm', NOW), String(bad).slice(0, 40)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });

  it('needs a real secret', () => {
    expect(() => signToken(Buffer.alloc(8), payload)).toThrow(/16 bytes/);
    expect(() => verifyToken(Buffer.alloc(0), 'a.b', 'confirm')).toThrow(/16 bytes/);
  });
});

describe('team email', () => {
  it('shows every field, escaped, in the emails’ layout, and never a re-check’s id', async () => {
    const { renderTeamEmail } = await import('../../../src/server/email/team-email.ts');
    const { deliveryPayload } = await import('../../../src/server/store/records.ts');
    const mail = renderTeamEmail(
      deliveryPayload({
        id: 'b3c1',
        name: 'Eve <script>alert(1)</script>',
        email: 'eve@example.com',
        language: 'fr',
        lead_data: {
          form_type: 'recheck',
          website: 'https://www.shop.example/',
          recheck_id: 'f'.repeat(32),
          message: 'Line one\nLine <two>',
        },
        updated_at: 'later',
      }),
    );
    expect(mail.subject).toBe('New recheck lead: eve@example.com (shop.example)');
    expect(mail.replyTo).toEqual({ name: 'Eve <script>alert(1)</script>', address: 'eve@example.com' });
    expect(mail.html).toMatch(/<html lang="en"/);
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Audited address: https://www.shop.example/');
    expect(mail.text).toContain('Message:\n    Line one\n    Line <two>');
    expect(mail.text).toContain('updated_at: later');
    expect(mail.text + mail.html).not.toContain('f'.repeat(32));
  });
});
