// A byte budget on the audited sites' bodies held by one process at once (decision 049). Every audit
// reserves, before it fetches, the most its bodies can take (their caps, not what they turn out to
// be): the first page with its views and site files, then each further page of a site audit, until
// that page is analysed. Reservations wait their turn, first come first served, so four hostile
// site audits at once hold at most the budget in bodies (and their copies in the analysis queue),
// whatever the sites send; each wait ends with the audit's own deadline.

/** The bodies the audits of one process may hold at once: a page's whole reservation fits twice. */
export const BODY_BUDGET_BYTES = 24 * 1024 * 1024;

export interface BodyBudget {
  /**
   * Waits until `bytes` fit (a reservation larger than the whole budget waits for all of it), then
   * returns the function that gives them back; undefined when `signal` aborts first.
   */
  acquire(bytes: number, signal: AbortSignal): Promise<(() => void) | undefined>;
  /** Bytes reserved now. */
  readonly used: number;
  /** The most ever reserved at once. */
  readonly peak: number;
}

export function bodyBudget(total: number = BODY_BUDGET_BYTES): BodyBudget {
  let used = 0;
  let peak = 0;
  const queue: { bytes: number; grant: () => void }[] = [];

  const give = (bytes: number) => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      used -= bytes;
      next();
    };
  };
  const next = () => {
    while (queue.length > 0 && used + queue[0]!.bytes <= total) queue.shift()!.grant();
  };

  return {
    acquire(wanted, signal) {
      const bytes = Math.min(wanted, total);
      return new Promise((resolve) => {
        if (signal.aborted) return resolve(undefined);
        const entry = {
          bytes,
          grant: () => {
            signal.removeEventListener('abort', onAbort);
            used += bytes;
            peak = Math.max(peak, used);
            resolve(give(bytes));
          },
        };
        const onAbort = () => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          resolve(undefined);
          // The one that left may have held back smaller ones behind it.
          next();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        queue.push(entry);
        next();
      });
    },
    get used() {
      return used;
    },
    get peak() {
      return peak;
    },
  };
}
