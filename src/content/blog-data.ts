import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { localePath, isLang, type Lang } from '../site.ts';
import type { AuditOutcome } from '../lib/audit.ts';
import type { NewsletterOutcome } from '../lib/newsletter.ts';
import { relatedPosts, type Post, type PostSummary } from './blog.ts';

// Blog data for route loaders, on both sides: on the server the content module arrives through the
// static handler's request context; in the browser the same shapes come from small JSON endpoints,
// so article bodies are never in the client bundle and a navigation loads only the post it needs.

export type ArticleBody = Omit<Post, 'content'>;

export interface BlogListData {
  posts: PostSummary[];
}

export interface BlogPostData {
  post: ArticleBody;
  related: PostSummary[];
}

/** What the server hands loaders (createStaticHandler().query(request, { requestContext })). */
export interface BlogSource {
  summaries(lang: Lang): PostSummary[];
  post(lang: Lang, slug: string): Post | undefined;
}
export interface ServerRequestContext {
  blog: BlogSource;
  /** The Tools page's audit for `?url=`, run by the server before rendering (src/server/audit/). */
  audit?: AuditOutcome | undefined;
  /** The outcome of a newsletter link, checked and recorded by the server (src/server/newsletter.ts). */
  newsletter?: NewsletterOutcome | undefined;
}

export function blogListData(source: BlogSource, lang: Lang): BlogListData {
  return { posts: source.summaries(lang) };
}

export function blogPostData(source: BlogSource, lang: Lang, slug: string): BlogPostData | undefined {
  const post = source.post(lang, slug);
  if (!post) return undefined;
  const { content: _markdown, ...body } = post;
  return { post: body, related: relatedPosts(source.summaries(lang), post) };
}

export const blogApiPath = (lang: Lang, slug?: string) =>
  slug ? `/api/blog/${lang}/${encodeURIComponent(slug)}` : `/api/blog/${lang}`;

const browserCache = new Map<string, Promise<unknown>>();
async function fetchJson<T>(url: string): Promise<T | undefined> {
  let pending = browserCache.get(url) as Promise<T | undefined> | undefined;
  if (!pending) {
    pending = fetch(url, { headers: { Accept: 'application/json' } }).then((res) => {
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json() as Promise<T>;
    });
    pending.catch(() => browserCache.delete(url));
    browserCache.set(url, pending);
  }
  return pending;
}

function serverSource(args: LoaderFunctionArgs): BlogSource | undefined {
  return (args.context as ServerRequestContext | undefined)?.blog;
}

function langParam(args: LoaderFunctionArgs): Lang {
  return isLang(args.params.lang) ? args.params.lang : 'en';
}

export async function loadBlogList(args: LoaderFunctionArgs): Promise<BlogListData> {
  const lang = langParam(args);
  const source = serverSource(args);
  if (source) return blogListData(source, lang);
  return (await fetchJson<BlogListData>(blogApiPath(lang))) ?? { posts: [] };
}

/** Unknown or missing slug: a 302 to the listing (spec: a silent redirect). */
export async function loadBlogPost(args: LoaderFunctionArgs): Promise<BlogPostData> {
  const lang = langParam(args);
  const slug = args.params.slug ?? '';
  const source = serverSource(args);
  const found = source
    ? blogPostData(source, lang, slug)
    : await fetchJson<BlogPostData>(blogApiPath(lang, slug));
  // The query string goes along, as with every redirect of the site (design §3).
  if (!found) throw redirect(`${localePath(lang, 'blog')}${new URL(args.request.url).search}`, 302);
  return found;
}
