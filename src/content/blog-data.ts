import type { Lang } from '../site.ts';
import { relatedPosts, type Post, type PostSummary } from './blog.ts';

// Blog data for route loaders, in the same shapes on both sides: on the server straight from the
// content module (src/renderer/blog-loader.ts); in the browser from small JSON endpoints
// (src/browser/blog-client.ts), so article bodies are never in the client bundle and a navigation
// loads only the post it needs. Each entry hands its own to the loaders in the router's context.

/**
 * An article as its page reads it: the rendered HTML, not the Markdown. `html` is left out of the
 * hydration payload of the article's own page, which holds it already (`hydration` in routes.tsx).
 */
export type ArticleBody = Omit<Post, 'content' | 'html'> & { html?: string };

export interface BlogListData {
  posts: PostSummary[];
}

export interface BlogPostData {
  post: ArticleBody;
  related: PostSummary[];
}

/** The articles as the renderer holds them (the content module). */
export interface BlogSource {
  summaries(lang: Lang): PostSummary[];
  post(lang: Lang, slug: string): Post | undefined;
}

/** Where route loaders get the blog's data (src/routes.tsx, `LoadContext`). */
export interface BlogData {
  list(lang: Lang): Promise<BlogListData>;
  /** One article, or undefined when there is none. */
  post(lang: Lang, slug: string): Promise<BlogPostData | undefined>;
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

/** The server's blog data: straight from its content module. */
export function blogDataFrom(source: BlogSource): BlogData {
  return {
    list: async (lang) => blogListData(source, lang),
    post: async (lang, slug) => blogPostData(source, lang, slug),
  };
}
