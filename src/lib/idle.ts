// When deferred work may run: the browser's next idle moment, for work that must never compete with
// what the visitor is doing, and the visitor's first sign of using the page, for work only a visitor
// who stays needs. Safe to import anywhere: it touches the browser only when called.

/**
 * Runs `work` when the main thread is next idle, at the latest after `timeoutMs`; where the browser
 * has no requestIdleCallback (Safari), after `fallbackMs`. Returns a function that cancels it.
 */
export function onIdle(work: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, fallbackMs);
  return () => window.clearTimeout(id);
}

/**
 * What shows that a visitor is using the page rather than only looking at it: moving or pressing a
 * pointer, touching, scrolling (the wheel, a key, a finger, or the browser restoring a position),
 * a key, a focus. Listened to on the window, in the capture phase, passively.
 */
const ENGAGEMENT_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'wheel',
  'scroll',
  'keydown',
  'focusin',
] as const;

let engaged = false;
const waiting: (() => void)[] = [];

function engage() {
  engaged = true;
  for (const work of waiting.splice(0)) work();
}

/** Runs `work` at the visitor's first sign of using the page (at once if there has been one). */
export function onEngaged(work: () => void): void {
  if (engaged) return work();
  waiting.push(work);
  // A listener added again is the same one; each goes at its first event.
  for (const type of ENGAGEMENT_EVENTS) {
    window.addEventListener(type, engage, { capture: true, passive: true, once: true });
  }
}
