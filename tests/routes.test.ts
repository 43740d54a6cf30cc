import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { blogDataFrom, type BlogPostData } from '../src/content/blog-data.ts';
import type { AuditOutcome } from '../src/lib/audit.ts';
import { loadBlog } from '../src/renderer/blog-loader.ts';
import type { RouteHandle } from '../src/route-handle.ts';
import type { LoadContext, ServerWork } from '../src/routes.tsx';
import { redirectFor } from '../src/server/redirects.ts';
import {
  isLang,
  localePath,
  markdownCopyPath,
  markdownCopyTarget,
  splitLangPath,
  switchLangPath,
} from '../src/site.ts';

describe('language paths', () => {
  it('builds and splits prefixed paths', () => {
    expect(localePath('fr')).toBe('/fr/');
    expect(localePath('en', 'guide')).toBe('/en/guide');
    expect(splitLangPath('/fr/blog/x')).toEqual({ lang: 'fr', rest: '/blog/x' });
    expect(splitLangPath('/fr')).toEqual({ lang: 'fr', rest: '/' });
    expect(splitLangPath('/de/guide')).toBeNull();
  });

  it("names a page's Markdown copy and reads the page back from it", () => {
    expect(markdownCopyPath('en', '')).toBe('/en/index.md');
    expect(markdownCopyPath('fr', 'guide')).toBe('/fr/guide.md');
    // What follows the language prefix of a page's address names the same copy.
    expect(markdownCopyPath('en', '/')).toBe('/en/index.md');
    expect(markdownCopyPath('en', '/blog/post-a/')).toBe('/en/blog/post-a.md');
    for (const path of ['', 'guide', 'blog/post-a']) {
      expect(markdownCopyTarget(markdownCopyPath('fr', path))).toEqual({ lang: 'fr', path });
    }
    expect(markdownCopyTarget('/de/guide.md')).toBeNull();
    expect(markdownCopyTarget('/en/Guide.md')).toBeNull();
    expect(markdownCopyTarget('/en/.md')).toBeNull();
    expect(markdownCopyTarget('/en/guide')).toBeNull();
  });

  it('switches the language and keeps the rest of the address', () => {
    // The page's own query parameters go along; any other (tracking, made up) does not.
    expect(switchLangPath('/en/blog', '?utm_source=x&q=geo&category=seo', '#top', 'fr')).toBe(
      '/fr/blog?category=seo&q=geo#top',
    );
    expect(switchLangPath('/en/blog/post-a', '?q=geo', '#top', 'fr')).toBe('/fr/blog/post-a#top');
    expect(switchLangPath('/en/guide', '?fbclid=1', '', 'fr')).toBe('/fr/guide');
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
    expect(redirectFor('/en//', '?a=1', 'fr')).toEqual({ status: 301, location: '/en/?a=1' });
    expect(redirectFor('/fr////', '', 'en')).toEqual({ status: 301, location: '/fr/' });
    expect(redirectFor('/en/', '', 'fr')).toBeNull();
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
    const { routes } = await import('../src/routes.tsx');
    const all = (tree: RouteObject[]): RouteObject[] => tree.flatMap((r) => [r, ...all(r.children ?? [])]);
    const lazy = all(routes).filter((r) => r.lazy);
    expect(lazy.length).toBeGreaterThanOrEqual(14);
    for (const route of lazy) {
      const source = (route.handle as RouteHandle).source!;
      expect(source, route.id).toMatch(/^src\/pages\/[\w-]+\.tsx$/);
      const loadComponent = (route.lazy as { Component: () => Promise<unknown> }).Component;
      const module = (await import(`../${source}`)) as { default: unknown };
      expect(await loadComponent(), route.id).toBe(module.default);
    }
  });
});

describe("the loaders' context", () => {
  // Each entry gives the loaders what they use (src/routes.tsx, LoadContext): here a stand-in.
  async function query(url: string, context: Partial<LoadContext> = {}) {
    const { createStaticHandler, RouterContextProvider } = await import('react-router-dom');
    const { routes, loadContext } = await import('../src/routes.tsx');
    const blog = loadBlog();
    const loaded: string[] = [];
    const value: LoadContext = {
      blog: async () => blogDataFrom(blog),
      loadNamespaces: async (lang, namespaces) => void loaded.push(`${lang}:${namespaces.join(',')}`),
      ...context,
    };
    const result = await createStaticHandler(routes).query(new Request(`https://example.test${url}`), {
      requestContext: new RouterContextProvider(new Map([[loadContext, value]])),
    });
    return { result, loaded, blog };
  }

  it('loads the namespaces of every matched route for its language', async () => {
    const { result, loaded } = await query('/fr/faq');
    expect(result).not.toBeInstanceOf(Response);
    expect(loaded.sort()).toEqual(['fr:common', 'fr:faq']);
  });

  it("gives the blog's pages the data of the context's blog", async () => {
    const { result, blog } = await query('/en/blog');
    const [first] = blog.summaries('en');
    expect(first).toBeDefined();
    const list = (result as { loaderData: Record<string, unknown> }).loaderData['page-blog'];
    expect(list).toEqual({ posts: blog.summaries('en') });

    const article = await query(`/en/blog/${first!.slug}`);
    const data = (article.result as { loaderData: Record<string, BlogPostData> }).loaderData['blog-post'];
    expect(data?.post.slug).toBe(first!.slug);
    expect(data?.post).not.toHaveProperty('content');
  });

  it('sends an unknown article to the listing, with the query string', async () => {
    const { result } = await query('/fr/blog/no-such-post?utm=x');
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get('Location')).toBe('/fr/blog?utm=x');
  });

  it("asks the server for what the route needs: the Tools page's audit of its ?url=", async () => {
    const audit = { ok: false, reason: 'busy' } as unknown as AuditOutcome;
    const asked: string[] = [];
    const server = {
      audit: async (lang: string) => (asked.push(lang), audit),
    } as unknown as ServerWork;
    const { result } = await query('/en/tools?url=https://example.org', { server });
    expect((result as { loaderData: Record<string, unknown> }).loaderData['page-tools']).toEqual({ audit });
    expect(asked).toEqual(['en']);
    // Without ?url= the page asks nothing.
    const plain = await query('/en/tools', { server });
    expect((plain.result as { loaderData: Record<string, unknown> }).loaderData['page-tools']).toEqual({
      audit: null,
    });
    expect(asked).toEqual(['en']);
  });
});
