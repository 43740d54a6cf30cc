import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryOutcome } from '../../src/server/delivery/worker.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import {
  closePeers,
  onClose,
  parseMail,
  startReceiver,
  startSmtp,
  status,
  verifySignature,
} from '../support/delivery-peers.ts';
import {
  SECRET,
  silent,
  testClock,
  tempDir,
  harness,
  ctx,
  waitlist,
  contact,
  newsletter,
} from '../support/delivery-harness.ts';
import { leadsCli } from '../support/leads-cli.ts';

// Lead delivery end to end on loopback (the harness of tests/support/delivery-harness.ts).
// Retries, workers and restarts, leases that expire, and the operators' outbox commands.

afterEach(closePeers);

describe('retries', () => {
  it('delivers once after the SMTP server comes back', async () => {
    const smtp = await startSmtp({ down: true });
    const { store, worker, clock, outcomes } = await harness({
      smtpPort: smtp.port,
      channels: ['team-email'],
    });
    await store.save({ form: 'contact', data: contact }, ctx());
    await worker.idle();
    const [first] = await store.deliveries();
    expect(first!.attempts).toBe(1);
    expect(first!.status).toBe('pending');
    expect(first!.lastError).toMatch(/Service not available/);
    expect(first!.nextAttemptAt.getTime() - first!.createdAt.getTime()).toBeGreaterThanOrEqual(5_000);
    // Not due before its backoff: a drain just short of it sends nothing.
    clock.advance(4_000);
    await worker.idle();
    expect(smtp.refused()).toBe(1);
    clock.advance(1_000);
    await worker.idle();
    expect((await store.deliveries())[0]!.attempts).toBe(2);
    expect(smtp.refused()).toBe(2);
    smtp.setDown(false);
    clock.advance(10_000);
    await worker.idle();
    const [done] = await store.deliveries();
    expect(done!.status).toBe('delivered');
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
    const { store, worker, clock } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
    });
    await store.save({ form: 'waitlist', data: waitlist }, ctx());
    await worker.idle();
    expect(hook.requests).toHaveLength(1);
    expect((await store.deliveries())[0]!.attempts).toBe(1);
    clock.advance(5_000);
    await worker.idle();
    expect(hook.requests).toHaveLength(2);
    expect((await store.deliveries())[0]!.attempts).toBe(2);
    clock.advance(10_000);
    await worker.idle();
    const [delivery] = await store.deliveries();
    expect(delivery!.status).toBe('delivered');
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
    const { store, worker, clock, outcomes } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
    });
    await store.save({ form: 'newsletter', data: newsletter }, ctx());
    await worker.idle();
    expect((await store.deliveries())[0]!.attempts).toBe(1);
    clock.advance(23.9 * 3_600_000);
    await worker.idle();
    expect((await store.deliveries())[0]!.attempts).toBe(2);
    clock.advance(0.2 * 3_600_000);
    await worker.idle();
    expect((await store.deliveries())[0]!.status).toBe('failed');
    // Dead for good: a day later, nothing is tried again.
    clock.advance(24 * 3_600_000);
    await worker.idle();
    expect(hook.requests).toHaveLength(3);
    expect((await store.deliveries())[0]!.attempts).toBe(3);
    expect(outcomes.map(([, outcome]) => outcome)).toEqual(['retry', 'retry', 'failed']);
  });
});

describe('workers and restarts', () => {
  it('a queued email’s 24 hours of retries start when it was due, not when it was asked for', async () => {
    const smtp = await startSmtp();
    const clock = testClock();
    // The second email's first attempt fails (its render throws, as a send failure would).
    let failures = 1;
    // One visitor email a day and one waiting: the second waits for the day after the first.
    const { store, worker } = await harness({
      smtpPort: smtp.port,
      channels: ['visitor-email'],
      renderer: (request) => {
        if (request.recipient === 'ada+2@example.org' && failures-- > 0) throw new Error('render failed');
        return { subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' };
      },
      clock,
      visitorMailLimits: { perHour: 1, perDay: 1, queued: 1 },
    });
    const t0 = clock.now();
    await store.save({ form: 'contact', data: contact }, ctx(t0));
    await store.save({ form: 'contact', data: { ...contact, email: 'ada+2@example.org' } }, ctx(t0));
    await worker.idle();
    expect(smtp.messages).toHaveLength(1);
    const queued = (await store.deliveries(['pending']))[0]!;
    expect(queued.notBefore.getTime() - t0.getTime()).toBe(24 * 60 * 60 * 1000);
    // Due a day after it was asked for, it fails once: retried, not dead (decision 067).
    clock.advance(24 * 60 * 60 * 1000 + 1_000);
    await worker.idle();
    // (Both were asked for at t0: the store lists them in no order between them, so pick by recipient.)
    const second = async () => (await store.deliveries()).find((d) => d.recipient === 'ada+2@example.org');
    expect(await second()).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(5_000);
    await worker.idle();
    expect(await second()).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(smtp.messages).toHaveLength(2);
  });

  it('stop() waits for a delivery in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const hook = await startReceiver((_n, res) => {
      arrived();
      void gate.then(() => res.end());
    });
    const { store, worker } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
      start: true,
    });
    await store.save({ form: 'contact', data: contact }, ctx());
    worker.nudge();
    await arrival;
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
    await first.worker.idle();
    expect((await first.store.deliveries()).map((d) => d.attempts)).toEqual([1, 1]);
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
    await second.worker.idle();
    expect(await second.store.outboxCounts()).toEqual({ pending: 0, delivered: 2, failed: 0 });
    expect(hook.requests).toHaveLength(4);
    expect((await second.store.deliveries()).map((d) => d.attempts)).toEqual([2, 2]);
  });

  it('two workers on one outbox send every delivery exactly once', async () => {
    const smtp = await startSmtp();
    // Each webhook answered a turn of the event loop later (no timer): the other worker leases meanwhile.
    const hook = await startReceiver((_n, res) => void setImmediate(() => res.end()));
    const dataDir = tempDir();
    const clock = testClock();
    const common = { smtpPort: smtp.port, webhookUrl: hook.url, dataDir, clock, batchSize: 2 };
    const a = await harness(common);
    const b = await harness(common);
    const leads = 30;
    for (let i = 0; i < leads; i++) {
      const store = i % 2 ? a.store : b.store;
      await store.save({ form: 'contact', data: { ...contact, email: `visitor${i}@example.com` } }, ctx());
    }
    // Both drain at once, each leasing two at a time: they compete for every batch.
    await Promise.all([a.worker.idle(), b.worker.idle()]);
    expect(await a.store.outboxCounts()).toEqual({ pending: 0, delivered: leads * 2, failed: 0 });
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
    const { store } = await harness({ smtpPort: 9, channels: ['webhook'] });
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
    const { store } = await harness({ smtpPort: 9, channels: ['webhook'] });
    await store.save({ form: 'contact', data: contact }, ctx());
    const t0 = Date.now() + 1000;
    await lease(store, t0, 'dies', 1);
    const [dead] = await lease(store, t0 + 60_000, 'next', 1);
    expect(dead).toMatchObject({ status: 'failed', attempts: 1, expiredLeases: 1 });
  });

  it('a lease from a clock 31 days ahead does not hold the delivery: the next worker sends it at once', async () => {
    const hook = await startReceiver();
    const { store, worker, outcomes } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
    });
    await store.save({ form: 'contact', data: contact }, ctx());
    // A worker whose clock had jumped 31 days on leased it, then crashed.
    const [jumped] = await lease(store, Date.now() + 31 * 24 * 60 * 60_000, 'jumped');
    expect(jumped!.leasedBy).toBe('jumped');
    // The worker on a sane clock takes it over and sends it, the lost attempt counted.
    await worker.idle();
    expect(hook.requests).toHaveLength(1);
    expect((await store.deliveries())[0]!.status).toBe('delivered');
    expect(outcomes).toEqual([['webhook', 'delivered']]);
    expect((await store.deliveries())[0]).toMatchObject({ attempts: 2, expiredLeases: 1 });
  });

  it('a worker reports a delivery whose lease expired for the last time as failed, and never sends it', async () => {
    const hook = await startReceiver();
    const clock = testClock();
    const { store, worker, outcomes } = await harness({
      smtpPort: 9,
      webhookUrl: hook.url,
      channels: ['webhook'],
      clock,
    });
    await store.save({ form: 'contact', data: contact }, ctx());
    const t0 = Date.now() + 1000;
    // Three workers died holding it (the lease is 60 s here, 2 minutes in the worker).
    for (let n = 0; n < 3; n++) await lease(store, t0 + n * 60_000, `dead-${n}`);
    clock.advance(10 * 60_000);
    await worker.idle();
    expect((await store.deliveries())[0]!.status).toBe('failed');
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
    // The attempt's deadline (half the 1 s lease) is the one real timer here: the sender never settles.
    await worker.idle();
    const [delivery] = await store.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', expiredLeases: 0, leasedBy: null });
    expect(delivery!.lastError).toMatch(/deadline/);
    expect(outcomes).toEqual(['retry']);
  });
});

describe('operators', () => {
  it('npm run leads -- outbox lists pending and failed deliveries; retry puts failed ones back', async () => {
    const { store, dataDir } = await harness({ smtpPort: 9 });
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
