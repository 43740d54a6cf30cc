import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cutExcerpt,
  isoDuration,
  relatedPosts,
  searchPosts,
  wordCount,
  type PostSummary,
} from '../../src/content/blog.ts';
import { ContentError, loadBlog, parsePost, renderMarkdown } from '../../src/renderer/blog-loader.ts';

const post = (slug: string, over: Partial<PostSummary> = {}): PostSummary => ({
  id: slug,
  slug,
  lang: 'en',
  title: `Title ${slug}`,
  excerpt: `Excerpt of ${slug}`,
  author: { name: 'A', bio: 'B', avatar: '/images/a.svg' },
  publishedAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  tags: [],
  category: 'Strategy',
  readingTime: 5,
  featured: false,
  seoKeywords: [],
  aiQuoteExcerpt: '',
  schemaType: 'Article',
  wordCount: 100,
  ...over,
});

describe('blog search', () => {
  const posts = [
    post('a', { title: 'The GEO Guide', category: 'Strategy', tags: ['Structured Data'] }),
    post('b', { excerpt: 'All about robots.txt for crawlers', category: 'Technical' }),
    post('c', { tags: ['EU AI Act'], category: 'Legal' }),
  ];

  it('matches title, excerpt or any tag, case-insensitively', () => {
    expect(searchPosts(posts, 'geo guide', 'All').map((p) => p.slug)).toEqual(['a']);
    expect(searchPosts(posts, 'ROBOTS', 'All').map((p) => p.slug)).toEqual(['b']);
    expect(searchPosts(posts, 'ai act', 'All').map((p) => p.slug)).toEqual(['c']);
    expect(searchPosts(posts, 'structured', 'All').map((p) => p.slug)).toEqual(['a']);
  });

  it('combines the search with the category (AND); All matches everything', () => {
    expect(searchPosts(posts, '', 'All')).toHaveLength(3);
    expect(searchPosts(posts, '', 'Legal').map((p) => p.slug)).toEqual(['c']);
    expect(searchPosts(posts, 'robots', 'Legal')).toEqual([]);
    expect(searchPosts(posts, '', 'Performance')).toEqual([]);
    expect(searchPosts(posts, '   ', 'Technical').map((p) => p.slug)).toEqual(['b']);
  });
});

describe('related posts', () => {
  it('takes up to 3 posts of the same category or sharing a tag, never the current one', () => {
    const current = post('x', { category: 'Legal', tags: ['GDPR'] });
    const posts = [
      current,
      post('same-cat', { category: 'Legal' }),
      post('shared-tag', { category: 'Strategy', tags: ['gdpr'] }),
      post('unrelated', { category: 'Technical', tags: ['SSR'] }),
      post('also-legal', { category: 'Legal' }),
      post('more-legal', { category: 'Legal' }),
    ];
    const related = relatedPosts(posts, current).map((p) => p.slug);
    expect(related).toEqual(['same-cat', 'shared-tag', 'also-legal']);
    expect(related).not.toContain('x');
    expect(related).not.toContain('unrelated');
  });
});

describe('counts and excerpts', () => {
  it('counts words by splitting on spaces', () => {
    expect(wordCount('one two  three\nfour\tfive ')).toBe(5);
    expect(wordCount('')).toBe(0);
  });

  it('gives reading time as an ISO 8601 duration in minutes', () => {
    expect(isoDuration(12)).toBe('PT12M');
    expect(isoDuration(0)).toBe('PT1M');
  });

  it('cuts related excerpts at 120 characters then an ellipsis', () => {
    expect(cutExcerpt('short')).toBe('short');
    const long = 'x'.repeat(130);
    expect(cutExcerpt(long)).toBe(`${'x'.repeat(120)}…`);
    expect(cutExcerpt('y'.repeat(120))).toBe('y'.repeat(120));
  });
});

describe('markdown rendering', () => {
  it('gives headings unique ids and renders lists, bold, inline code and code blocks', () => {
    const html = renderMarkdown(
      '## Hello World\n\nText **bold** and `code`.\n\n- a\n- b\n\n1. one\n\n## Hello World\n\n### Été à Paris\n\n```json\n{"a": "<b>"}\n```',
    );
    expect(html).toContain('<h2 id="hello-world">Hello World</h2>');
    expect(html).toContain('<h2 id="hello-world-1">Hello World</h2>');
    expect(html).toContain('<h3 id="ete-a-paris">Été à Paris</h3>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ol>');
    expect(html).toContain('&lt;b&gt;');
  });
});

describe('content validation', () => {
  const valid = readFileSync('content/blog/en/brands-primary-sources-ai-2025.md', 'utf8');
  const file = 'content/blog/en/brands-primary-sources-ai-2025.md';

  it('accepts the shipped posts: six per language with the spec categories and flags', () => {
    const blog = loadBlog();
    for (const lang of ['en', 'fr'] as const) {
      const posts = blog.summaries(lang);
      expect(posts).toHaveLength(6);
      const bySlug = Object.fromEntries(posts.map((p) => [p.slug, p]));
      expect(bySlug['ultimate-geo-guide-2025']).toMatchObject({
        category: 'Strategy',
        readingTime: 12,
        featured: true,
      });
      expect(bySlug['ai-platform-optimization-strategies']).toMatchObject({
        category: 'Technical',
        readingTime: 8,
        featured: false,
      });
      expect(bySlug['strategic-ai-compliance-excellence']).toMatchObject({
        category: 'Legal',
        readingTime: 10,
        featured: true,
      });
      expect(bySlug['seo-to-geo-ai-citation-digital-currency']).toMatchObject({
        category: 'Strategy',
        readingTime: 7,
        featured: true,
      });
      expect(bySlug['brands-primary-sources-ai-2025']).toMatchObject({
        category: 'Strategy',
        readingTime: 6,
        featured: false,
      });
      expect(bySlug['ai-visibility-tracking-guide']).toMatchObject({
        category: 'Strategy',
        readingTime: 8,
        featured: true,
      });
      for (const p of posts) expect(p.wordCount, `${lang}/${p.slug}`).toBeGreaterThanOrEqual(1200);
      for (const p of posts) expect(p.wordCount, `${lang}/${p.slug}`).toBeLessThanOrEqual(2500);
    }
  });

  it('keeps titles and excerpts short enough for the page title and meta description, with no dated title', () => {
    const blog = loadBlog();
    for (const lang of ['en', 'fr'] as const) {
      for (const p of blog.summaries(lang)) {
        expect(p.title.length, `${lang}/${p.slug} title`).toBeLessThanOrEqual(70);
        expect(p.excerpt.length, `${lang}/${p.slug} excerpt`).toBeLessThanOrEqual(160);
        expect(p.title, `${lang}/${p.slug} title`).not.toMatch(/\b(19|20)\d\d\b/);
      }
    }
  });

  it('links every article to at least two external sources', () => {
    const blog = loadBlog();
    for (const lang of ['en', 'fr'] as const) {
      for (const p of blog.posts(lang)) {
        const links = p.content.match(/\]\(https:\/\/[^)\s]+\)/g) ?? [];
        expect(links.length, `${lang}/${p.slug}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('uses French typography in French prose (code, inline code and URLs aside)', () => {
    const blog = loadBlog();
    for (const p of blog.posts('fr')) {
      const prose = [p.title, p.excerpt, p.aiQuoteExcerpt, p.author.bio, p.content]
        .join('\n')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '')
        .replace(/\]\([^)\s]*\)/g, ']')
        .replace(/https?:\/\/\S+/g, '');
      expect(prose, `fr/${p.slug}: straight apostrophe`).not.toContain("'");
      expect(prose, `fr/${p.slug}: space before ; ! ? or »`).not.toMatch(/[ \u00a0][;!?»]/);
      expect(prose, `fr/${p.slug}: space after «`).not.toMatch(/« /);
      expect(prose, `fr/${p.slug}: breaking space before :`).not.toMatch(/ :/);
      expect(prose, `fr/${p.slug}: breaking space before %`).not.toMatch(/\d %/);
    }
  });

  it('reports a broken field with the file and the field', () => {
    const broken = valid.replace(/^category: .*$/m, 'category: "Gossip"');
    expect(() => parsePost(file, broken, 'en')).toThrow(ContentError);
    expect(() => parsePost(file, broken, 'en')).toThrow(
      /content\/blog\/en\/brands-primary-sources-ai-2025\.md: field "category" must be one of/,
    );
    expect(() => parsePost(file, valid.replace(/^ {2}bio: .*$/m, '  bio: ""'), 'en')).toThrow(
      /field "author\.bio" must not be empty/,
    );
    expect(() =>
      parsePost(file, valid.replace(/^publishedAt: .*$/m, 'publishedAt: "last tuesday"'), 'en'),
    ).toThrow(/field "publishedAt" must be an ISO 8601 date-time/);
    expect(() => parsePost(file, valid.replace(/^readingTime: .*$/m, 'readingTime: "six"'), 'en')).toThrow(
      /field "readingTime"/,
    );
    expect(() => parsePost(file, valid.replace(/^slug: .*$/m, 'slug: "other-slug"'), 'en')).toThrow(
      /field "slug" must match the file name/,
    );
    expect(() => parsePost(file, valid.replace('---\n', '---\nsurprise: 1\n'), 'en')).toThrow(
      /unknown field\(s\) surprise/,
    );
    expect(() => parsePost(file, 'no front matter', 'en')).toThrow(/front matter is missing/);
  });

  it('fails when a language lacks a post', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'blog-'));
    mkdirSync(path.join(root, 'en'));
    mkdirSync(path.join(root, 'fr'));
    writeFileSync(path.join(root, 'en', 'brands-primary-sources-ai-2025.md'), valid);
    expect(() => loadBlog(root)).toThrow(/content\/blog\/fr\/brands-primary-sources-ai-2025\.md is missing/);
  });
});
