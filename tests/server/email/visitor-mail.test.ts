import { describe, expect, it, vi } from 'vitest';
import type { VisitorMail } from '../../../src/server/delivery/channels/visitor-email.ts';
import {
  SAMPLE_FAILING_WEBSITE,
  SAMPLE_REPORT_ID,
  SAMPLE_WEBSITE,
  sampleAudit,
  sampleReport,
  sampleRequests,
  sampleSavedReport,
} from '../../../src/server/email/samples.ts';
import { verifyToken } from '../../../src/server/email/tokens.ts';
import { RECOMMENDATIONS_QUOTING_SITE } from '../../../src/server/email/waitlist.ts';
import { LANGUAGES } from '../../../src/site.ts';
import {
  SITE,
  SECRET,
  NOW,
  DAY,
  TOOLS,
  EMAILS,
  render,
  hrefs,
  decode,
  visibleText,
  expectWellFormedEmail,
  expectTypography,
} from '../../support/visitor-mail.ts';

// The visitor emails (src/server/email/visitor-mail.ts) in both languages, kind by kind, on the
// samples of src/server/email/samples.ts; hostile values and the renderer's own rules are in
// tests/server/email/visitor-mail-renderer.test.ts.

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
          ? 'GEO Platform waitlist: your AI citation audit of bakery-example.com (80/100)'
          : 'Liste d’attente GEO Platform\u00a0: votre audit de citation IA de bakery-example.com (80\u00a0sur 100)',
      );
      const report = `${SITE}/${lang}/tools?url=${encodeURIComponent(SAMPLE_WEBSITE)}`;
      expect(hrefs(mail.html)).toContain(report);
      expect(mail.text).toContain(report);

      const seen = visibleText(mail.html);
      expect(mail.html).toMatch(/>80<\/strong>/);
      expect(mail.text).toContain(
        lang === 'en' ? 'Overall score: 80\u00a0out of 100' : 'Score global\u00a0: 80\u00a0sur 100',
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
      // Our recommendations, never the audited site's own text (decision 050).
      for (const item of expected) {
        expect(seen).not.toContain(item.evidence);
        expect(mail.text).not.toContain(item.evidence);
        if (RECOMMENDATIONS_QUOTING_SITE.has(item.id)) expect(seen).not.toContain(item.recommendation);
        else expect(seen).toContain(item.recommendation);
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
      expect(mail.html).toMatch(/>80<\/strong>/);
      expect(mail.text).toContain(
        lang === 'en' ? 'Overall score: 80\u00a0out of 100' : 'Score global\u00a0: 80\u00a0sur 100',
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
          ? 'Since the earlier report of February 1, 2025, the overall score has gone up from 64 to 80\u00a0out of 100. 2 checks changed their result.'
          : 'Depuis le rapport précédent du 1er février 2025, le score global est passé de 64 à 80\u00a0sur 100. 2\u00a0vérifications ont changé de résultat.',
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

    it('carries the re-check’s confirm link when both were asked (decision 067), in a labelled block of both parts', async () => {
      const mail = await render(requests['report-with-recheck']);
      expectWellFormedEmail(mail, lang);
      const confirm = `${SITE}/${lang}/tools/recheck/confirm?id=${'c'.repeat(32)}`;
      expect(hrefs(mail.html)).toContain(confirm);
      expect(mail.text).toContain(confirm);
      for (const part of [visibleText(mail.html), unwrapped(mail.text)]) {
        expect(part).toContain(texts.report.recheck.title);
        expect(part).toContain(texts.report.recheck.intro.replace('{{domain}}', 'bakery-example.com'));
        expect(part).toContain(texts.recheck.optin.button);
        expect(part).toContain(texts.recheck.optin.expires);
      }
      // The report is all there, before the block.
      expect(mail.text).toContain(permalink);
      expect(mail.text.indexOf(permalink)).toBeLessThan(mail.text.indexOf(confirm));
      expectTypography(lang, mail.subject, visibleText(mail.html), mail.text);
      // Without it, no confirm link.
      expect(hrefs((await render(requests.report)).html).some((h) => h.includes('/confirm?'))).toBe(false);
      // Even when the report has expired, the link still comes.
      const expired = await render(requests['report-with-recheck'], undefined, async () => undefined);
      expect(hrefs(expired.html)).toContain(confirm);
    });

    it('refuses a lead without a well-formed report id', async () => {
      for (const report_id of [undefined, '', 'ABC', `${SAMPLE_REPORT_ID}0`, '../x']) {
        const lead = { ...reportLead, lead_data: { ...reportLead.lead_data, report_id } };
        await expect(render({ ...requests.report, lead })).rejects.toMatchObject({ code: 'NO_REPORT' });
      }
    });
  });
});
