import type { MouseEvent, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import {
  asksForFix,
  BLOCKED_SCORE_CAP,
  blockingItems,
  categoryBadgeVariant,
  countsShown,
  FIXES_FIRST,
  itemBadgeVariant,
  overallScore,
  scoreBand,
  scoreMessageKey,
  engineAcross,
  engineBadgeVariant,
  topFindings,
  type AuditCategory,
  type AuditItem,
  type EngineReading,
  ENGINES_CHECKED_ON,
  type AuditReport,
  type SiteReport,
  type ScoreBand,
} from '../../lib/audit.ts';
import { longDate } from '../../lib/format.ts';
import { localePath } from '../../site.ts';
import { ReportChanges } from '../report/ReportChanges.tsx';
import { ArrowRight, SparkIcon } from '../Icons.tsx';
import { Badge, Section, TableHead } from '../Primitives.tsx';
import { ArrowLink } from '../sections/ActionLinks.tsx';
import { WaitlistButton } from '../Waitlist.tsx';

/** The score colour of each band: 90+ green, 75-89 yellow, below 75 red. */
export const BAND_CLASS: Record<ScoreBand, string> = {
  green: 'text-[var(--ok)]',
  yellow: 'text-[var(--warn)]',
  red: 'text-[var(--bad)]',
};

const RING_RADIUS = 52;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/** A circular gauge; decorative, the score is given as text beside it. */
function ScoreRing({ score, band }: { score: number; band: ScoreBand }) {
  const filled = (Math.max(0, Math.min(100, score)) / 100) * RING_LENGTH;
  return (
    <svg
      viewBox="0 0 120 120"
      width="136"
      height="136"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${BAND_CLASS[band]}`}
    >
      <circle cx="60" cy="60" r={RING_RADIUS} fill="none" strokeWidth="10" className="stroke-border" />
      <circle
        cx="60"
        cy="60"
        r={RING_RADIUS}
        fill="none"
        stroke="currentColor"
        strokeWidth="10"
        strokeLinecap="round"
        strokeDasharray={`${filled.toFixed(2)} ${RING_LENGTH.toFixed(2)}`}
        transform="rotate(-90 60 60)"
      />
    </svg>
  );
}

function OverallScore({ categories, level }: { categories: readonly AuditCategory[]; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  const score = overallScore(categories);
  const band = scoreBand(score);
  return (
    <section aria-labelledby="overall-title" className="card gap-4" data-testid="overall">
      <Title id="overall-title" className="card-title">
        {t('results.overall.title')}
      </Title>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="relative grid place-items-center self-center">
          <ScoreRing score={score} band={band} />
          <p className="absolute inset-0 grid place-content-center text-center">
            <span
              className={`text-4xl font-extrabold tabular-nums ${BAND_CLASS[band]}`}
              data-testid="overall-score"
              data-band={band}
            >
              {score}
            </span>
            <span className="text-sm text-muted">{t('results.overall.outOf')}</span>
          </p>
        </div>
        <div className="grid gap-4">
          <p className="text-lg" data-testid="overall-message">
            {t(scoreMessageKey(score))}
          </p>
          {/* Checks for information and those that do not apply are counted apart, never as passes. */}
          <ul className="flex flex-wrap gap-2" data-testid="overall-counts">
            {countsShown(categories).map(({ status, count }) => (
              <li key={status} data-count={status}>
                <Badge variant={itemBadgeVariant(status)}>
                  {t(`results.overall.counts.${status}`, { count })}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/**
 * Whether each answer engine can use the page, first: the engine, its verdict, the reasons (they
 * may quote the audited site's robots.txt: plain text) and its operator's documentation.
 */
function EngineVerdicts({ engines, level }: { engines: readonly EngineReading[]; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  const lang = useLang();
  return (
    <section aria-labelledby="engines-title" className="card gap-4" data-testid="engines">
      <div className="grid gap-1">
        <Title id="engines-title" className="card-title">
          {t('results.engines.title')}
        </Title>
        <p className="muted">{t('results.engines.lead', { date: longDate(ENGINES_CHECKED_ON, lang) })}</p>
      </div>
      <ul className="grid">
        {engines.map((engine) => (
          <li
            key={engine.id}
            className="grid min-w-0 gap-1.5 border-t border-border py-3 last:pb-0"
            data-engine={engine.id}
            data-status={engine.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-semibold">{engine.name}</span>
              <Badge variant={engineBadgeVariant(engine.status)}>
                {t(`results.engines.status.${engine.status}`)}
              </Badge>
            </div>
            <ul className="grid gap-1 text-sm text-muted wrap-anywhere">
              {engine.reasons.map((reason, i) => (
                <li key={i}>{reason}</li>
              ))}
            </ul>
            <a
              className="w-fit text-sm underline"
              href={engine.docs}
              rel="noopener noreferrer"
              aria-label={t('results.engines.sourceOf', { engine: engine.name })}
            >
              {t('results.engines.source')}
            </a>
          </li>
        ))}
      </ul>
      <p className="muted small">{t('results.engines.training')}</p>
    </section>
  );
}

type SiteVerdict = NonNullable<SiteReport['verdict']>;

/** A site audit's verdict, first: the site's score, its worst pages, and its engines across pages. */
function SiteVerdictCard({ verdict, level }: { verdict: SiteVerdict; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  const Sub = `h${level + 1}` as 'h3' | 'h4';
  return (
    <section aria-labelledby="site-verdict-title" className="card gap-4" data-testid="site-verdict">
      <Title id="site-verdict-title" className="card-title">
        {t('results.site.verdict.title')}
      </Title>
      <p className="font-semibold" data-testid="site-score">
        {t('results.site.verdict.score', {
          score: verdict.score,
          lowest: verdict.lowest,
          highest: verdict.highest,
        })}
      </p>
      <div className="grid gap-2">
        <Sub className="font-semibold">{t('results.site.verdict.engines')}</Sub>
        <ul className="grid gap-1.5 text-sm">
          {verdict.engines.map((engine) => (
            <li key={engine.id} className="flex flex-wrap items-center gap-2" data-engine={engine.id}>
              <Badge variant={engineBadgeVariant(engine.status)}>
                {t(`results.engines.status.${engine.status}`)}
              </Badge>
              <span>
                {t(`results.site.verdict.engine.${engineAcross(engine)}`, { ...engine, engine: engine.name })}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-2">
        <Sub className="font-semibold">{t('results.site.verdict.worst')}</Sub>
        <ul className="grid gap-1 text-sm">
          {verdict.worst.map((page, index) => (
            <li key={index} className="flex gap-3">
              <span className={`font-bold tabular-nums ${BAND_CLASS[scoreBand(page.score)]}`}>
                {page.score}
              </span>
              <span className="wrap-anywhere">{page.url}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Why AI assistants cannot use the page, first: the checks that cap the overall score. */
function BlockedNotice({ items, level }: { items: readonly AuditItem[]; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  return (
    <section
      aria-labelledby="blocked-title"
      className="card gap-3 border-[var(--bad)]"
      data-testid="audit-blocked"
    >
      <Title id="blocked-title" className="card-title text-[var(--bad)]">
        {t('results.blocked.title')}
      </Title>
      <p>{t('results.blocked.text', { cap: BLOCKED_SCORE_CAP })}</p>
      <ul className="grid gap-3">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1" data-item={item.id}>
            <strong className="font-semibold">{item.title}</strong>
            <p className="text-sm text-muted wrap-anywhere">{item.evidence}</p>
            {item.recommendation ? <p className="wrap-anywhere">{item.recommendation}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryCard({ category, level }: { category: AuditCategory; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  const base = `results.categories.${category.id}`;
  const band = scoreBand(category.score);
  const toFix = category.items.filter((i) => asksForFix(i.status));
  const settled = category.items.filter((i) => !asksForFix(i.status));
  return (
    <article
      aria-labelledby={`cat-${category.id}`}
      className="card min-w-0"
      data-testid="category-card"
      data-category={category.id}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-2">
          <Title id={`cat-${category.id}`} className="card-title">
            {t(`${base}.name`)}
          </Title>
          <Badge variant={categoryBadgeVariant(category.status)}>
            {t(`results.categoryStatus.${category.status}`)}
          </Badge>
        </div>
        <p className="shrink-0 text-right leading-none">
          <span
            className={`text-3xl font-extrabold tabular-nums ${BAND_CLASS[band]}`}
            aria-hidden="true"
            data-testid="category-score"
          >
            {category.score}
          </span>
          <span className="text-sm text-muted" aria-hidden="true">
            /100
          </span>
          <span className="sr-only">{t('results.categoryScore', { score: category.score })}</span>
        </p>
      </div>
      <p className="muted">{t(`${base}.summary`)}</p>
      {toFix.length > 0 ? (
        <ul className="grid">
          {toFix.map((item) => (
            <CheckItem key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
      {/* What asks nothing of the site folds away: native, so it opens by keyboard and without script. */}
      {settled.length > 0 ? (
        <details className="border-t border-border pt-3" data-testid="category-others">
          <summary className="cursor-pointer font-semibold">
            {t('results.collapsed', { count: settled.length })}
          </summary>
          <ul className="grid">
            {settled.map((item) => (
              <CheckItem key={item.id} item={item} />
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}

/** One check: its title, its status, the evidence (the audited site's text, plain) and what to do. */
function CheckItem({ item, as = 'item' }: { item: AuditItem; as?: 'item' | 'fix' }) {
  const { t } = useT('tools');
  // A fix repeats a category's check: its own attribute, so `[data-item=…]` still finds one element.
  const data = as === 'fix' ? { 'data-fix': item.id } : { 'data-item': item.id };
  return (
    <li
      className="grid min-w-0 gap-1.5 border-t border-border py-4 last:pb-0"
      data-status={item.status}
      {...data}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="font-semibold">{item.title}</span>
        <Badge variant={itemBadgeVariant(item.status)}>{t(`results.itemStatus.${item.status}`)}</Badge>
      </div>
      {/* Evidence quotes the audited site: plain text only, and long tokens may wrap. */}
      <p className="text-sm text-muted wrap-anywhere">
        <span className="sr-only">{t('results.evidence')} </span>
        {item.evidence}
      </p>
      {item.recommendation ? (
        <p className="rounded-lg border border-border bg-bg p-3 text-sm">
          <strong className="font-semibold text-brand">{t('results.recommendation')}</strong>{' '}
          {item.recommendation}
        </p>
      ) : null}
    </li>
  );
}

/**
 * What to fix first, right after the verdicts (issue 38): the same selection as the emails'
 * (topFindings), the three that matter most, or a word that there is nothing to fix.
 */
function FixesFirst({ report, level }: { report: AuditReport; level: 2 | 3 }) {
  const { t } = useT('tools');
  const Title = `h${level}` as const;
  const { top, more } = topFindings(report, FIXES_FIRST);
  const count = top.length + more;
  return (
    <section aria-labelledby="fixes-title" className="card gap-2" data-testid="fixes-first">
      <Title id="fixes-title" className="card-title">
        {t('results.fixes.title')}
      </Title>
      {count === 0 ? (
        <p>{t('results.fixes.none')}</p>
      ) : (
        <>
          <p className="muted">{t('results.fixes.lead', { count, shown: top.length })}</p>
          <ol className="grid">
            {top.map((item) => (
              <CheckItem key={item.id} item={item} as="fix" />
            ))}
          </ol>
          {more > 0 ? <p className="muted small pt-2">{t('results.fixes.more', { count: more })}</p> : null}
        </>
      )}
    </section>
  );
}

/** A site audit: what the pages show together, then each page with its score. */
function SiteReportSection({ site }: { site: SiteReport }) {
  const { t } = useT('tools');
  const audited = site.pages.filter((p) => p.outcome === 'audited').length;
  return (
    <section aria-labelledby="site-title" className="card min-w-0 gap-5" data-testid="site-report">
      <div className="grid gap-2">
        <h3 id="site-title" className="card-title">
          {t('results.site.title', { count: audited })}
        </h3>
        <p className="muted">{t(`results.site.source.${site.source}`, { count: site.requested })}</p>
      </div>
      <ul className="grid">
        {site.summary.map((item) => (
          <li
            key={item.id}
            className="grid min-w-0 gap-1.5 border-t border-border py-4"
            data-site-item={item.id}
            data-status={item.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-semibold">{item.title}</span>
              <Badge variant={itemBadgeVariant(item.status)}>{t(`results.itemStatus.${item.status}`)}</Badge>
            </div>
            <p className="text-sm text-muted wrap-anywhere">{item.evidence}</p>
            {item.templates ? (
              <ul className="grid gap-1 text-sm wrap-anywhere" data-testid="site-templates">
                {item.templates.map((group, index) => (
                  <li key={index}>{t('results.site.template', group)}</li>
                ))}
              </ul>
            ) : null}
            {item.urls.length > 0 ? (
              <details className="text-sm">
                <summary className="cursor-pointer">
                  {t('results.site.pages', { count: item.urls.length })}
                </summary>
                <ul className="mt-2 grid gap-1 wrap-anywhere">
                  {/* Clipped addresses may repeat (decision 048): the list's order is its key. */}
                  {item.urls.map((url, index) => (
                    <li key={index}>{url}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="min-w-0 overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="site-pages">
          <caption className="sr-only">{t('results.site.tableCaption')}</caption>
          <TableHead
            rowClassName="border-b border-border"
            columns={[
              { label: t('results.site.columns.page'), className: 'py-2 pr-3' },
              { label: t('results.site.columns.score'), className: 'py-2 pr-3 text-right' },
            ]}
          />
          <tbody>
            {site.pages.map((page, index) => (
              <tr key={index} className="border-b border-border" data-outcome={page.outcome}>
                <td className="py-2 pr-3 wrap-anywhere">{page.url}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {page.score !== undefined ? (
                    <span className={`font-bold ${BAND_CLASS[scoreBand(page.score)]}`}>{page.score}</span>
                  ) : (
                    <span className="text-muted">{page.note}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The report, in one order on the Tools page and a saved report's page (issue 38, decision 068): the
 * audited address (as text) and when, the score and its verdict, why the page is out of reach when it
 * is, the site's and the answer engines' verdicts, what to fix first, what changed, the categories
 * (what asks nothing of the site folded), the site's pages, then `children`: how to keep, share and
 * have the report emailed (ReportKeep). On the Tools page it follows the form (an h2, "audit
 * another" goes back to the form); a saved report's own page makes it the page's h1 and sends
 * "audit another" to the Tools page (`againTo`).
 */
export function AuditResults({
  report,
  headingRef,
  onAnalyzeAnother,
  level = 2,
  againTo,
  children,
}: {
  report: AuditReport;
  headingRef?: Ref<HTMLHeadingElement>;
  onAnalyzeAnother?: (event: MouseEvent<HTMLAnchorElement>) => void;
  level?: 1 | 2;
  againTo?: string;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  // The cards that lead the report sit right under its heading: one level below it.
  const cardLevel = level === 1 ? 2 : 3;
  const { t } = useT('tools');
  const lang = useLang();
  const audited = new Date(report.auditedAt);
  const blocking = blockingItems(report.categories);
  const time = audited.toISOString().slice(11, 16);
  return (
    <section aria-labelledby="results-title" className="section pt-4" data-testid="audit-results">
      <div className="container grid min-w-0 gap-6">
        <div className="grid gap-2">
          <Heading
            id="results-title"
            ref={headingRef}
            tabIndex={-1}
            className="section-title scroll-mt-24 wrap-anywhere"
          >
            {t('results.title', { url: report.url })}
          </Heading>
          <p className="muted">
            {t('results.auditedAt', { date: longDate(report.auditedAt, lang), time })}
            {report.finalUrl !== report.url ? (
              <span className="wrap-anywhere"> {t('results.finalUrl', { url: report.finalUrl })}</span>
            ) : null}
          </p>
          {report.pageType ? (
            <p
              className="font-semibold wrap-anywhere"
              data-testid="page-type"
              data-page-type={report.pageType.type}
            >
              {report.pageType.text}
            </p>
          ) : null}
          <p className="muted small" data-testid="audit-reads">
            {t('results.reads')}
          </p>
        </div>
        {/* The score and its verdict lead, then whether answer engines can use the site and the page. */}
        <OverallScore categories={report.categories} level={cardLevel} />
        {blocking.length > 0 ? <BlockedNotice items={blocking} level={cardLevel} /> : null}
        {report.site?.verdict ? <SiteVerdictCard verdict={report.site.verdict} level={cardLevel} /> : null}
        {report.engines ? <EngineVerdicts engines={report.engines} level={cardLevel} /> : null}
        <FixesFirst report={report} level={cardLevel} />
        {report.changes ? <ReportChanges changes={report.changes} /> : null}
        <div className="grid items-start gap-5 lg:grid-cols-2">
          {report.categories.map((category) => (
            <CategoryCard key={category.id} category={category} level={cardLevel} />
          ))}
        </div>
        {report.site ? <SiteReportSection site={report.site} /> : null}
        {children}
        <div
          role="note"
          aria-labelledby="audit-cta-title"
          className="card border-brand bg-[var(--brand-soft)] sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid gap-1">
            <p id="audit-cta-title" className="flex items-center gap-2 font-bold text-brand">
              <SparkIcon width={18} height={18} />
              {t('results.cta.title')}
            </p>
            <p>{t('results.cta.text')}</p>
          </div>
          <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
            <WaitlistButton className="btn btn-primary" website={report.finalUrl || report.url}>
              {t('results.cta.button')}
              <ArrowRight width={18} height={18} />
            </WaitlistButton>
            {againTo ? (
              <Link to={againTo} className="btn btn-outline">
                {t('results.cta.again')}
              </Link>
            ) : (
              <a href="#audit-url" className="btn btn-outline" onClick={onAnalyzeAnother}>
                {t('results.cta.again')}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Where to go from the report: the guide and the services. */
export function NextSteps() {
  const { t } = useT('tools');
  const lang = useLang();
  const steps = [
    { key: 'guide', to: localePath(lang, 'guide') },
    { key: 'services', to: localePath(lang, 'services') },
  ] as const;
  return (
    <Section
      titleId="next-steps-title"
      title={t('nextSteps.title')}
      lead={t('nextSteps.lead')}
      head="start"
      className="pt-4"
      headClassName="mb-6"
    >
      <ul className="grid gap-5 md:grid-cols-2">
        {steps.map((step) => (
          <li key={step.key} className="card">
            <h3 className="card-title">{t(`nextSteps.${step.key}.title`)}</h3>
            <p className="muted grow">{t(`nextSteps.${step.key}.text`)}</p>
            <ArrowLink to={step.to} className="btn btn-outline w-fit">
              {t(`nextSteps.${step.key}.cta`)}
            </ArrowLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
