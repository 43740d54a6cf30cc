import { Link } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import {
  engineBadgeVariant,
  itemBadgeVariant,
  propertyChangeTexts,
  type ReportChanges as Changes,
} from '../../lib/audit.ts';
import { longDate } from '../../lib/format.ts';
import { Badge, TableHead } from '../Primitives.tsx';
import { ReportCard } from './ReportCard.tsx';
import { reportPaths } from './ReportShare.tsx';

function Delta({ before, after }: { before: number; after: number }) {
  const { t } = useT('tools');
  const delta = after - before;
  if (delta === 0) return <span className="muted">{t('report.changes.same')}</span>;
  return (
    <span className={delta > 0 ? 'text-[var(--ok)] font-semibold' : 'text-[var(--bad)] font-semibold'}>
      {delta > 0 ? `+${delta}` : `−${-delta}`}
    </span>
  );
}

/** What changed since the same address's earlier report: scores before and now, and changed checks. */
export function ReportChanges({ changes }: { changes: Changes }) {
  const { t } = useT('tools');
  const lang = useLang();
  const rows = [
    { key: 'overall', name: t('report.changes.overall'), ...changes.overall },
    ...changes.categories.map((c) => ({
      key: c.id,
      name: t(`results.categories.${c.id}.name`),
      before: c.before,
      after: c.after,
    })),
  ];
  return (
    <ReportCard
      name="changes"
      title={t('report.changes.title', { date: longDate(changes.previous.auditedAt, lang) })}
      lead={
        <>
          {t('report.changes.lead')}
          {/* Only a report the reader came with is linked: never another person's (decision 048). */}
          {changes.previous.id ? (
            <>
              {' '}
              <Link
                to={reportPaths(lang, changes.previous.id).page}
                className="font-semibold text-brand underline underline-offset-2"
              >
                {t('report.changes.previous')}
              </Link>
            </>
          ) : null}
        </>
      }
    >
      <div className="overflow-x-auto">
        <table className="w-full text-left">
          <TableHead
            columns={[
              { label: t('report.changes.score') },
              { label: t('report.changes.before'), className: 'pl-3 text-right' },
              { label: t('report.changes.after'), className: 'pl-3 text-right' },
              { label: t('report.changes.delta'), className: 'pl-3 text-right' },
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="font-semibold">
                  {row.name}
                </th>
                <td className="pl-3 text-right tabular-nums">{row.before}</td>
                <td className="pl-3 text-right tabular-nums">{row.after}</td>
                <td className="pl-3 text-right tabular-nums">
                  <Delta before={row.before} after={row.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {changes.pageType ? (
        <div className="grid gap-1" data-testid="changes-page-type">
          <h3 className="font-bold">{t('report.changes.pageType')}</h3>
          <p className="text-sm">
            <span className="font-semibold">{t('report.changes.before')}</span> {changes.pageType.before.text}
          </p>
          <p className="text-sm">
            <span className="font-semibold">{t('report.changes.after')}</span> {changes.pageType.after.text}
          </p>
        </div>
      ) : null}
      {changes.engines ? (
        <div className="grid gap-2" data-testid="changes-engines">
          <h3 className="font-bold">{t('report.changes.engines')}</h3>
          <ul className="grid gap-2">
            {changes.engines.map((engine) => (
              <li key={engine.id} className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{engine.name}</span>
                <Badge variant={engineBadgeVariant(engine.before)}>
                  {t(`results.engines.status.${engine.before}`)}
                </Badge>
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('report.changes.after')}</span>
                <Badge variant={engineBadgeVariant(engine.after)}>
                  {t(`results.engines.status.${engine.after}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {changes.crawlers ? (
        <div className="grid gap-1 text-sm" data-testid="changes-crawlers">
          <h3 className="font-bold">{t('report.changes.crawlers')}</h3>
          {changes.crawlers.allowed.length > 0 ? (
            <p>{t('report.changes.crawlersAllowed', { agents: changes.crawlers.allowed.join(', ') })}</p>
          ) : null}
          {changes.crawlers.blocked.length > 0 ? (
            <p>{t('report.changes.crawlersBlocked', { agents: changes.crawlers.blocked.join(', ') })}</p>
          ) : null}
        </div>
      ) : null}
      {changes.properties ? (
        <div className="grid gap-1 text-sm" data-testid="changes-properties">
          <h3 className="font-bold">{t('report.changes.properties')}</h3>
          <ul className="grid gap-1 wrap-anywhere">
            {changes.properties.map((p, index) => (
              <li key={index}>
                {propertyChangeTexts(p)
                  .map((line) => t(line.key, line.values))
                  .join(' ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <h3 className="font-bold">{t('report.changes.checks')}</h3>
      {changes.checks.length === 0 ? (
        <p className="muted">{t('report.changes.none')}</p>
      ) : (
        <ul className="grid gap-2">
          {changes.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{check.title}</span>
              <Badge variant={itemBadgeVariant(check.before)}>
                {t(`results.itemStatus.${check.before}`)}
              </Badge>
              <span aria-hidden="true">→</span>
              <span className="sr-only">{t('report.changes.after')}</span>
              <Badge variant={itemBadgeVariant(check.after)}>{t(`results.itemStatus.${check.after}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </ReportCard>
  );
}
