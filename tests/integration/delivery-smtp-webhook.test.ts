import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitorMailRenderer } from '../../src/server/delivery/channels/visitor-email.ts';
import {
  describeChannels,
  loadDeliveryConfig,
  type DeliveryConfig,
} from '../../src/server/delivery/config.ts';
import { createLeadDelivery } from '../../src/server/delivery/index.ts';
import {
  createDeliveryWorker,
  nextAttemptAt,
  type DeliveryOutcome,
} from '../../src/server/delivery/worker.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import { StoreUnavailableError, type Delivery, type DeliveryChannel } from '../../src/server/store/types.ts';
import {
  closePeers,
  onClose,
  freePort,
  parseMail,
  startReceiver,
  startSmtp,
  status,
  verifySignature,
  waitFor,
} from '../support/delivery-peers.ts';

// Lead delivery end to end on loopback: a real SMTP server (smtp-server) and a webhook receiver
// (node:http) started here, the embedded store in a temporary directory, and the worker driven by
// an injected clock (backoff delays are skipped by moving the clock, never by waiting).

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const MAIL_FROM = 'Geo Leads <leads@geo.example>';
const silent = pino({ level: 'silent' });

afterEach(closePeers);

function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'geo-delivery-'));

interface HarnessOptions {
  smtpPort: number;
  webhookUrl?: string;
  channels?: DeliveryChannel[];
  renderer?: VisitorMailRenderer;
  dataDir?: string;
  clock?: ReturnType<typeof testClock>;
  batchSize?: number;
  webhookTimeoutMs?: number;
  start?: boolean;
}

async function harness(options: HarnessOptions) {
  const loaded = loadDeliveryConfig({
    SMTP_URL: `smtp://team:s3cret@127.0.0.1:${options.smtpPort}`,
    MAIL_FROM,
    LEADS_NOTIFY_TO: 'sales@geo.example, ops@geo.example',
    LEADS_WEBHOOK_URL: options.webhookUrl ?? 'http://127.0.0.1:9/unused',
    LEADS_WEBHOOK_SECRET: SECRET,
  });
  const config: DeliveryConfig = {
    ...loaded,
    channels: new Set(options.channels ?? ['team-email', 'webhook']),
  };
  const dataDir = options.dataDir ?? tempDir();
  const store = await EmbeddedStore.open(dataDir, { channels: config.channels });
  const clock = options.clock ?? testClock();
  const outcomes: [DeliveryChannel, DeliveryOutcome][] = [];
  const worker = createLeadDelivery({
    config,
    outbox: store.outbox!,
    logger: silent,
    renderer: options.renderer,
    now: clock.now,
    pollIntervalMs: 5,
    batchSize: options.batchSize,
    webhookTimeoutMs: options.webhookTimeoutMs,
    onOutcome: (channel, outcome) => outcomes.push([channel, outcome]),
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await worker.stop();
    await store.close();
  };
  onClose(close);
  if (options.start !== false) worker.start();
  return { store, worker, clock, outcomes, dataDir, config, close };
}

const ctx = (at = new Date()) => ({ source: 'test-source', submittedAt: at });
const waitlist = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  website: 'https://www.example.com',
  message: 'Line one\nLine <two> & "three"',
  lang: 'fr' as const,
};
const contact = {
  name: 'Ada <script>alert(1)</script>',
  email: 'ada@example.org',
  website: '',
  service: 'content-strategy' as const,
  message: 'Hello',
  lang: 'en' as const,
};
const newsletter = { email: 'news@example.net', lang: 'en' as const };

const byChannel = (list: Delivery[], channel: DeliveryChannel) => list.filter((d) => d.channel === channel);
const delivered = async (store: EmbeddedStore, n: number) => (await store.outboxCounts()).delivered >= n;

// --- Tests ----------------------------------------------------------------------------------------

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
    const { store } = await harness({ smtpPort: smtp.port, webhookUrl: hook.url });
    expect(await store.save({ form: 'waitlist', data: waitlist }, ctx())).toBe('stored');
    expect(await store.save({ form: 'contact', data: contact }, ctx())).toBe('stored');
    expect(await store.save({ form: 'newsletter', data: newsletter }, ctx())).toBe('stored');
    await waitFor(() => delivered(store, 6), 'six deliveries');
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
    const { store } = await harness({ smtpPort: smtp.port, start: false });
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
      start: false,
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
    const { store } = await harness({ smtpPort: 9, webhookUrl: hook.url, channels: ['webhook'] });
    await store.save({ form: 'newsletter', data: newsletter }, ctx());
    const [redirected] = await waitFor(async () => {
      const list = (await store.deliveries()).filter((d) => d.attempts === 1);
      return list.length ? list : undefined;
    }, 'a failed attempt');
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
    const [timedOut] = await waitFor(async () => {
      const list = (await slow.store.deliveries()).filter((d) => d.attempts === 1);
      return list.length ? list : undefined;
    }, 'a timed-out attempt');
    expect(timedOut!.lastError).toMatch(/no answer within 200 ms/);
    expect(slow.outcomes).toEqual([['webhook', 'retry']]);
  });
});

describe('retries', () => {
  it('delivers once after the SMTP server comes back', async () => {
    const port = await freePort();
    const { store, clock, outcomes } = await harness({ smtpPort: port, channels: ['team-email'] });
    await store.save({ form: 'contact', data: contact }, ctx());
    const attempts = async (n: number) => (await store.deliveries())[0]!.attempts >= n;
    await waitFor(() => attempts(1), 'the first attempt');
    const [first] = await store.deliveries();
    expect(first!.status).toBe('pending');
    expect(first!.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(first!.nextAttemptAt.getTime() - first!.createdAt.getTime()).toBeGreaterThanOrEqual(5_000);
    clock.advance(5_000);
    await waitFor(() => attempts(2), 'the second attempt');
    const smtp = await startSmtp(port);
    clock.advance(10_000);
    await waitFor(() => delivered(store, 1), 'the delivery');
    const [done] = await store.deliveries();
    expect(done!.attempts).toBe(3);
    expect(smtp.messages).toHaveLength(1);
    expect(parseMail(smtp.messages[0]!.raw).headers.get('message-id')).toBe(`<${done!.id}@geo.example>`);
    expect(outcomes).toEqual([
      ['team-email', 'retry'],
      ['team-email', 'retry'],
      ['team-email', 'delivered'],
    ]);
  });

  it('retries a webhook answering 500 twice, then 200, with the same webhook-id each time', async () => {
    const hook = await startReceiver((n, res) => status(n <= 2 ? 500 : 200)(n, res));
    const { store, clock } = await harness({ smtpPort: 9, webhookUrl: hook.url, channels: ['webhook'] });
    await store.save({ form: 'waitlist', data: waitlist }, ctx());
    await waitFor(() => hook.requests.length === 1, 'the first request');
    await waitFor(async () => (await store.deliveries())[0]!.attempts === 1, 'the first failure');
    clock.advance(5_000);
    await waitFor(async () => (await store.deliveries())[0]!.attempts === 2, 'the second failure');
    clock.advance(10_000);
    await waitFor(() => delivered(store, 1), 'the delivery');
    const [delivery] = await store.deliveries();
    expect(hook.requests).toHaveLength(3);
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    expect(hook.requests.every((r) => verifySignature(SECRET, r.headers, r.body))).toBe(true);
    // Each attempt is signed at its own time; the body is the same every time.
    expect(new Set(hook.requests.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    expect(new Set(hook.requests.map((r) => r.body)).size).toBe(1);
    expect(delivery!.attempts).toBe(3);
  });

  it('marks a delivery dead after 24 hours of failures', async () => {
    const hook = await startReceiver(status(503));
    const { store, clock, outcomes } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
    });
    await store.save({ form: 'newsletter', data: newsletter }, ctx());
    await waitFor(async () => (await store.deliveries())[0]!.attempts === 1, 'the first failure');
    clock.advance(23.9 * 3_600_000);
    await waitFor(async () => (await store.deliveries())[0]!.attempts === 2, 'a late failure');
    clock.advance(0.2 * 3_600_000);
    await waitFor(async () => (await store.deliveries())[0]!.status === 'failed', 'death');
    expect((await store.deliveries())[0]!.attempts).toBe(3);
    expect(outcomes.map(([, outcome]) => outcome)).toEqual(['retry', 'retry', 'failed']);
  });
});

describe('workers and restarts', () => {
  it('stop() waits for a delivery in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const hook = await startReceiver((_n, res) => void gate.then(() => res.end()));
    const { store, worker } = await harness({ smtpPort: 9, webhookUrl: hook.url, channels: ['webhook'] });
    await store.save({ form: 'contact', data: contact }, ctx());
    worker.nudge();
    await waitFor(() => hook.requests.length === 1, 'the request');
    const stopped = worker.stop();
    release();
    await stopped;
    expect((await store.deliveries())[0]!.status).toBe('delivered');
  });

  it('a new worker on the same data directory delivers what a stopped one left pending', async () => {
    const hook = await startReceiver(status(503));
    const dataDir = tempDir();
    const clock = testClock();
    const first = await harness({ smtpPort: 9, webhookUrl: hook.url, channels: ['webhook'], dataDir, clock });
    await first.store.save({ form: 'waitlist', data: waitlist }, ctx());
    await first.store.save({ form: 'contact', data: contact }, ctx());
    await waitFor(
      async () => (await first.store.deliveries()).every((d) => d.attempts === 1),
      'first attempts',
    );
    await first.close();
    const between = await EmbeddedStore.open(dataDir);
    expect(await between.outboxCounts()).toEqual({ pending: 2, delivered: 0, failed: 0 });
    await between.close();

    hook.state.answer = status(204);
    clock.advance(5_000);
    const second = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
      dataDir,
      clock,
    });
    await waitFor(() => delivered(second.store, 2), 'both deliveries');
    expect(hook.requests).toHaveLength(4);
    expect((await second.store.deliveries()).map((d) => d.attempts)).toEqual([2, 2]);
  });

  it('two workers on one outbox send every delivery exactly once', async () => {
    const smtp = await startSmtp();
    const hook = await startReceiver((_n, res) => void setTimeout(() => res.end(), 3));
    const dataDir = tempDir();
    const clock = testClock();
    const common = { smtpPort: smtp.port, webhookUrl: hook.url, dataDir, clock, batchSize: 2, start: false };
    const a = await harness(common);
    const b = await harness(common);
    const leads = 30;
    for (let i = 0; i < leads; i++) {
      const store = i % 2 ? a.store : b.store;
      await store.save({ form: 'contact', data: { ...contact, email: `visitor${i}@example.com` } }, ctx());
    }
    a.worker.start();
    b.worker.start();
    await waitFor(() => delivered(a.store, leads * 2), 'every delivery', 30_000);
    expect(smtp.messages).toHaveLength(leads);
    expect(new Set(smtp.messages.map((m) => parseMail(m.raw).headers.get('message-id'))).size).toBe(leads);
    expect(hook.requests).toHaveLength(leads);
    expect(new Set(hook.requests.map((r) => r.headers['webhook-id'])).size).toBe(leads);
    const all = await a.store.deliveries();
    expect(all.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    expect(a.outcomes.length + b.outcomes.length).toBe(leads * 2);
  });
});

describe('leases that expire (a worker that died or froze mid-attempt)', () => {
  const lease = (store: EmbeddedStore, at: number, workerId: string, maxExpiredLeases?: number) =>
    store.claim({
      workerId,
      now: new Date(at),
      leaseMs: 60_000,
      limit: 5,
      channels: ['webhook'],
      ...(maxExpiredLeases ? { maxExpiredLeases } : {}),
    });

  it('counts an expired lease as an attempt, and fails the delivery on its third expiry', async () => {
    const { store } = await harness({ smtpPort: 9, channels: ['webhook'], start: false });
    await store.save({ form: 'contact', data: contact }, ctx());
    const t0 = Date.now() + 1000;
    const [first] = await lease(store, t0, 'dies-1');
    expect(first).toMatchObject({ status: 'pending', attempts: 0, expiredLeases: 0, leasedBy: 'dies-1' });
    // Held: nobody else gets it while the lease lasts.
    expect(await lease(store, t0 + 59_000, 'other')).toEqual([]);
    // Its holder never came back: the next worker takes it over, and the lost attempt is counted.
    const [second] = await lease(store, t0 + 60_000, 'dies-2');
    expect(second).toMatchObject({
      id: first!.id,
      status: 'pending',
      attempts: 1,
      expiredLeases: 1,
      leasedBy: 'dies-2',
    });
    expect(second!.lastError).toMatch(/lease expired/);
    const [third] = await lease(store, t0 + 120_000, 'dies-3');
    expect(third).toMatchObject({ attempts: 2, expiredLeases: 2, leasedBy: 'dies-3' });
    // The third expiry ends it: failed, and leased to nobody.
    const [dead] = await lease(store, t0 + 180_000, 'dies-4');
    expect(dead).toMatchObject({
      id: first!.id,
      status: 'failed',
      attempts: 3,
      expiredLeases: 3,
      leasedBy: null,
      leaseUntil: null,
    });
    expect(await lease(store, t0 + 240_000, 'late')).toEqual([]);
    expect((await store.deliveries(['failed'])).map((d) => d.id)).toEqual([first!.id]);

    // An operator's retry gives it a fresh start, expired leases included.
    expect(await store.retry({ id: first!.id }, new Date(t0 + 300_000))).toBe(1);
    const [again] = await lease(store, t0 + 300_000, 'operator-retry');
    expect(again).toMatchObject({ status: 'pending', attempts: 3, expiredLeases: 0 });
  });

  it('honours a lower limit of expired leases', async () => {
    const { store } = await harness({ smtpPort: 9, channels: ['webhook'], start: false });
    await store.save({ form: 'contact', data: contact }, ctx());
    const t0 = Date.now() + 1000;
    await lease(store, t0, 'dies', 1);
    const [dead] = await lease(store, t0 + 60_000, 'next', 1);
    expect(dead).toMatchObject({ status: 'failed', attempts: 1, expiredLeases: 1 });
  });

  it('a worker reports a delivery whose lease expired for the last time as failed, and never sends it', async () => {
    const hook = await startReceiver();
    const clock = testClock();
    const { store, worker, outcomes } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
      clock,
      start: false,
    });
    await store.save({ form: 'contact', data: contact }, ctx());
    const t0 = Date.now() + 1000;
    // Three workers died holding it (the lease is 60 s here, 2 minutes in the worker).
    for (let n = 0; n < 3; n++) await lease(store, t0 + n * 60_000, `dead-${n}`);
    clock.advance(10 * 60_000);
    worker.start();
    await waitFor(async () => (await store.deliveries())[0]!.status === 'failed', 'the failure');
    expect(outcomes).toEqual([['webhook', 'failed']]);
    expect(hook.requests).toHaveLength(0);
    expect((await store.deliveries())[0]).toMatchObject({ attempts: 3, expiredLeases: 3 });
  });

  it('records an attempt that outlives its deadline as failed, before its lease could expire', async () => {
    const dataDir = tempDir();
    const store = await EmbeddedStore.open(dataDir, { channels: ['webhook'] });
    onClose(() => store.close());
    const outcomes: DeliveryOutcome[] = [];
    // A sender that ignores its deadline and never settles (a hung render or connection).
    const worker = createDeliveryWorker({
      outbox: store,
      senders: { webhook: { send: () => new Promise<void>(() => undefined) } },
      logger: silent,
      pollIntervalMs: 5,
      leaseMs: 1_000,
      onOutcome: (_channel, outcome) => outcomes.push(outcome),
    });
    onClose(() => worker.stop());
    await store.save({ form: 'contact', data: contact }, ctx());
    worker.start();
    await waitFor(async () => (await store.deliveries())[0]!.attempts === 1, 'the failed attempt');
    const [delivery] = await store.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', expiredLeases: 0, leasedBy: null });
    expect(delivery!.lastError).toMatch(/deadline/);
    expect(outcomes).toEqual(['retry']);
  });
});

describe('visitor emails', () => {
  const renderer: VisitorMailRenderer = (request) => ({
    subject: `[${request.language}] ${request.kind}`,
    text: `Hello ${String(request.lead.email)}`,
    html: `<p>Hello</p>`,
    headers: {
      'List-Unsubscribe': '<https://geo.example/en/newsletter/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });

  it('sends at most one visitor email per recipient per 10 minutes; the team gets every lead', async () => {
    const smtp = await startSmtp();
    const clock = testClock();
    const all: DeliveryChannel[] = ['team-email', 'webhook', 'visitor-email'];
    const { store } = await harness({ smtpPort: smtp.port, channels: all, renderer, clock, start: false });
    const t0 = new Date();
    const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
    await store.save({ form: 'contact', data: contact }, ctx(t0));
    await store.save({ form: 'newsletter', data: { email: 'ADA@example.org', lang: 'fr' } }, ctx(minutes(1)));
    await store.save({ form: 'newsletter', data: newsletter }, ctx(minutes(2)));
    await store.save(
      { form: 'waitlist', data: { ...waitlist, email: 'ada@example.org' } },
      ctx(minutes(9.9)),
    );
    await store.save(
      { form: 'waitlist', data: { ...waitlist, email: 'Ada@Example.org', name: 'A' } },
      ctx(minutes(10.1)),
    );
    const deliveries = await store.deliveries();
    expect(byChannel(deliveries, 'team-email')).toHaveLength(4);
    expect(byChannel(deliveries, 'webhook')).toHaveLength(4);
    expect(byChannel(deliveries, 'visitor-email').map((d) => [d.recipient, d.kind])).toEqual([
      ['ada@example.org', 'contact-ack'],
      ['news@example.net', 'newsletter-optin'],
    ]);

    // Once the first visitor email to an address is ten minutes old, another one may go.
    await store.save(
      { form: 'contact', data: { ...contact, name: 'Later', lang: 'fr' } },
      ctx(minutes(10.5)),
    );
    await store.save(
      { form: 'newsletter', data: { email: 'ada@example.org', lang: 'fr' } },
      ctx(minutes(11.5)),
    );
    const all6 = await store.deliveries();
    expect(byChannel(all6, 'team-email')).toHaveLength(6);
    const visitor = byChannel(all6, 'visitor-email');
    expect(visitor.map((d) => [d.recipient, d.kind])).toEqual([
      ['ada@example.org', 'contact-ack'],
      ['news@example.net', 'newsletter-optin'],
      ['ada@example.org', 'contact-ack'],
    ]);

    // The worker sends them with the renderer's content and headers, in the page's language.
    clock.advance(12 * 60_000);
    const worker = createLeadDelivery({
      config: loadDeliveryConfig({
        SMTP_URL: `smtp://team:s3cret@127.0.0.1:${smtp.port}`,
        MAIL_FROM,
        LEADS_NOTIFY_TO: 'sales@geo.example',
      }),
      outbox: store,
      logger: silent,
      renderer,
      now: clock.now,
      pollIntervalMs: 5,
    });
    onClose(() => worker.stop());
    expect(Object.keys(worker.senders).sort()).toEqual(['team-email', 'visitor-email']);
    worker.start();
    // Six team emails and three visitor emails; the webhook deliveries wait for a worker with a webhook.
    await waitFor(async () => (await store.outboxCounts()).delivered === 9, 'team and visitor emails');
    expect((await store.outboxCounts()).pending).toBe(6);
    const toVisitor = smtp.messages
      .filter((m) => !m.to.includes('sales@geo.example'))
      .map((m) => ({ ...m, ...parseMail(m.raw) }));
    expect(toVisitor.map((m) => m.to.join()).sort()).toEqual([
      'ada@example.org',
      'ada@example.org',
      'news@example.net',
    ]);
    expect(toVisitor.map((m) => m.headers.get('subject')).sort()).toEqual([
      '[en] contact-ack',
      '[en] newsletter-optin',
      '[fr] contact-ack',
    ]);
    const later = toVisitor.find((m) => m.headers.get('subject') === '[fr] contact-ack')!;
    expect(later.headers.get('list-unsubscribe')).toBe(
      '<https://geo.example/en/newsletter/unsubscribe?token=abc>',
    );
    expect(later.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(later.headers.get('from')).toBe(MAIL_FROM);
    expect(later.headers.get('message-id')).toBe(`<${visitor[2]!.id}@geo.example>`);
    expect(later.text).toContain('Hello ada@example.org');
  });

  it('refuses to start visitor emails without a renderer, naming the setting, rather than fail each one', async () => {
    const smtp = await startSmtp();
    await expect(harness({ smtpPort: smtp.port, channels: ['visitor-email'] })).rejects.toThrow(
      /^Invalid configuration: .*NEWSLETTER_SECRET/,
    );
    expect(smtp.messages).toHaveLength(0);
  });
});

describe('operators', () => {
  const run = promisify(execFile);
  const leadsCli = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_ANON_KEY: '' },
    });

  it('npm run leads -- outbox lists pending and failed deliveries; retry puts failed ones back', async () => {
    const { store, dataDir } = await harness({ smtpPort: 9, start: false });
    await store.save({ form: 'contact', data: contact }, ctx());
    const [team] = await store.claim({
      workerId: 'test',
      now: new Date(Date.now() + 1000),
      leaseMs: 60_000,
      limit: 1,
      channels: ['team-email'],
    });
    await store.fail(team!.id, { workerId: 'test', at: new Date(), error: 'HTTP 500: nope', retryAt: null });

    const outbox = await leadsCli(dataDir, 'outbox');
    expect(outbox.stdout).toContain('pending: 1, delivered: 0, failed: 1');
    expect(outbox.stdout).toMatch(
      new RegExp(`${team!.id}\\tfailed\\tteam-email\\tteam-email\\t1\\t-\\tHTTP 500: nope`),
    );
    expect(outbox.stdout).toMatch(/\tpending\twebhook\twebhook\t0\t\d{4}-/);
    const failedOnly = await leadsCli(dataDir, 'outbox', '--failed');
    expect(failedOnly.stdout).not.toContain('\tpending\t');

    const retried = await leadsCli(dataDir, 'retry', '--all-failed');
    expect(retried.stdout).toMatch(/^1 delivery back to pending/);
    const [again] = (await store.deliveries()).filter((d) => d.id === team!.id);
    expect(again).toMatchObject({ status: 'pending', attempts: 1 });
    expect(again!.retriedAt).toBeInstanceOf(Date);
    await expect(leadsCli(dataDir, 'retry', 'no-such-id')).rejects.toMatchObject({
      stderr: expect.stringMatching(/No failed/),
    });
    const byId = await leadsCli(dataDir, 'retry', team!.id);
    expect(byId.stdout).toMatch(/^1 delivery/);
  });
});
