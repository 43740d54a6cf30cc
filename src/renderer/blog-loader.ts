import { AI_CRAWLERS_CLAIM } from '../lib/visitor.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { escapeHtml } from '../lib/serialize.ts';
import { LANGUAGES, type Lang } from '../site.ts';
import {
  BLOG_CATEGORIES,
  byDateDesc,
  summaryOf,
  wordCount,
  type Post,
  type PostSummary,
} from '../content/blog.ts';

// The typed content module: loads content/blog/{en,fr}/*.md once at start-up, validates
// every front matter field and fails loudly naming the file and the field. The same posts feed the
// pages, the sitemap, llms.txt, the feeds and the markdown copies.

const isoDate = z
  .string()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
      !Number.isNaN(Date.parse(v)),
    'must be an ISO 8601 date-time',
  );
const nonEmpty = z.string().trim().min(1, 'must not be empty');

const frontMatterSchema = z.strictObject({
  id: z.union([nonEmpty, z.number().transform(String)]),
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lowercase words separated by hyphens'),
  title: nonEmpty,
  excerpt: nonEmpty.max(300, 'must be at most 300 characters'),
  author: z.strictObject({
    name: nonEmpty,
    bio: nonEmpty,
    avatar: z
      .string()
      .regex(/^\/images\/[\w/.-]+\.(svg|png|jpg|jpeg|webp|avif)$/, 'must be an image path under /images/'),
  }),
  publishedAt: isoDate,
  updatedAt: isoDate,
  tags: z.array(nonEmpty).min(1, 'must list at least one tag'),
  category: z.enum(BLOG_CATEGORIES, { error: `must be one of ${BLOG_CATEGORIES.join(', ')}` }),
  readingTime: z.number().int('must be a whole number of minutes').positive('must be positive'),
  featured: z.boolean({ error: 'must be true or false' }),
  seoKeywords: z.array(nonEmpty).min(1, 'must list at least one keyword'),
  aiQuoteExcerpt: nonEmpty,
  schemaType: z.enum(['Article', 'TechArticle'], { error: 'must be Article or TechArticle' }),
});

export class ContentError extends Error {
  override name = 'ContentError';
}

/** Heading ids from their text: lowercase, accents dropped, words joined by hyphens, unique per post. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Markdown to HTML with marked; every heading gets an id (unique within the post). */
export function renderMarkdown(markdown: string): string {
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = slugify(inner) || 'section';
        const count = used.get(base) ?? 0;
        used.set(base, count + 1);
        const id = count ? `${base}-${count}` : base;
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      // A code block can scroll sideways: it takes keyboard focus so it can be scrolled without a mouse.
      code(token: Tokens.Code) {
        const lang = /^[\w-]+/.exec(token.lang ?? '')?.[0];
        const code = escapeHtml(token.text);
        return `<pre tabindex="0"><code${lang ? ` class="language-${lang}"` : ''}>${code}</code></pre>\n`;
      },
    },
  });
  return marked.parse(markdown) as string;
}

function splitFrontMatter(file: string, raw: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new ContentError(`${file}: front matter is missing (the file must start with ---)`);
  try {
    return { data: parseYaml(match[1]!), body: match[2]!.trim() };
  } catch (error) {
    throw new ContentError(
      `${file}: front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`,
    );
  }
}

/** Parses and validates one post file; throws ContentError naming the file and the field. */
export function parsePost(file: string, raw: string, lang: Lang): Post {
  const split = splitFrontMatter(file, raw);
  const { data } = split;
  // The figures an article states from the site's own data, as the pages do: `{{crawlers}}` is the
  // AI crawlers the site recognises, rounded down to ten (AI_CRAWLERS_CLAIM).
  const body = split.body.replaceAll('{{crawlers}}', String(AI_CRAWLERS_CLAIM));
  const result = frontMatterSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.join('.') || 'front matter';
    const message =
      issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : issue.message;
    throw new ContentError(`${file}: field "${field}" ${message}`);
  }
  const fm = result.data;
  const expectedSlug = path.basename(file, '.md');
  if (fm.slug !== expectedSlug)
    throw new ContentError(`${file}: field "slug" must match the file name (${expectedSlug})`);
  if (Date.parse(fm.updatedAt) < Date.parse(fm.publishedAt))
    throw new ContentError(`${file}: field "updatedAt" is before publishedAt`);
  if (!body) throw new ContentError(`${file}: the article body is empty`);
  if (/^#\s/m.test(body.replace(/```[\s\S]*?```/g, '')))
    throw new ContentError(`${file}: the body must not contain a level-1 heading (the title is the h1)`);
  return { ...fm, lang, content: body, html: renderMarkdown(body), wordCount: wordCount(body) };
}

export interface BlogContent {
  /** Every post of a language, newest first. */
  posts(lang: Lang): Post[];
  summaries(lang: Lang): PostSummary[];
  post(lang: Lang, slug: string): Post | undefined;
}

/** Loads and validates every post of every language; both languages must have the same slugs and ids. */
export function loadBlog(root = path.resolve('content/blog')): BlogContent {
  const byLang = new Map<Lang, Post[]>();
  for (const lang of LANGUAGES) {
    const dir = path.join(root, lang);
    let files: string[];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort();
    } catch {
      throw new ContentError(`${dir}: the blog folder for "${lang}" is missing`);
    }
    const posts = files.map((f) => {
      const file = path.join(dir, f);
      return parsePost(path.relative(process.cwd(), file), readFileSync(file, 'utf8'), lang);
    });
    byLang.set(lang, posts.sort(byDateDesc));
  }
  const [first, ...others] = LANGUAGES;
  const reference = byLang.get(first)!;
  for (const lang of others) {
    for (const post of reference) {
      const twin = byLang.get(lang)!.find((p) => p.slug === post.slug);
      if (!twin)
        throw new ContentError(
          `content/blog/${lang}/${post.slug}.md is missing (every post exists in every language)`,
        );
      if (twin.id !== post.id || twin.publishedAt !== post.publishedAt || twin.category !== post.category) {
        throw new ContentError(
          `content/blog/${lang}/${post.slug}.md: fields "id", "publishedAt" and "category" must match the ${first} version`,
        );
      }
    }
    if (byLang.get(lang)!.length !== reference.length)
      throw new ContentError(`content/blog/${lang} has posts that content/blog/${first} does not`);
  }
  const summaries = new Map([...byLang].map(([lang, posts]) => [lang, posts.map(summaryOf)]));
  return {
    posts: (lang) => byLang.get(lang) ?? [],
    summaries: (lang) => summaries.get(lang) ?? [],
    post: (lang, slug) => byLang.get(lang)?.find((p) => p.slug === slug),
  };
}
