import { useMemo, type FormEvent } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { NewsletterForm } from '../components/blog/NewsletterForm.tsx';
import { PostCard } from '../components/blog/PostCard.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Section } from '../components/Primitives.tsx';
import type { BlogListData } from '../content/blog-data.ts';
import {
  BLOG_CATEGORIES,
  isCategory,
  searchPosts,
  type CategoryFilter,
  type PostSummary,
} from '../content/blog.ts';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

const FILTERS: CategoryFilter[] = ['All', ...BLOG_CATEGORIES];

/** The blog listing: search and category live in the address (?q=…&category=…). */
export default function BlogPage() {
  const { t } = useT('blog');
  const lang = useLang();
  const { posts } = useLoaderData() as BlogListData;
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, 100);
  const rawCategory = params.get('category');
  const category: CategoryFilter = isCategory(rawCategory) ? rawCategory : 'All';
  const results = useMemo(() => searchPosts(posts, query, category), [posts, query, category]);
  const featured = posts.filter((p) => p.featured);
  const filtering = query.trim() !== '' || category !== 'All';
  const base = localePath(lang, 'blog');

  const hrefFor = (next: CategoryFilter) => {
    const search = new URLSearchParams();
    if (query) search.set('q', query);
    if (next !== 'All') search.set('category', next);
    const qs = search.toString();
    return qs ? `${base}?${qs}` : base;
  };

  const onSearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <form
          role="search"
          method="get"
          action={base}
          className="flex w-full max-w-xl gap-2"
          onSubmit={(e: FormEvent) => e.preventDefault()}
        >
          <label htmlFor="blog-search" className="sr-only">
            {t('search.label')}
          </label>
          <input
            id="blog-search"
            name="q"
            type="search"
            className="input"
            placeholder={t('search.placeholder')}
            value={query}
            maxLength={100}
            onChange={(e) => onSearch(e.target.value)}
          />
          {category !== 'All' ? <input type="hidden" name="category" value={category} /> : null}
          <noscript>
            <button type="submit" className="btn btn-primary">
              {t('search.submit')}
            </button>
          </noscript>
        </form>
      </PageHero>

      {featured.length > 0 && !filtering ? (
        <Section titleId="featured-title" title={t('featured')} head="plain" className="pt-4">
          <PostList posts={featured} className="grid gap-5 md:grid-cols-2" />
        </Section>
      ) : null}

      <section aria-labelledby="all-title" className="section pt-4">
        <div className="container">
          <nav aria-label={t('filterLabel')} className="mb-6">
            <ul className="flex flex-wrap gap-2">
              {FILTERS.map((f) => (
                <li key={f}>
                  <Link
                    to={hrefFor(f)}
                    replace
                    preventScrollReset
                    className={f === category ? 'btn btn-primary btn-sm' : 'btn btn-outline btn-sm'}
                    aria-current={f === category ? 'true' : undefined}
                  >
                    {t(`categories.${f}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mb-6 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id="all-title" className="section-title">
              {category === 'All'
                ? t('allArticles')
                : t('categoryArticles', { category: t(`categories.${category}`) })}
            </h2>
            <p className="muted" role="status">
              {t('count', { count: results.length })}
              {query.trim() ? ` ${t('searchResults', { query: query.trim() })}` : ''}
            </p>
          </div>
          {results.length > 0 ? (
            <PostList posts={results} className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" />
          ) : (
            <div className="card items-center py-12 text-center">
              <p className="text-lg">{t('empty')}</p>
              <Link to={base} replace preventScrollReset className="btn btn-outline">
                {t('clear')}
              </Link>
            </div>
          )}
        </div>
      </section>
      <NewsletterForm />
    </>
  );
}

function PostList({ posts, className }: { posts: readonly PostSummary[]; className: string }) {
  return (
    <ul className={className}>
      {posts.map((post) => (
        <li key={post.slug}>
          <PostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
