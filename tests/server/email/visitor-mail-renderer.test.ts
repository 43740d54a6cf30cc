import { describe, expect, it } from 'vitest';
import type { AuditOutcome } from '../../../src/lib/audit.ts';
import type { VisitorMailRequest } from '../../../src/server/delivery/channels/visitor-email.ts';
import {
  sampleAudit,
  sampleReport,
  sampleRequests,
  sampleSavedReport,
} from '../../../src/server/email/samples.ts';
import { createVisitorMailRenderer } from '../../../src/server/email/visitor-mail.ts';
import { LANGUAGES, type Lang } from '../../../src/site.ts';
import { SITE, SECRET, NOW, render, hrefs } from '../../support/visitor-mail.ts';

// The visitor emails' renderer (src/server/email/visitor-mail.ts): hostile values, its refusals,
// the contact address in every email.

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
