import pino from 'pino';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreHealth } from '../../src/server/store-health.ts';
import { StoreUnavailableError } from '../../src/server/store/types.ts';

// The store's writability (decision 051): known from a probe in the background, never from a write
// per request; each change logged once; a probe at a time, however many failed writes ask for one.

function setUp() {
  const lines: { msg: string; level: number }[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString('utf8')) as { msg: string; level: number });
        callback();
      },
    }),
  );
  const state = { full: false, pings: 0 };
  const store = {
    kind: 'embedded' as const,
    ping: async () => {
      state.pings++;
      if (state.full) throw new StoreUnavailableError('embedded store unavailable: SQLITE_FULL');
    },
  };
  const health = createStoreHealth({ store, logger, intervalMs: 1000 });
  const messages = () => lines.map((line) => line.msg);
  return { health, state, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('store health', () => {
  it('knows nothing before its first probe, then what the probe found, without a line for a healthy start', async () => {
    const { health, state, messages } = setUp();
    expect(health.writable).toBeUndefined();
    health.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.writable).toBe(true);
    expect(state.pings).toBe(1);
    expect(messages()).toEqual([]);
    await health.stop();
  });

  it('logs a change once, however many probes and failed writes follow, and its recovery once', async () => {
    const { health, state, messages } = setUp();
    health.start();
    await vi.advanceTimersByTimeAsync(0);
    state.full = true;
    // Three failed writes ask at once: one probe.
    await Promise.all([health.check(), health.check(), health.check()]);
    expect(state.pings).toBe(2);
    expect(health.writable).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.pings).toBe(7);
    expect(health.writable).toBe(false);
    state.full = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(health.writable).toBe(true);
    expect(messages()).toEqual([
      'store cannot take writes: forms answer 503, pages are served',
      'store takes writes again',
    ]);
    await health.stop();
  });

  it('logs a store that starts unwritable, and probes no more once stopped', async () => {
    const { health, state, messages } = setUp();
    state.full = true;
    health.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.writable).toBe(false);
    expect(messages()).toEqual(['store cannot take writes: forms answer 503, pages are served']);
    await health.stop();
    const pings = state.pings;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.pings).toBe(pings);
  });
});
