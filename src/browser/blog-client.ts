import type { BlogData, BlogListData, BlogPostData } from '../content/blog-data.ts';
import type { Lang } from '../site.ts';

/** The server's JSON endpoints for the blog (src/server/crawler-files.ts). */
const apiPath = (lang: Lang, slug?: string) =>
  slug ? `/api/blog/${lang}/${encodeURIComponent(slug)}` : `/api/blog/${lang}`;

/**
 * The browser's blog data for route loaders: the server's JSON endpoints, each answer kept for the
 * life of this page (going back to a post does not fetch it again; a failure is forgotten).
 */
export function blogOverHttp(): BlogData {
  const answers = new Map<string, Promise<unknown>>();
  function fetchJson<T>(url: string): Promise<T | undefined> {
    let pending = answers.get(url) as Promise<T | undefined> | undefined;
    if (!pending) {
      pending = fetch(url, { headers: { Accept: 'application/json' } }).then((res) => {
        if (res.status === 404) return undefined;
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        return res.json() as Promise<T>;
      });
      pending.catch(() => answers.delete(url));
      answers.set(url, pending);
    }
    return pending;
  }
  return {
    list: async (lang) => (await fetchJson<BlogListData>(apiPath(lang))) ?? { posts: [] },
    post: (lang, slug) => fetchJson<BlogPostData>(apiPath(lang, slug)),
  };
}
