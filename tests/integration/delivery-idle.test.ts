import { afterEach, describe, expect, it } from 'vitest';
import type { DeliverySender } from '../../src/server/delivery/channels/types.ts';
import { createDeliveryWorker, type DeliveryOutcome } from '../../src/server/delivery/worker.ts';
import { EmbeddedStore } from '../../src/server/store/embedded.ts';
import type { Delivery } from '../../src/server/store/types.ts';
import { contact, ctx, silent, tempDir } from '../support/delivery-harness.ts';
import { closePeers, onClose } from '../support/delivery-peers.ts';

// The worker's drain (idle()): what tests use instead of waiting. It must not resolve while a send
// or its record is in flight, must go on past one batch, must leave a failed delivery to its retry
// time on the worker's clock, and must not disturb the worker's own polling.

afterEach(closePeers);

async function outboxWith(leads: number) {
  const store = await EmbeddedStore.open(tempDir(), { channels: ['webhook'] });
  onClose(() => store.close());
  for (let n = 0; n < leads; n++) {
    await store.save({ form: 'contact', data: { ...contact, email: `lead${n}@example.org` } }, ctx());
  }
  return store;
}

function worker(
  store: EmbeddedStore,
  send: DeliverySender['send'],
  extra: { batchSize?: number; pollIntervalMs?: number } = {},
) {
  // A clock that moves only when told (a second past the leads' creation, so they are due).
  let at = Date.now() + 1_000;
  const clock = { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
  const outcomes: DeliveryOutcome[] = [];
  const w = createDeliveryWorker({
    outbox: store,
    senders: { webhook: { send } },
    logger: silent,
    now: clock.now,
    onOutcome: (_channel, outcome) => outcomes.push(outcome),
    ...extra,
  });
  onClose(() => w.stop());
  return { worker: w, clock, outcomes };
}

describe('worker.idle()', () => {
  it('resolves only once the send in flight (of its own poll or a nudged one) has been recorded', async () => {
    const store = await outboxWith(1);
    let release!: () => void;
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const { worker: w } = worker(store, () => {
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    // Released at the end whatever happens, so that stopping the worker never waits for its deadline.
    onClose(() => release());
    // The worker's own poll (started, nudged) is the one sending when the drain is asked for.
    w.start();
    w.nudge();
    await sending;
    let idle = false;
    const drained = w.idle().then(() => (idle = true));
    // The send is held: a drain still running, and the delivery still leased.
    await Promise.resolve();
    expect(idle).toBe(false);
    expect((await store.deliveries())[0]!.leasedBy).toBe(w.id);
    release();
    await drained;
    expect((await store.deliveries())[0]!.status).toBe('delivered');
  });

  it('drains past one batch, and sends each delivery once', async () => {
    const store = await outboxWith(7);
    const sent: Delivery[] = [];
    const { worker: w } = worker(store, async (d) => void sent.push(d), { batchSize: 3 });
    await w.idle();
    expect(sent).toHaveLength(7);
    expect(new Set(sent.map((d) => d.id)).size).toBe(7);
    // Drained again with nothing due: nothing more is sent.
    await w.idle();
    expect(sent).toHaveLength(7);
  });

  it('drains what is enqueued while it runs (a lead stored during a send)', async () => {
    const store = await outboxWith(1);
    const sent: string[] = [];
    const { worker: w, clock } = worker(store, async (d) => {
      sent.push(String(d.payload.lead.email));
      if (sent.length === 1) {
        const meanwhile = { ...contact, email: 'meanwhile@example.org' };
        await store.save({ form: 'contact', data: meanwhile }, ctx(clock.now()));
      }
    });
    await w.idle();
    expect(sent).toEqual(['lead0@example.org', 'meanwhile@example.org']);
  });

  it('leaves a failed delivery to its retry time on the worker’s clock', async () => {
    const store = await outboxWith(1);
    let calls = 0;
    const {
      worker: w,
      clock,
      outcomes,
    } = worker(store, async () => {
      calls++;
      if (calls === 1) throw new Error('first attempt fails');
    });
    await w.idle();
    expect(outcomes).toEqual(['retry']);
    clock.advance(4_999);
    await w.idle();
    expect(calls).toBe(1);
    clock.advance(1);
    await w.idle();
    expect(outcomes).toEqual(['retry', 'delivered']);
  });

  it('keeps a started worker polling on its own after a drain', async () => {
    const store = await outboxWith(1);
    const sent: Delivery[] = [];
    let arrived!: () => void;
    const second = new Promise<void>((resolve) => (arrived = resolve));
    const { worker: w, clock } = worker(
      store,
      async (d) => {
        sent.push(d);
        if (sent.length === 2) arrived();
      },
      { pollIntervalMs: 5 },
    );
    w.start();
    await w.idle();
    expect(sent).toHaveLength(1);
    // A lead stored by another process (no nudge here): the worker's next poll finds it.
    await store.save({ form: 'contact', data: { ...contact, email: 'later@example.org' } }, ctx());
    clock.advance(1_000);
    await second;
    expect(new Set(sent.map((d) => d.id)).size).toBe(2);
  });

  it('returns at once for a stopped worker', async () => {
    const store = await outboxWith(1);
    const sent: Delivery[] = [];
    const { worker: w } = worker(store, async (d) => void sent.push(d));
    await w.stop();
    await w.idle();
    expect(sent).toHaveLength(0);
  });
});
