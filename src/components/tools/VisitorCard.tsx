import { useT } from '../../i18n/hooks.ts';
import type { VisitorProfile } from '../../lib/visitor.ts';
import { BotIcon, MonitorIcon, SparkIcon } from '../Icons.tsx';
import { Badge, CardIcon } from '../Primitives.tsx';

type Kind = 'human' | 'ai' | 'bot';

function kindOf(visitor: VisitorProfile): Kind {
  if (visitor.isAICrawler) return 'ai';
  return visitor.isBot ? 'bot' : 'human';
}

/**
 * Who is reading the page, from the request's user agent (rendered on the server): an AI crawler
 * with its category and priority, another crawler, or a person.
 */
export function VisitorCard({ visitor }: { visitor: VisitorProfile }) {
  const { t } = useT('tools');
  const kind = kindOf(visitor);
  const name = visitor.name === 'Unknown Bot' ? t('visitor.unknownBot') : visitor.name;
  const Icon = kind === 'human' ? MonitorIcon : kind === 'ai' ? SparkIcon : BotIcon;
  const rows: [string, string][] = [];
  if (kind !== 'human') {
    rows.push([t('visitor.fields.name'), name]);
    if (visitor.operator && visitor.operator !== 'unknown')
      rows.push([t('visitor.fields.operator'), visitor.operator]);
    if (visitor.category !== 'human')
      rows.push([t('visitor.fields.category'), t(`visitor.categories.${visitor.category}`)]);
    if (visitor.priority !== 'none')
      rows.push([t('visitor.fields.priority'), t(`visitor.priorities.${visitor.priority}`)]);
    rows.push([t('visitor.fields.crawlDelay'), t('visitor.crawlDelay', { count: visitor.crawlDelay })]);
  }

  return (
    <section aria-labelledby="visitor-title" className="card" data-visitor-kind={kind} data-per-visitor="">
      <h2 id="visitor-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
        {t('visitor.title')}
      </h2>
      <div className="flex items-start gap-4">
        <CardIcon icon={Icon} size={22} className="hidden shrink-0 sm:inline-grid" />
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
            {t('visitor.fields.type')}
            <Badge variant={kind === 'ai' ? 'default' : 'secondary'}>{t(`visitor.types.${kind}`)}</Badge>
          </p>
          <p className="card-title leading-snug">{t(`visitor.${kind}.title`, { name })}</p>
          <p className="muted">{t(`visitor.${kind}.text`, { name })}</p>
        </div>
      </div>
      {rows.length > 0 ? (
        <dl className="grid gap-x-8 gap-y-2 border-t border-border pt-4 text-sm sm:grid-cols-2">
          {rows.map(([term, value]) => (
            <div key={term} className="flex flex-wrap justify-between gap-x-3">
              <dt className="text-muted">{term}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
