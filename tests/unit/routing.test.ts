import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from '../../src/route-handle.ts';
import { redirectFor } from '../../src/server/redirects.ts';
import { isLang, localePath, splitLangPath, switchLangPath } from '../../src/site.ts';

describe('language paths', () => {
  it('builds and splits prefixed paths', () => {
    expect(localePath('fr')).toBe('/fr/');
    expect(localePath('en', 'guide')).toBe('/en/guide');
    expect(splitLangPath('/fr/blog/x')).toEqual({ lang: 'fr', rest: '/blog/x' });
    expect(splitLangPath('/fr')).toEqual({ lang: 'fr', rest: '/' });
    expect(splitLangPath('/de/guide')).toBeNull();
  });

  it('switches the language and keeps the rest of the address', () => {
    expect(switchLangPath('/en/blog/post-a', '?q=geo', '#top', 'fr')).toBe('/fr/blog/post-a?q=geo#top');
    expect(switchLangPath('/fr/', '', '', 'en')).toBe('/en/');
    expect(switchLangPath('/nowhere', '', '', 'fr')).toBe('/fr/');
  });

  it('accepts only the two languages', () => {
    expect(isLang('en')).toBe(true);
    expect(isLang('EN')).toBe(false);
    expect(isLang('<script>')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe('redirectFor', () => {
  it('redirects / and unprefixed pages to the preferred language', () => {
    expect(redirectFor('/', '', 'fr')).toEqual({ status: 302, location: '/fr/' });
    expect(redirectFor('/faq', '?a=1', 'en')).toEqual({ status: 302, location: '/en/faq?a=1' });
    expect(redirectFor('/blog/my-post', '', 'en')).toEqual({ status: 302, location: '/en/blog/my-post' });
  });

  it('normalises trailing slashes without leaving the site', () => {
    expect(redirectFor('/en', '', 'fr')).toEqual({ status: 301, location: '/en/' });
    expect(redirectFor('/en/guide/', '', 'en')).toEqual({ status: 301, location: '/en/guide' });
    expect(redirectFor('/en//evil.example/', '', 'en')).toBeNull();
    expect(redirectFor('//evil.example/', '', 'en')).toBeNull();
  });

  it('serves each page at one lower-case address, with or without a trailing slash', () => {
    expect(redirectFor('/en/Guide', '?q=1', 'fr')).toEqual({ status: 301, location: '/en/guide?q=1' });
    expect(redirectFor('/EN/guide', '', 'fr')).toEqual({ status: 301, location: '/en/guide' });
    expect(redirectFor('/FR/FAQ/', '', 'en')).toEqual({ status: 301, location: '/fr/faq' });
    expect(redirectFor('/Guide', '', 'fr')).toEqual({ status: 302, location: '/fr/guide' });
    expect(redirectFor('/guide/', '?a=1', 'en')).toEqual({ status: 302, location: '/en/guide?a=1' });
    expect(redirectFor('/blog/', '', 'fr')).toEqual({ status: 302, location: '/fr/blog' });
    expect(redirectFor('//Evil.example/', '', 'en')).toBeNull();
    expect(redirectFor('//Evil', '', 'en')).toBeNull();
    expect(redirectFor('///Evil', '', 'en')).toBeNull();
  });

  it('sends unknown language prefixes to /en/ and leaves other paths to the router', () => {
    expect(redirectFor('/de/guide', '', 'fr')).toEqual({ status: 302, location: '/en/' });
    expect(redirectFor('/unknown-page', '', 'fr')).toBeNull();
    expect(redirectFor('/en/guide', '', 'fr')).toBeNull();
  });
});

describe('the route tree', () => {
  it("names each lazy page's own module as its source, which the server preloads", async () => {
    const { routes } = await import('../../src/routes.tsx');
    const all = (tree: RouteObject[]): RouteObject[] => tree.flatMap((r) => [r, ...all(r.children ?? [])]);
    const lazy = all(routes).filter((r) => r.lazy);
    expect(lazy.length).toBeGreaterThanOrEqual(14);
    for (const route of lazy) {
      const source = (route.handle as RouteHandle).source!;
      expect(source, route.id).toMatch(/^src\/pages\/[\w-]+\.tsx$/);
      const loadComponent = (route.lazy as { Component: () => Promise<unknown> }).Component;
      const module = (await import(`../../${source}`)) as { default: unknown };
      expect(await loadComponent(), route.id).toBe(module.default);
    }
  });
});
