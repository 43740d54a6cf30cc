import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server.ts';
import { heldPage, startHeldSite, type HeldSite } from '../fixtures/held-site.ts';
import { closePeers, parseMail, startSmtp } from '../support/delivery-peers.ts';
import { HUMAN_UA, testServer } from '../support/test-server.ts';

// The waitlist's welcome audit counts against the audit's per-address limit (issue 34, finding 5;
// decision 049): once an address has used its audits, its waitlist posts still store the lead and
// still bring the welcome email (a real SMTP server on loopback), but the email offers the audit's
// link and the audited site gets no request at all (counted on the fixture site). Another address's
// post still gets its audit. Behind one proxy (TRUST_PROXY=1), addresses from X-Forwarded-For.

const LIMITED = '203.0.113.9';
const OTHER = '198.51.100.44';

let site: HeldSite;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: App;
beforeAll(async () => {
  site = await startHeldSite({ files: () => ({ '/': { body: heldPage('Tea shop') } }) });
  smtp = await startSmtp();
  app = await testServer({
    SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'GEO Platform <hello@geo.example>',
    LEADS_NOTIFY_TO: 'team@geo.example',
    AUDIT_ALLOWED_HOSTS: site.host,
    AUDIT_RATE_LIMIT_PER_MINUTE: '2',
    AUDIT_CACHE_SECONDS: '0',
    FORM_RATE_LIMIT_PER_MINUTE: '100',
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await app.locals.close();
  await closePeers();
  await site.close();
});

const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => parseMail(m.raw));
const join = (email: string, from: string, lang = 'en') =>
  request(app)
    .post('/api/waitlist')
    .set('X-Forwarded-For', from)
    .send({ email, website: `${site.origin}/`, lang });

describe('the welcome audit and the audit limit', () => {
  it('sends the email with the audit link, and nothing to the site, once the address has used its audits', async () => {
    // The address uses its two audits of the minute on the Tools page's API, then is refused.
    for (const expected of [200, 200, 429]) {
      const res = await request(app)
        .get('/api/audit')
        .query({ url: `${site.origin}/`, lang: 'en' })
        .set('X-Forwarded-For', LIMITED)
        .set('User-Agent', HUMAN_UA);
      expect(res.status).toBe(expected);
    }
    const before = site.requests.length;

    const visitors = ['one@example.org', 'two@example.org', 'three@example.org'];
    for (const [i, email] of visitors.entries()) {
      expect((await join(email, LIMITED, i === 2 ? 'fr' : 'en')).status).toBe(200);
    }
    // The worker has sent everything (the welcome audits run as it writes the emails).
    await app.locals.deliveryIdle();
    for (const visitor of visitors) expect(mailsTo(visitor), visitor).toHaveLength(1);
    expect(site.requests.length - before).toBe(0);

    const mail = mailsTo('one@example.org')[0]!;
    const domain = new URL(site.origin).hostname;
    expect(mail.headers.get('subject')).toBe(
      `GEO Platform waitlist: your AI citation audit of ${domain} is one click away`,
    );
    expect(mail.html).toContain(`/en/tools?url=${encodeURIComponent(`${site.origin}/`)}`);
    expect(mail.text).not.toMatch(/Overall score|out\sof\s100/);
    expect(mailsTo('three@example.org')[0]!.html).toContain(`Auditer ${domain}`);

    // Another address still gets its audit in the email: the limit is the address's own.
    expect((await join('four@example.org', OTHER)).status).toBe(200);
    await app.locals.deliveryIdle();
    expect(mailsTo('four@example.org')).toHaveLength(1);
    expect(site.requests.length).toBeGreaterThan(before);
    expect(mailsTo('four@example.org')[0]!.text).toMatch(/Overall score: \d+\sout of\s100/);
  });
});
