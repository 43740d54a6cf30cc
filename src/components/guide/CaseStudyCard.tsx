import { useT } from '../../i18n/hooks.ts';
import { METRIC_KEYS, previewCaseStudy, type GuideCaseStudy } from '../../lib/case-studies.ts';
import { ArrowRight } from '../Icons.tsx';
import { Badge } from '../Primitives.tsx';
import { CheckList } from '../sections/PageBlocks.tsx';

/**
 * One industry playbook: its typical results, implementation details, the first three strategies,
 * the first two action items and how many of both are left ("+N more"). The figures are invented
 * targets, not measured results (the company has no clients to measure yet), so the card says so
 * first: a badge before its title, in the card's accessible name, and in each figure's term.
 */
export function CaseStudyCard({ study }: { study: GuideCaseStudy }) {
  const { t } = useT('guide');
  const { strategies, actions, more } = previewCaseStudy(study);
  const base = `case-study-${study.id}`;
  return (
    <article
      id={base}
      aria-labelledby={`${base}-badge ${base}-title`}
      className="card h-full scroll-mt-24"
      data-illustrative
    >
      <p id={`${base}-badge`} className="flex">
        <Badge>{t('caseStudies.badge')}</Badge>
      </p>
      <h3 id={`${base}-title`} className="card-title">
        {study.industry}
      </h3>
      <p className="muted">{study.summary}</p>

      <h4 id={`${base}-metrics`} className="text-xs font-bold tracking-wide text-muted uppercase">
        {t('caseStudies.metricsLabel')}
      </h4>
      <dl aria-labelledby={`${base}-metrics`} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {METRIC_KEYS.map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse justify-end rounded-xl border border-border bg-bg px-3 py-2.5"
          >
            <dt className="text-xs leading-snug text-muted">
              {t(`caseStudies.metrics.${key}`)}
              <span className="sr-only"> ({t('caseStudies.metricIllustrative')})</span>
            </dt>
            <dd className="text-xl font-extrabold whitespace-nowrap text-brand">{study.metrics[key]}</dd>
          </div>
        ))}
      </dl>

      <h4 id={`${base}-implementation`} className="sr-only">
        {t('caseStudies.implementationLabel')}
      </h4>
      <dl
        aria-labelledby={`${base}-implementation`}
        className="grid gap-x-4 gap-y-1 text-sm grid-cols-[auto_1fr]"
      >
        <dt className="font-semibold">{t('caseStudies.timeline')}</dt>
        <dd className="text-muted">{study.implementation.timeline}</dd>
        <dt className="font-semibold">{t('caseStudies.complexity')}</dt>
        <dd className="text-muted">{study.implementation.complexity}</dd>
        <dt className="font-semibold">{t('caseStudies.keyFocus')}</dt>
        <dd className="text-muted">{study.implementation.keyFocus}</dd>
      </dl>

      <div className="grid gap-4 border-t border-border pt-4">
        <div>
          <h4 id={`${base}-strategies`} className="mb-2 text-sm font-bold">
            {t('caseStudies.strategies')}
          </h4>
          <CheckList
            items={strategies}
            iconSize={16}
            aria-labelledby={`${base}-strategies`}
            className="text-sm"
          />
        </div>
        <div>
          <h4 id={`${base}-actions`} className="mb-2 text-sm font-bold">
            {t('caseStudies.actions')}
          </h4>
          <ul aria-labelledby={`${base}-actions`} className="grid gap-2 text-sm">
            {actions.map((a) => (
              <li key={a} className="flex items-start gap-2">
                <ArrowRight width={16} height={16} className="mt-0.5 flex-none text-brand" />
                <span>{a}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {more > 0 ? (
        <p className="mt-auto pt-1 text-sm font-semibold text-brand" data-more={more}>
          {t('caseStudies.more', { count: more })}
        </p>
      ) : null}
    </article>
  );
}
