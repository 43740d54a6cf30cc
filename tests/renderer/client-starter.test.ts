import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientScripts, scriptHashes } from '../../src/renderer/client-starter.ts';
import { createHash } from 'node:crypto';
import { compileClientStarter } from '../../vite.config.ts';

// The starter runs as an inline script in the page, after the JSON element that lists the modules;
// here both come from the markup the renderer writes, the script runs against a stub document, and its
// import() calls go to a stub that records the order (Vitest's sandbox has no dynamic import for
// code built with new Function). A path containing "fail" rejects, as a failed download would.
// What runs is what the renderer inlines: src/browser/starter.ts minified as the build minifies it.

let startClient = '';
beforeAll(async () => {
  startClient = await compileClientStarter();
});

interface Stub {
  readyState: 'loading' | 'interactive';
  visibilityState: 'visible' | 'hidden';
  links: { rel: string; href: string }[];
  listeners: Record<string, () => void>;
  frames: (() => void)[];
  /** Reports a Paint Timing entry to the starter's observer, if it has one. */
  paint: (name: string) => void;
}

/**
 * Runs the starter against a stub document. `paintTiming`: whether the browser reports paints
 * (PerformanceObserver's `paint` entries); without it the starter waits for the next frame.
 */
function run(
  modules: string[],
  state: Partial<Pick<Stub, 'readyState' | 'visibilityState'>> = {},
  preloadOnly: string[] = [],
  paintTiming = false,
) {
  const stub: Stub = {
    readyState: 'loading',
    visibilityState: 'visible',
    links: [],
    listeners: {},
    frames: [],
    paint: () => {},
    ...state,
  };
  const observed: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  stub.paint = (name) => {
    for (const report of observed) report({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['mark', 'paint'] : ['mark'];
    constructor(private readonly report: (typeof observed)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observed.push(this.report);
    }
  }
  const document = {
    get readyState() {
      return stub.readyState;
    },
    get visibilityState() {
      return stub.visibilityState;
    },
    getElementById: (id: string) => {
      const data = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(markup)?.[1];
      return data === undefined ? null : { textContent: data };
    },
    addEventListener: (type: string, fn: () => void) => (stub.listeners[type] = fn),
    createElement: () => ({ rel: '', href: '' }),
    head: { appendChild: (link: Stub['links'][number]) => stub.links.push(link) },
  };
  const requestAnimationFrame = (fn: () => void) => stub.frames.push(fn);
  const imported: string[] = [];
  const importStub = (path: string) => {
    imported.push(path);
    return path.includes('fail') ? Promise.reject(new Error('failed to fetch')) : Promise.resolve({});
  };
  const markup = clientScripts(startClient, { path: '/' }, modules, preloadOnly);
  const code = starterOf(markup).replace(/\bimport\(/g, 'importStub(');
  new Function('document', 'requestAnimationFrame', 'PerformanceObserver', 'importStub', code)(
    document,
    requestAnimationFrame,
    PerformanceObserver,
    importStub,
  );
  return Object.assign(stub, { imported });
}

/** The one inline script of the markup (the JSON elements are data). */
function starterOf(markup: string): string {
  const scripts = [...markup.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
}

// The starter yields with setTimeout between steps; Vitest's fake setTimeout stands in for the
// browser's task queue, so a test runs one task (`nextTurn`) or every pending one (`settle`) and never
// waits on the clock. Each step ends once the microtasks it queued (an import's then) have run, which
// the real setImmediate, left unfaked, marks.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});
const microtasksDone = () => new Promise((resolve) => setImmediate(resolve));
const nextTurn = async () => {
  vi.advanceTimersToNextTimer();
  await microtasksDone();
};
const settle = async () => {
  await microtasksDone();
  while (vi.getTimerCount() > 0) await nextTurn();
};

describe('the client starter', () => {
  it('waits for the parsed document and its next frame, then preloads one module per turn and imports in order', async () => {
    const modules = ['/assets/runtime.js', '/assets/react.js', '/assets/entry.js'];
    const stub = run(modules);
    await settle();
    expect(stub.links).toEqual([]);
    expect(stub.imported).toEqual([]);
    expect(stub.frames).toHaveLength(0);

    stub.readyState = 'interactive';
    stub.listeners.DOMContentLoaded!();
    await settle();
    expect(stub.links).toEqual([]);
    expect(stub.frames).toHaveLength(1);

    stub.frames[0]!();
    // One preload per turn; the turn after the last, the first is imported: the next waits for it.
    for (let n = 1; n <= 3; n++) {
      await nextTurn();
      expect(stub.links).toHaveLength(n);
    }
    expect(stub.imported).toEqual([]);
    await nextTurn();
    expect(stub.imported).toEqual(['/assets/runtime.js']);
    await settle();
    expect(stub.links).toEqual(modules.map((href) => ({ rel: 'modulepreload', href })));
    expect(stub.imported).toEqual(modules);
  });

  it('where the browser reports paints, waits for the first contentful paint to be on screen', async () => {
    const modules = ['/assets/react.js', '/assets/entry.js'];
    const stub = run(modules, { readyState: 'interactive' }, [], true);
    await settle();
    // Neither the next frame nor a paint without content starts it.
    expect(stub.frames).toHaveLength(0);
    stub.paint('first-paint');
    await settle();
    expect(stub.links).toEqual([]);
    stub.paint('first-contentful-paint');
    await settle();
    expect(stub.links.map((l) => l.href)).toEqual(modules);
    expect(stub.imported).toEqual(modules);
  });

  it('starts when the tab is hidden before it paints', async () => {
    const stub = run(['/assets/only.js'], { readyState: 'interactive' }, [], true);
    await settle();
    expect(stub.links).toEqual([]);
    stub.visibilityState = 'hidden';
    stub.listeners.visibilitychange!();
    await settle();
    expect(stub.imported).toEqual(['/assets/only.js']);
    // A later paint does not start it twice.
    stub.paint('first-contentful-paint');
    await settle();
    expect(stub.links).toHaveLength(1);
  });

  it('starts at once in a hidden tab, which paints nothing', async () => {
    const stub = run(['/assets/only.js'], { readyState: 'interactive', visibilityState: 'hidden' });
    await settle();
    expect(stub.frames).toHaveLength(0);
    expect(stub.links.map((l) => l.rel)).toEqual(['modulepreload']);
  });

  it('stops quietly at a module that fails, leaving the server-rendered page', async () => {
    const stub = run(['/assets/first.js', '/assets/fail.js', '/assets/never.js'], {
      readyState: 'interactive',
      visibilityState: 'hidden',
    });
    await settle();
    expect(stub.links).toHaveLength(3);
    expect(stub.imported).toEqual(['/assets/first.js', '/assets/fail.js']);
  });

  it("preloads the page's own modules with the app's but leaves importing them to the app", async () => {
    const stub = run(
      ['/assets/react.js', '/assets/entry.js'],
      { readyState: 'interactive', visibilityState: 'hidden' },
      ['/assets/ui.js', '/assets/guide.js'],
    );
    await settle();
    expect(stub.links.map((l) => l.href)).toEqual([
      '/assets/react.js',
      '/assets/entry.js',
      '/assets/ui.js',
      '/assets/guide.js',
    ]);
    expect(stub.links.every((l) => l.rel === 'modulepreload')).toBe(true);
    expect(stub.imported).toEqual(['/assets/react.js', '/assets/entry.js']);
  });

  it('cannot be closed early by a module path or the payload', () => {
    const hostile = '/assets/a</script><script>alert(1)</script>.js';
    const markup = clientScripts(startClient, { title: hostile }, [hostile], [hostile]);
    expect(markup.match(/<\/script>/g)).toHaveLength(3);
    expect(markup).not.toContain('alert(1)</script>');
  });

  it('is the same inline script on every page, allowed by its hash', () => {
    const a = starterOf(clientScripts(startClient, { path: '/en/' }, ['/assets/a.js'], ['/assets/home.js']));
    const b = starterOf(clientScripts(startClient, { path: '/fr/guide' }, ['/assets/b.js'], []));
    expect(a).toBe(b);
    const hash = `'sha256-${createHash('sha256').update(a).digest('base64')}'`;
    expect(scriptHashes(startClient)).toContain(hash);
    expect(scriptHashes(startClient)).toHaveLength(2);
  });

  it('writes no starter when there are no modules to start (development loads them as module scripts)', () => {
    expect(clientScripts(startClient, { path: '/' }, [])).toBe(
      '<script type="application/json" id="app-data">{"path":"/"}</script>',
    );
  });

  it('is minified: a few hundred bytes', () => {
    // The starter is part of every page's HTML (809 bytes since it waits for the first contentful
    // paint's entry: 477 gzip, 372 brotli, on its own).
    expect(startClient.length).toBeLessThan(850);
    expect(startClient).toMatch(/^function\b/);
    expect(startClient).not.toMatch(/\n|\/\/|\/\*|\bstartClient\b|\bdataId\b/);
    expect(starterOf(clientScripts(startClient, {}, ['/a.js']))).toMatch(/\)\("app-modules"\)$/);
  });
});
