// The blog's pure core: types and the rules for search, related posts, excerpts and counts.
// No file access here: the renderer loads posts (src/renderer/blog-loader.ts); pages and feeds use these helpers.

import type { Lang } from '../site.ts';

export const BLOG_CATEGORIES = ['Strategy', 'Technical', 'Legal', 'Performance'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
export type CategoryFilter = BlogCategory | 'All';

export interface Author {
  name: string;
  bio: string;
  avatar: string;
}

/** A post as cards, search, feeds and the sitemap need it: everything but the body. */
export interface PostSummary {
  id: string;
  slug: string;
  lang: Lang;
  title: string;
  excerpt: string;
  author: Author;
  publishedAt: string;
  updatedAt: string;
  tags: string[];
  category: BlogCategory;
  readingTime: number;
  featured: boolean;
  seoKeywords: string[];
  aiQuoteExcerpt: string;
  schemaType: 'Article' | 'TechArticle';
  wordCount: number;
}

/** A full post: the Markdown source and its rendered HTML (headings carry ids). */
export interface Post extends PostSummary {
  content: string;
  html: string;
}

export const RELATED_LIMIT = 3;
export const CARD_TAG_LIMIT = 3;
export const RELATED_EXCERPT_LENGTH = 120;

export function isCategory(value: unknown): value is BlogCategory {
  return typeof value === 'string' && (BLOG_CATEGORIES as readonly string[]).includes(value);
}

/** Word count: the content split on whitespace. */
export function wordCount(content: string): number {
  return content.split(/\s+/).filter(Boolean).length;
}

/** Reading time as an ISO 8601 duration in minutes (structured data). */
export function isoDuration(minutes: number): string {
  return `PT${Math.max(1, Math.round(minutes))}M`;
}

/**
 * Search: a case-insensitive substring of the title, the excerpt or a tag, within the category
 * ('All' matches all).
 */
export function searchPosts<T extends PostSummary>(
  posts: readonly T[],
  query: string,
  category: CategoryFilter,
): T[] {
  const needle = query.trim().toLowerCase();
  return posts.filter((post) => {
    if (category !== 'All' && post.category !== category) return false;
    if (!needle) return true;
    return (
      post.title.toLowerCase().includes(needle) ||
      post.excerpt.toLowerCase().includes(needle) ||
      post.tags.some((tag) => tag.toLowerCase().includes(needle))
    );
  });
}

/** Related posts: up to 3 of the same category or sharing a tag, the current one excluded. */
export function relatedPosts<T extends PostSummary>(
  posts: readonly T[],
  current: PostSummary,
  limit = RELATED_LIMIT,
): T[] {
  const tags = new Set(current.tags.map((t) => t.toLowerCase()));
  return posts
    .filter(
      (p) =>
        p.slug !== current.slug &&
        (p.category === current.category || p.tags.some((t) => tags.has(t.toLowerCase()))),
    )
    .slice(0, limit);
}

/** Related excerpts: cut at 120 characters, then an ellipsis (the character …, copy-style.md). */
export function cutExcerpt(text: string, max = RELATED_EXCERPT_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Newest first. ISO dates sort as plain strings (no collation, so no Intl start-up in the browser). */
export function byDateDesc(a: PostSummary, b: PostSummary): number {
  return a.publishedAt === b.publishedAt ? 0 : a.publishedAt < b.publishedAt ? 1 : -1;
}

export function summaryOf(post: Post): PostSummary {
  const { content: _content, html: _html, ...summary } = post;
  return summary;
}
