import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import pino from 'pino';
import type { VisitorMailRenderer } from '../../src/server/delivery/channels/visitor-email.ts';
import { loadDeliveryConfig, type DeliveryConfig } from '../../src/server/delivery/config.ts';
import { createLeadDelivery } from '../../src/server/delivery/index.ts';
import type { DeliveryOutcome } from '../../src/server/delivery/worker.ts';
import { DATABASE_FILE, EmbeddedStore } from '../../src/server/store/embedded.ts';
import type { Delivery, DeliveryChannel, VisitorMailLimits } from '../../src/server/store/types.ts';
import { onClose } from './delivery-peers.ts';

// Lead delivery's harness for the suites in tests/integration/delivery-*.test.ts: the settings of
// a team on the loopback peers (delivery-peers.ts), the embedded store in a temporary directory and
// the worker driven by an injected clock (backoff delays are skipped by moving the clock), and leads.
// The worker is not started unless a test asks (`start: true`): tests drain it with `worker.idle()`,
// which polls until nothing is due at the clock, so no test waits on a timer or polls for an outcome.

export const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
export const MAIL_FROM = 'Geo Leads <leads@geo.example>';
export const silent = pino({ level: 'silent' });

export function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

export const tempDir = () => mkdtempSync(path.join(tmpdir(), 'geo-delivery-'));

export interface HarnessOptions {
  smtpPort: number;
  webhookUrl?: string;
  channels?: DeliveryChannel[];
  renderer?: VisitorMailRenderer;
  dataDir?: string;
  clock?: ReturnType<typeof testClock>;
  batchSize?: number;
  webhookTimeoutMs?: number;
  /** Starts the worker's own polling too (default: off, the test drains it with idle()). */
  start?: boolean;
  /** The store's visitor email limits (default: the site's). */
  visitorMailLimits?: VisitorMailLimits;
}

export async function harness(options: HarnessOptions) {
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
  const store = await EmbeddedStore.open(dataDir, {
    channels: config.channels,
    ...(options.visitorMailLimits ? { visitorMailLimits: options.visitorMailLimits } : {}),
  });
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
  if (options.start) worker.start();
  return { store, worker, clock, outcomes, dataDir, config, close };
}

export const ctx = (at = new Date()) => ({ source: 'test-source', submittedAt: at });
export const waitlist = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  website: 'https://www.example.com',
  message: 'Line one\nLine <two> & "three"',
  lang: 'fr' as const,
};
export const contact = {
  name: 'Ada <script>alert(1)</script>',
  email: 'ada@example.org',
  website: '',
  service: 'content-strategy' as const,
  message: 'Hello',
  lang: 'en' as const,
};
export const newsletter = { email: 'news@example.net', lang: 'en' as const };

/**
 * The outbox as the data directory's file holds it now, read by a connection of its own (as the
 * operators' script does): what a test sees of a server process's deliveries.
 */
export async function outboxIn(dataDir: string): Promise<Delivery[]> {
  const store = await EmbeddedStore.open(dataDir);
  try {
    return await store.deliveries();
  } finally {
    await store.close();
  }
}

export const byChannel = (list: Delivery[], channel: DeliveryChannel) =>
  list.filter((d) => d.channel === channel);

/**
 * Drains several workers that share one outbox (apps or processes on one data directory): drains
 * each at once, then reads the outbox, and drains again while a delivery is leased (another worker's
 * attempt, in flight while the others drained) or due at `now`. No pause between rounds: each round
 * waits on the workers' own work. Resolves with the outbox; "nothing more arrived" is asserted after.
 */
export async function drainOutbox(
  dataDir: string,
  drains: readonly (() => Promise<unknown>)[],
  now: () => Date = () => new Date(),
): Promise<Delivery[]> {
  for (let round = 1; ; round++) {
    await Promise.all(drains.map((drain) => drain()));
    const list = await outboxIn(dataDir);
    const busy = list.filter(
      (d) => d.status === 'pending' && (d.leasedBy !== null || d.nextAttemptAt <= now()),
    );
    if (busy.length === 0) return list;
    // Each round ends only once a worker has finished what it held: a few rounds at most, unless
    // no worker can take a delivery that is due (a channel none of them sends).
    if (round === 20)
      throw new Error(`outbox not drained after ${round} rounds: ${busy.length} due or leased`);
  }
}

/**
 * Ends every lease in the data directory's file, as if its holder's lease time had passed: what a
 * killed process leased is taken over by the next process at once, with no wait on the real clock.
 * Only for a file no live process holds a lease in.
 */
export async function expireLeases(dataDir: string): Promise<void> {
  const raw = createClient({ url: `file:${path.join(dataDir, DATABASE_FILE)}` });
  try {
    await raw.execute(
      `UPDATE lead_deliveries SET lease_until = '1970-01-01T00:00:00.000Z' WHERE lease_until IS NOT NULL`,
    );
  } finally {
    raw.close();
  }
}
