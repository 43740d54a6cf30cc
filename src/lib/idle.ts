// The browser's next idle moment, for work that must never compete with what the visitor is doing.
// Safe to import anywhere: it touches the browser only when called.

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
