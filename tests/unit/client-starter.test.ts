import { beforeAll, describe, expect, it } from 'vitest';
import { clientStarter } from '../../src/renderer/client-starter.ts';
import { compileClientStarter } from '../../vite.config.ts';

// The starter runs as an inline script in the page; here it runs against a stub document, and its
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
  links: { rel: string; href: string; nonce: string }[];
  listeners: Record<string, () => void>;
  frames: (() => void)[];
}

function run(
  modules: string[],
  state: Partial<Pick<Stub, 'readyState' | 'visibilityState'>> = {},
  preloadOnly: string[] = [],
) {
  const stub: Stub = {
    readyState: 'loading',
    visibilityState: 'visible',
    links: [],
    listeners: {},
    frames: [],
    ...state,
  };
  const document = {
    get readyState() {
      return stub.readyState;
    },
    get visibilityState() {
      return stub.visibilityState;
    },
    currentScript: { nonce: 'n0nce' },
    addEventListener: (type: string, fn: () => void) => (stub.listeners[type] = fn),
    createElement: () => ({ rel: '', href: '', nonce: '' }),
    head: { appendChild: (link: Stub['links'][number]) => stub.links.push(link) },
  };
  const requestAnimationFrame = (fn: () => void) => stub.frames.push(fn);
  const imported: string[] = [];
  const importStub = (path: string) => {
    imported.push(path);
    return path.includes('fail') ? Promise.reject(new Error('failed to fetch')) : Promise.resolve({});
  };
  const code = clientStarter(startClient, modules, preloadOnly).replace(/\bimport\(/g, 'importStub(');
  new Function('document', 'requestAnimationFrame', 'importStub', code)(
    document,
    requestAnimationFrame,
    importStub,
  );
  return Object.assign(stub, { imported });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the client starter', () => {
  it('waits for the parsed document and its next frame, then preloads everything and imports in order', async () => {
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
    // One turn later all are preloading, the next turn the first is imported: the next waits for it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stub.links).toHaveLength(3);
    expect(stub.imported).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stub.imported).toEqual(['/assets/runtime.js']);
    await settle();
    expect(stub.links).toEqual(modules.map((href) => ({ rel: 'modulepreload', href, nonce: 'n0nce' })));
    expect(stub.imported).toEqual(modules);
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
    expect(stub.links.every((l) => l.rel === 'modulepreload' && l.nonce === 'n0nce')).toBe(true);
    expect(stub.imported).toEqual(['/assets/react.js', '/assets/entry.js']);
  });

  it('cannot be closed early by a module path', () => {
    const hostile = '/assets/a</script><script>alert(1)</script>.js';
    expect(clientStarter(startClient, [hostile], [hostile])).not.toContain('</script>');
  });

  it('is minified: about the size of the hand-written script it replaced', () => {
    // The starter is part of every page's HTML; the hand-minified version was 561 bytes.
    expect(startClient.length).toBeLessThan(600);
    expect(startClient).toMatch(/^function\b/);
    expect(startClient).not.toMatch(/\n|\/\/|\/\*|\bstartClient\b|\bpreloadOnly\b/);
    expect(clientStarter(startClient, [], [])).toMatch(/\)\(\[\],\[\],document\.currentScript\.nonce\)$/);
  });
});
