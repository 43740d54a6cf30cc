import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { longDate } from '../lib/format.ts';
import { PostCard } from '../components/blog/PostCard.tsx';
import { ShareButton } from '../components/blog/ShareButton.tsx';
import { TagList } from '../components/blog/PostCard.tsx';
import { ArrowLeft } from '../components/Icons.tsx';
import { CtaBand } from '../components/sections/PageBlocks.tsx';
import { Badge, Section } from '../components/Primitives.tsx';
import { ActionLinks } from '../components/sections/ActionLinks.tsx';
import type { BlogPostData } from '../content/blog-data.ts';
import { cutExcerpt } from '../content/blog.ts';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

const TEXT_ID = 'article-text';

/**
 * The article's rendered Markdown. The page the server sent holds it already, so its hydration
 * payload leaves it out (`hydration` in routes.tsx) and the text is read back from the page; a
 * client navigation brings it with the rest of the article's data.
 */
function ArticleText({ html }: { html: string | undefined }) {
  const [served] = useState(() =>
    html !== undefined || import.meta.env.SSR ? '' : (document.getElementById(TEXT_ID)?.innerHTML ?? ''),
  );
  return <div id={TEXT_ID} className="prose" dangerouslySetInnerHTML={{ __html: html ?? served }} />;
}

/** An article: header facts, the rendered Markdown body, the author, related posts and the call to action. */
export default function BlogPostPage() {
  const { t } = useT('blog');
  const lang = useLang();
  const { post, related } = useLoaderData() as BlogPostData;
  return (
    <>
      <article className="pb-8">
        <header className="page-hero">
          <div className="container narrow">
            <Link
              to={localePath(lang, 'blog')}
              className="mb-6 inline-flex items-center gap-2 font-semibold text-brand hover:underline"
            >
              <ArrowLeft width={18} height={18} />
              {t('article.back')}
            </Link>
            <div className="mb-4 flex flex-wrap gap-2">
              <Badge variant="secondary">{t(`categories.${post.category}`)}</Badge>
              {post.featured ? <Badge>{t('article.featured')}</Badge> : null}
            </div>
            <h1 className="hero-title">{post.title}</h1>
            <p className="hero-lead">{post.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3 text-sm muted">
              <span className="flex items-center gap-3 text-fg">
                <img src={post.author.avatar} alt="" width={40} height={40} className="rounded-full" />
                <span className="font-semibold">{post.author.name}</span>
              </span>
              <span>
                {t('article.published')}{' '}
                <time dateTime={post.publishedAt}>{longDate(post.publishedAt, lang)}</time>
              </span>
              <span>
                {t('article.updated')} <time dateTime={post.updatedAt}>{longDate(post.updatedAt, lang)}</time>
              </span>
              <span>{t('minRead', { count: post.readingTime })}</span>
              <span>{t('article.words', { count: post.wordCount })}</span>
            </div>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
              <TagList tags={post.tags} />
              <ShareButton title={post.title} text={post.excerpt} />
            </div>
          </div>
        </header>
        <div className="container narrow">
          <ArticleText html={post.html} />
          <aside aria-labelledby="author-title" className="card mt-10 sm:flex-row sm:items-start sm:gap-5">
            <img src={post.author.avatar} alt="" width={64} height={64} className="rounded-full" />
            <div>
              <h2 id="author-title" className="card-title">
                {t('article.aboutAuthor')}
              </h2>
              <p className="mt-1 font-semibold">{post.author.name}</p>
              <p className="muted">{post.author.bio}</p>
            </div>
          </aside>
        </div>
      </article>

      {related.length > 0 ? (
        <Section titleId="related-title" title={t('article.related')} head="plain">
          <ul className="grid gap-5 md:grid-cols-3">
            {related.map((p) => (
              <li key={p.slug}>
                <PostCard post={p} excerpt={cutExcerpt(p.excerpt)} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <CtaBand
        titleId="article-cta-title"
        title={t('article.ctaTitle')}
        text={t('article.ctaText')}
        lead="full"
      >
        <ActionLinks
          links={[
            { to: localePath(lang, 'tools'), label: t('article.audit') },
            { to: localePath(lang, 'services'), label: t('article.services') },
          ]}
        />
      </CtaBand>
    </>
  );
}
