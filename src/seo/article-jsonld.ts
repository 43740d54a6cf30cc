import type { ArticleBody } from '../content/blog-data.ts';
import { isoDuration } from '../content/blog.ts';
import { LANGUAGE_ENTRIES, OG_IMAGES, type Lang } from '../site.ts';
import { organizationId, type JsonLd } from './jsonld.ts';

/** BlogPosting (schemaType Article) or TechArticle for a post, linked to the page and the publisher. */
export function articleJsonLd(post: ArticleBody, lang: Lang, siteUrl: string): JsonLd {
  const url = `${siteUrl}/${lang}/blog/${post.slug}`;
  return {
    '@type': post.schemaType === 'TechArticle' ? 'TechArticle' : 'BlogPosting',
    '@id': `${url}#article`,
    headline: post.title,
    description: post.excerpt,
    abstract: post.aiQuoteExcerpt,
    author: {
      '@type': 'Person',
      name: post.author.name,
      description: post.author.bio,
      image: `${siteUrl}${post.author.avatar}`,
    },
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    wordCount: post.wordCount,
    timeRequired: isoDuration(post.readingTime),
    keywords: post.seoKeywords.join(', '),
    articleSection: post.category,
    about: post.tags,
    inLanguage: LANGUAGE_ENTRIES[lang].locale,
    isAccessibleForFree: true,
    image: `${siteUrl}${OG_IMAGES[lang]}`,
    publisher: { '@id': organizationId(siteUrl) },
    mainEntityOfPage: { '@id': `${url}#webpage` },
    url,
  };
}
