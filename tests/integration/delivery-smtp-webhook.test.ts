import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { describeChannels, loadDeliveryConfig } from '../../src/server/delivery/config.ts';
import { nextAttemptAt } from '../../src/server/delivery/worker.ts';
import { StoreUnavailableError } from '../../src/server/store/types.ts';
import {
  closePeers,
  onClose,
  parseMail,
  startReceiver,
  startSmtp,
  verifySignature,
} from '../support/delivery-peers.ts';
import { SECRET, harness, ctx, waitlist, contact, newsletter } from '../support/delivery-harness.ts';

// Lead delivery end to end on loopback: a real SMTP server (smtp-server) and a webhook receiver
// (node:http) started here, the embedded store in a temporary directory, and the worker driven by
// an injected clock (backoff delays are skipped by moving the clock, never by waiting): the harness
// in tests/support/delivery-harness.ts, shared with delivery-retries-leases and delivery-visitor-emails.
// The settings, and what the team email and the webhook carry.

afterEach(closePeers);

describe('lead delivery settings', () => {
  it('turns each channel on only when its settings are complete, and names them', () => {
    expect(describeChannels(loadDeliveryConfig({}))).toBe('none');
    const all = loadDeliveryConfig({
      SMTP_URL: 'smtps://u:p@smtp.example.com',
      MAIL_FROM: 'leads@example.com',
      LEADS_NOTIFY_TO: 'a@example.com, b@example.com',
      LEADS_WEBHOOK_URL: 'https://hooks.example.com/x?token=secret',
      LEADS_WEBHOOK_SECRET: SECRET,
    });
    expect([...all.channels]).toEqual(['team-email', 'webhook', 'visitor-email']);
    expect(describeChannels(all)).toBe(
      'team-email (2 recipients), webhook (hooks.example.com), visitor-email',
    );
    const visitorOnly = loadDeliveryConfig({
      SMTP_URL: 'smtp://smtp.example.com',
      MAIL_FROM: 'a@example.com',
    });
    expect([...visitorOnly.channels]).toEqual(['visitor-email']);
  });

  it('refuses partial or bad settings with one line naming the variable, never echoing a secret', () => {
    const error = (env: Record<string, string>) => {
      try {
        loadDeliveryConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(error({ SMTP_URL: 'smtp://x.example.com' })).toMatch(
      /^Invalid configuration: MAIL_FROM must be set too/,
    );
    expect(error({ LEADS_NOTIFY_TO: 'a@example.com' })).toMatch(
      /SMTP_URL must be set too when LEADS_NOTIFY_TO/,
    );
    expect(error({ LEADS_WEBHOOK_URL: 'https://h.example.com' })).toMatch(
      /LEADS_WEBHOOK_SECRET must be set too/,
    );
    expect(error({ LEADS_WEBHOOK_SECRET: SECRET })).toMatch(/LEADS_WEBHOOK_URL must be set too/);
    const badSecret = error({
      LEADS_WEBHOOK_URL: 'https://h.example.com',
      LEADS_WEBHOOK_SECRET: 'whsec_c2hvcnQ=',
    });
    expect(badSecret).toMatch(/^Invalid configuration: LEADS_WEBHOOK_SECRET=\(hidden\) must be whsec_/);
    expect(badSecret).not.toContain('c2hvcnQ');
    const badUrl = error({ SMTP_URL: 'http://user:hunter2@smtp.example.com', MAIL_FROM: 'a@example.com' });
    expect(badUrl).toMatch(/^Invalid configuration: SMTP_URL=.* must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(badUrl).not.toContain('hunter2');
    expect(error({ SMTP_URL: 'smtp://x.example.com', MAIL_FROM: 'not an address' })).toMatch(/MAIL_FROM=/);
    expect(
      error({
        SMTP_URL: 'smtp://x.example.com',
        MAIL_FROM: 'a@example.com',
        LEADS_NOTIFY_TO: 'a@example.com,nope',
      }),
    ).toMatch(/LEADS_NOTIFY_TO=/);
    expect(
      error({
        SUPABASE_URL: 'https://p.supabase.co',
        SMTP_URL: 'smtp://x.example.com',
        MAIL_FROM: 'a@example.com',
      }),
    ).toMatch(/SUPABASE_SERVICE_ROLE_KEY must be set too/);
  });

  it('reads the lease and the limit of expired leases, with defaults', () => {
    const defaults = loadDeliveryConfig({});
    expect(defaults).toMatchObject({ leaseMs: 120_000, maxExpiredLeases: 3 });
    const set = loadDeliveryConfig({
      LEADS_DELIVERY_LEASE_SECONDS: '4',
      LEADS_DELIVERY_MAX_EXPIRED_LEASES: '2',
    });
    expect(set).toMatchObject({ leaseMs: 4_000, maxExpiredLeases: 2 });
    for (const [name, value] of [
      ['LEADS_DELIVERY_LEASE_SECONDS', '1'],
      ['LEADS_DELIVERY_LEASE_SECONDS', 'two'],
      ['LEADS_DELIVERY_MAX_EXPIRED_LEASES', '0'],
      ['LEADS_DELIVERY_MAX_EXPIRED_LEASES', '1.5'],
    ] as const) {
      expect(() => loadDeliveryConfig({ [name]: value })).toThrow(
        new RegExp(`^Invalid configuration: ${name}=`),
      );
    }
  });

  it('retries 5 s, 10 s, 20 s, 40 s, 80 s, then every 2 minutes in the first hour, then hourly; dead after 24 h', () => {
    const t0 = new Date('2025-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(n, t0, t0)!.getTime() - t0.getTime());
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 120_000, 120_000]);
    expect(nextAttemptAt(30, t0, at(3_600_000))!.getTime()).toBe(t0.getTime() + 7_200_000);
    expect(nextAttemptAt(60, t0, at(23.5 * 3_600_000))!.getTime()).toBe(t0.getTime() + 24 * 3_600_000);
    expect(nextAttemptAt(61, t0, at(24 * 3_600_000))).toBeNull();
  });
});

describe('team email and webhook', () => {
  it('sends each form once to the team (every field, Reply-To, subject) and once to the webhook, signed', async () => {
    const smtp = await startSmtp();
    const hook = await startReceiver();
    const { store, worker } = await harness({ smtpPort: smtp.port, webhookUrl: hook.url });
    expect(await store.save({ form: 'waitlist', data: waitlist }, ctx())).toBe('stored');
    expect(await store.save({ form: 'contact', data: contact }, ctx())).toBe('stored');
    expect(await store.save({ form: 'newsletter', data: newsletter }, ctx())).toBe('stored');
    await worker.idle();
    expect(smtp.messages).toHaveLength(3);
    expect(hook.requests).toHaveLength(3);

    const leads = await store.list();
    const deliveries = await store.deliveries();
    expect(deliveries.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    const mails = smtp.messages.map((m) => ({ ...m, ...parseMail(m.raw) }));
    const mailTo = (email: string) => mails.find((m) => m.headers.get('reply-to')?.includes(email))!;

    // Waitlist: every field, plain text and HTML, values escaped.
    const jane = mailTo('jane@example.com');
    const janeLead = leads.find((l) => l.email === 'jane@example.com')!;
    const janeTeam = deliveries.find((d) => d.channel === 'team-email' && d.leadId === String(janeLead.id))!;
    expect(jane.user).toBe('team');
    expect(jane.from).toBe('leads@geo.example');
    expect(jane.to).toEqual(['sales@geo.example', 'ops@geo.example']);
    expect(jane.headers.get('from')).toBe('Geo Leads <leads@geo.example>');
    expect(jane.headers.get('to')).toBe('sales@geo.example, ops@geo.example');
    expect(jane.headers.get('subject')).toBe('New waitlist lead: jane@example.com (example.com)');
    expect(jane.headers.get('reply-to')).toBe('Jane Doe <jane@example.com>');
    expect(jane.headers.get('message-id')).toBe(`<${janeTeam.id}@geo.example>`);
    for (const line of [
      'Form: waitlist',
      'Name: Jane Doe',
      'Email: jane@example.com',
      'Website: https://www.example.com',
      'Message:\n    Line one\n    Line <two> & "three"',
      'Language: fr',
      'Source: test-source',
      'Status: new',
      `Lead ID: ${janeLead.id}`,
      'UTM medium: waitlist',
      'UTM campaign: geo_waitlist_2025',
      `Received: ${janeLead.created_at}`,
    ]) {
      expect(jane.text).toContain(line);
    }
    expect(jane.html).toContain('<th scope="row"');
    expect(jane.html).toContain('Line one\nLine &lt;two&gt; &amp; &quot;three&quot;');
    expect(jane.html).not.toContain('<two>');

    // Contact: the name is escaped in HTML, the service is there, no website in the subject.
    const ada = mailTo('ada@example.org');
    expect(ada.headers.get('subject')).toBe('New contact lead: ada@example.org');
    expect(ada.text).toContain('Service: content-strategy');
    expect(ada.text).toContain('Website: —');
    expect(ada.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ada.html).not.toContain('<script>');

    // Newsletter.
    const news = mails.find((m) => m.headers.get('subject') === 'New newsletter lead: news@example.net')!;
    expect(news.headers.get('reply-to')).toBe('news@example.net');
    expect(news.text).toContain('UTM medium: newsletter');

    // Webhook: body shape, a valid signature, the delivery id as webhook-id.
    for (const request of hook.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifySignature(SECRET, request.headers, request.body)).toBe(true);
      expect(verifySignature(SECRET, request.headers, `${request.body} `)).toBe(false);
      const body = JSON.parse(request.body) as {
        type: string;
        timestamp: string;
        data: Record<string, unknown>;
      };
      const lead = leads.find((l) => l.id === body.data.id)!;
      const webhookDelivery = deliveries.find(
        (d) => d.channel === 'webhook' && d.leadId === String(lead.id),
      )!;
      expect(request.headers['webhook-id']).toBe(webhookDelivery.id);
      expect(request.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(body).toEqual({
        type: 'lead.created',
        timestamp: lead.created_at,
        data: {
          form: lead.form_type,
          id: lead.id,
          form_type: lead.form_type,
          name: lead.name,
          email: lead.email,
          phone: null,
          company: null,
          website: lead.website,
          service: lead.service,
          message: lead.message,
          language: lead.language,
          source: 'test-source',
          status: 'new',
          utm_data: JSON.parse(lead.utm_data),
          lead_data: JSON.parse(lead.lead_data),
          created_at: lead.created_at,
        },
      });
    }
    expect(new Set(hook.requests.map((r) => JSON.parse(r.body).data.form))).toEqual(
      new Set(['waitlist', 'contact', 'newsletter']),
    );
  });

  it('stores a lead and its deliveries in one transaction: a failing delivery insert leaves neither', async () => {
    const smtp = await startSmtp();
    const { store } = await harness({ smtpPort: smtp.port });
    const raw = createClient({ url: `file:${store.file}` });
    onClose(() => raw.close());
    await raw.execute(
      `CREATE TRIGGER refuse_webhook BEFORE INSERT ON lead_deliveries WHEN NEW.channel = 'webhook'
       BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`,
    );
    await expect(store.save({ form: 'contact', data: contact }, ctx())).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(await store.list()).toHaveLength(0);
    expect(await store.deliveries()).toHaveLength(0);
    await raw.execute('DROP TRIGGER refuse_webhook');
    expect(await store.save({ form: 'contact', data: contact }, ctx())).toBe('stored');
    expect(await store.list()).toHaveLength(1);
    expect((await store.deliveries()).map((d) => d.channel).sort()).toEqual(['team-email', 'webhook']);
  });

  it('creates no delivery for a duplicate within the window', async () => {
    const { store } = await harness({
      smtpPort: 9,
      channels: ['team-email', 'webhook', 'visitor-email'],
      // Nothing is sent here; visitor emails only need a renderer to be on.
      renderer: () => ({ subject: '', html: '', text: '' }),
    });
    const t0 = new Date();
    expect(await store.save({ form: 'waitlist', data: waitlist }, ctx(t0))).toBe('stored');
    expect(
      await store.save(
        { form: 'waitlist', data: { ...waitlist, email: 'JANE@example.com' } },
        ctx(new Date(t0.getTime() + 60_000)),
      ),
    ).toBe('duplicate');
    expect(await store.list()).toHaveLength(1);
    expect((await store.deliveries()).map((d) => d.kind).sort()).toEqual([
      'team-email',
      'waitlist-confirmation',
      'webhook',
    ]);
  });

  it('lets a 302 fail (never followed) and times out a silent receiver', async () => {
    const elsewhere = await startReceiver();
    const hook = await startReceiver((_n, res) => {
      res.writeHead(302, { Location: elsewhere.url });
      res.end();
    });
    const { store, worker } = await harness({ smtpPort: 9, webhookUrl: hook.url, channels: ['webhook'] });
    await store.save({ form: 'newsletter', data: newsletter }, ctx());
    await worker.idle();
    const [redirected] = await store.deliveries();
    expect(redirected!.attempts).toBe(1);
    expect(redirected!.status).toBe('pending');
    expect(redirected!.lastError).toContain('HTTP 302');
    expect(elsewhere.requests).toHaveLength(0);

    const silentHook = await startReceiver(() => {
      /* never answers */
    });
    const slow = await harness({
      smtpPort: 9,
      webhookUrl: silentHook.url,
      channels: ['webhook'],
      webhookTimeoutMs: 200,
    });
    await slow.store.save({ form: 'newsletter', data: newsletter }, ctx());
    await slow.worker.idle();
    const [timedOut] = await slow.store.deliveries();
    expect(timedOut!.attempts).toBe(1);
    expect(timedOut!.lastError).toMatch(/no answer within 200 ms/);
    expect(slow.outcomes).toEqual([['webhook', 'retry']]);
  });
});
