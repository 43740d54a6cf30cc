import { setMaxListeners } from 'node:events';

// A deadline as an AbortSignal, held by a timer of its own. AbortSignal.timeout() keeps no strong
// reference to its signal: combined with AbortSignal.any() and nothing else holding it, the garbage
// collector may take it before it fires, and the wait it should have ended never ends (seen here
// under load: an audit of a site that never answers hung until the test's own timeout). A timer
// holds its callback, so this signal lives until it fires or `clear()` is called.

export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer and lets go of the outer signals (call it once the work is done). */
  clear(): void;
}

/** A signal that aborts after `ms`, or as soon as one of `outer` aborts. */
export function deadline(ms: number, ...outer: (AbortSignal | undefined)[]): Deadline {
  const controller = new AbortController();
  // One audit's fetches all listen to its deadlines (a dozen and more for a site audit): not a leak.
  setMaxListeners(100, controller.signal);
  const timer = setTimeout(
    () => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')),
    Math.max(0, ms),
  );
  timer.unref();
  const sources = outer.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const source of sources) {
    if (source.aborted) controller.abort(source.reason);
    else source.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      for (const source of sources) source.removeEventListener('abort', onAbort);
    },
  };
}
