import type { Logger } from 'pino';
import type { LeadStore } from './store/index.ts';

// Whether the store can take writes, known without a write per /readyz request (decision 051).
// A probe (the store's `ping()`: a write that needs room) runs at start, every `intervalMs`, and at
// once when a real write fails; its outcome is the state. /readyz and /metrics read that state: a
// store that cannot take writes is reported, never a reason to leave the load balancer's rotation,
// since pages do not need it. The state changes only on a probe's outcome, so a change is logged
// once, not once per request or per failed form.

/** How often the store is probed while nothing fails (decision 051). */
export const STORE_PROBE_MS = 10_000;

export interface StoreHealth {
  /** The last probe's outcome: undefined until the first one has finished. */
  readonly writable: boolean | undefined;
  /** A real write failed: probe now (one probe at a time; a request during one waits for it). */
  check(): Promise<void>;
  /** Probes at once, then every interval. */
  start(): void;
  stop(): Promise<void>;
}

export interface StoreHealthOptions {
  store: Pick<LeadStore, 'kind' | 'ping'>;
  logger: Logger;
  /** Between two probes while nothing asks for one (default STORE_PROBE_MS). */
  intervalMs?: number;
}

export function createStoreHealth(options: StoreHealthOptions): StoreHealth {
  const { store } = options;
  const intervalMs = options.intervalMs ?? STORE_PROBE_MS;
  const logger = options.logger.child({ component: 'store-health', store: store.kind });
  let writable: boolean | undefined;
  let probing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  async function probe(): Promise<void> {
    let failure: Error | undefined;
    try {
      await store.ping();
    } catch (error) {
      failure = error as Error;
    }
    const now = failure === undefined;
    if (now === writable) return;
    // The first probe logs only a store that starts unwritable; every change after it, once.
    if (!now) {
      logger.error(
        { storeWritable: false, err: { name: failure!.name, message: failure!.message.slice(0, 300) } },
        'store cannot take writes: forms answer 503, pages are served',
      );
    } else if (writable === false) {
      logger.info({ storeWritable: true }, 'store takes writes again');
    }
    writable = now;
  }

  function check(): Promise<void> {
    probing ??= probe().finally(() => {
      probing = undefined;
    });
    return probing;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void check().finally(schedule), intervalMs);
    // The probe never keeps the process alive on its own.
    timer.unref();
  }

  return {
    get writable() {
      return writable;
    },
    check,
    start() {
      if (started || stopped) return;
      started = true;
      void check().finally(schedule);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await probing;
    },
  };
}
