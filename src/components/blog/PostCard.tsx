import { Link } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import { CARD_TAG_LIMIT, type PostSummary } from '../../content/blog.ts';
import { localePath } from '../../site.ts';
import { Badge } from '../Primitives.tsx';
import { longDate } from '../../lib/format.ts';

/** A post card: category badge, reading time, title link, excerpt, first three tags, author, date. */
export function PostCard({
  post,
  excerpt,
  headingLevel = 3,
}: {
  post: PostSummary;
  excerpt?: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useT('blog');
  const lang = useLang();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card h-full">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary">{t(`categories.${post.category}`)}</Badge>
        <span className="muted">{t('minRead', { count: post.readingTime })}</span>
      </div>
      <Heading className="card-title">
        <Link to={localePath(lang, `blog/${post.slug}`)} className="hover:text-brand hover:underline">
          {post.title}
        </Link>
      </Heading>
      <p className="muted grow">{excerpt ?? post.excerpt}</p>
      <TagList tags={post.tags.slice(0, CARD_TAG_LIMIT)} />
      <p className="flex flex-wrap justify-between gap-2 border-t border-border pt-3 text-sm muted">
        <span>{t('by', { name: post.author.name })}</span>
        <time dateTime={post.publishedAt}>{longDate(post.publishedAt, lang)}</time>
      </p>
    </article>
  );
}

/** A post's tags as outline badges, named for assistive technology. */
export function TagList({ tags }: { tags: readonly string[] }) {
  const { t } = useT('blog');
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('article.tags')}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="outline">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
