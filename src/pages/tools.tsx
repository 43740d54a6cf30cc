import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { InputRow } from '../components/forms/Field.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { WaitlistNoscript } from '../components/Waitlist.tsx';
import { AuditChecks } from '../components/tools/AuditChecks.tsx';
import { Sources } from '../components/sections/Sources.tsx';
import { ReportKeep } from '../components/report/ReportKeep.tsx';
import { AuditScoring } from '../components/tools/AuditScoring.tsx';
import { AuditError } from '../components/tools/AuditError.tsx';
import { AuditProgress } from '../components/tools/AuditProgress.tsx';
import { AuditResults, NextSteps } from '../components/tools/AuditResults.tsx';
import { streamAudit } from '../components/tools/stream-audit.ts';
import { useHydrated } from '../components/tools/useHydrated.ts';
import { VisitorCard } from '../components/tools/VisitorCard.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import {
  MAX_URL_LENGTH,
  pagesOf,
  parseAuditUrl,
  parseSitePages,
  SITE_PAGE_CHOICES,
  type AuditOutcome,
  type AuditStep,
  type ToolsData,
} from '../lib/audit.ts';
import { useSite } from '../site-context.tsx';
import { localePath } from '../site.ts';

/** An audit the visitor asked for with the form or the retry button: one page, or several of its site. */
type Requested = { url: string; pages: number; attempt: number };

const outcomeUrl = (outcome: AuditOutcome) => (outcome.ok ? outcome.report.url : outcome.url);

/** What the checks are built on (decision 025): each rule follows one of these documents. */
const TOOLS_SOURCES = [
  'robotsTxt',
  'robotsMeta',
  'webLinking',
  'llmsTxt',
  'contentSignals',
  'schemaOrg',
  'googleAiFeatures',
] as const;

/**
 * The free AI citation audit. The form is a plain GET to this page: without JavaScript the server
 * audits `?url=` and renders the report. With JavaScript the page asks GET /api/audit for a stream of
 * progress, shows each step as the server completes it, then the report, and records `?url=` in the
 * address so the report can be shared. An address with no report yet (Back, a language switch) is
 * audited the same way. Crawlers get the page without any audit.
 */
export default function ToolsPage() {
  const { t } = useT('tools');
  const lang = useLang();
  const { visitor } = useSite();
  const loaded = useLoaderData() as ToolsData | null;
  const [params, setParams] = useSearchParams();
  const rawParam = visitor.isBot ? null : params.get('url');
  const submitted = parseAuditUrl(rawParam);
  const submittedPages = parseSitePages(params.get('pages'));

  const [value, setValue] = useState(rawParam?.slice(0, MAX_URL_LENGTH) ?? '');
  const [invalid, setInvalid] = useState(rawParam !== null && submitted === null);
  const [pages, setPages] = useState(submittedPages);
  const [requested, setRequested] = useState<Requested | null>(null);
  // This page's last finished audit: which run it was, the language of its texts, what it found.
  const [own, setOwn] = useState<{ key: string; lang: string; outcome: AuditOutcome } | null>(null);
  const [progress, setProgress] = useState<{ key: string; done: AuditStep[] } | null>(null);
  const [pageProgress, setPageProgress] = useState<{ key: string; done: number; total: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const attempts = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Where focus goes once that part of the page is on screen (the report may wait for the address).
  const pendingFocus = useRef<'progress' | 'results' | null>(null);

  // The address changed under us (our own update, Back, a shared link): follow it.
  const [seenParam, setSeenParam] = useState(rawParam);
  if (seenParam !== rawParam) {
    setSeenParam(rawParam);
    setValue(rawParam?.slice(0, MAX_URL_LENGTH) ?? '');
    setInvalid(rawParam !== null && submitted === null);
    setPages(submittedPages);
    setRequested(null);
  }

  // What the page shows: the audit running, or the outcome for the address (this page's, else the
  // server's), or neither.
  // An outcome answers the address if it is about the same address and as many pages (a failure
  // says nothing about pages, and answers either).
  const answers = (found: AuditOutcome, url: string, count: number) =>
    outcomeUrl(found) === url && (!found.ok || pagesOf(found) === count);
  const ownOutcome = (key: string | null, url?: string) =>
    own && own.lang === lang && (key ? own.key === key : answers(own.outcome, url!, submittedPages))
      ? own.outcome
      : null;
  let active: { key: string; url: string; pages: number } | null = null;
  let outcome: AuditOutcome | null = null;
  if (requested) {
    const key = `run-${requested.attempt}`;
    outcome = ownOutcome(key);
    if (!outcome) active = { key, url: requested.url, pages: requested.pages };
  } else if (submitted) {
    const fromServer =
      loaded?.audit && answers(loaded.audit, submitted, submittedPages) ? loaded.audit : null;
    outcome = ownOutcome(null, submitted) ?? fromServer;
    if (!outcome)
      active = { key: `address-${submittedPages}-${submitted}`, url: submitted, pages: submittedPages };
  }
  const activeKey = active?.key ?? null;
  const activeUrl = active?.url ?? null;
  const activePages = active?.pages ?? 1;

  const onStep = useEffectEvent((key: string, step: AuditStep) =>
    setProgress((current) => ({ key, done: current?.key === key ? [...current.done, step] : [step] })),
  );
  const onPage = useEffectEvent((key: string, done: number, total: number) =>
    setPageProgress({ key, done, total }),
  );
  const finish = useEffectEvent((key: string, url: string, count: number, result: AuditOutcome) => {
    setOwn({ key, lang, outcome: result });
    setAnnouncement(
      result.ok
        ? t('status.finished', { score: result.report.overall })
        : t('status.failed', { message: result.message || t(`errors.${result.reason}`, { url }) }),
    );
    pendingFocus.current = 'results';
    // Shareable and reloadable: the address says what was audited (the server renders it).
    if (url !== submitted || count !== submittedPages) {
      setParams(count > 1 ? { url, pages: String(count) } : { url }, { preventScrollReset: true });
    }
  });
  useEffect(() => {
    if (!activeKey || !activeUrl) return;
    const controller = new AbortController();
    const handlers = {
      onStep: (step: AuditStep) => onStep(activeKey, step),
      onPage: (done: number, total: number) => onPage(activeKey, done, total),
    };
    streamAudit(activeUrl, lang, activePages, handlers, controller.signal).then(
      (result) => finish(activeKey, activeUrl, activePages, result),
      () => {}, // aborted: a newer audit, another language, or leaving the page
    );
    return () => controller.abort();
  }, [activeKey, activeUrl, activePages, lang]);

  useEffect(() => {
    const target = pendingFocus.current === 'results' ? resultsHeading : progressHeading;
    if (!pendingFocus.current || !target.current) return;
    pendingFocus.current = null;
    // Focus alone scrolls only until the heading shows at the viewport's bottom edge (issue 38): the
    // heading goes to the top instead (its scroll-margin keeps it below the sticky header), at once
    // for a visitor who asks for less motion.
    target.current.focus({ preventScroll: true });
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.current.scrollIntoView({ block: 'start', behavior: still ? 'instant' : 'smooth' });
  });

  const request = (url: string, count: number) => {
    setRequested({ url, pages: count, attempt: ++attempts.current });
    setAnnouncement(t('status.started', { url }));
    pendingFocus.current = 'progress';
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (active) return;
    const url = parseAuditUrl(value);
    if (!url) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    request(url, pages);
  };

  const onAnalyzeAnother = (event: MouseEvent<HTMLAnchorElement | HTMLButtonElement>) => {
    event.preventDefault();
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  let body;
  if (active) {
    body = (
      <div className="container narrow grid gap-6 pb-12">
        <AuditProgress
          url={active.url}
          done={progress?.key === active.key ? progress.done : []}
          pages={
            active.pages > 1
              ? pageProgress?.key === active.key
                ? { done: pageProgress.done, total: pageProgress.total }
                : { done: 0, total: active.pages - 1 }
              : undefined
          }
          headingRef={progressHeading}
        />
      </div>
    );
  } else if (outcome?.ok) {
    body = (
      <>
        <AuditResults report={outcome.report} headingRef={resultsHeading} onAnalyzeAnother={onAnalyzeAnother}>
          <ReportKeep report={outcome.report} recheck={outcome.report.recheck === true} />
        </AuditResults>
        <NextSteps />
        <AuditScoring />
      </>
    );
  } else {
    const failed = outcome;
    body = (
      <>
        <div className="container narrow grid gap-6 pb-12">
          {failed ? (
            <AuditError
              outcome={failed}
              headingRef={resultsHeading}
              onRetry={() => request(outcomeUrl(failed), pages)}
              onAnother={onAnalyzeAnother}
            />
          ) : null}
          <VisitorCard visitor={visitor} />
        </div>
        <AuditChecks />
        <AuditScoring />
      </>
    );
  }

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <AuditForm
          value={value}
          invalid={invalid}
          running={active !== null}
          inputRef={inputRef}
          pages={pages}
          onPagesChange={setPages}
          onSubmit={onSubmit}
          onChange={(next) => {
            setValue(next);
            if (invalid) setInvalid(false);
          }}
        />
      </PageHero>

      <p role="status" aria-live="polite" className="sr-only" data-testid="audit-status">
        {announcement}
      </p>
      {body}
      <Sources ids={TOOLS_SOURCES} />
      <WaitlistNoscript />
    </>
  );
}

interface AuditFormProps {
  value: string;
  pages: number;
  onPagesChange: (pages: number) => void;
  invalid: boolean;
  running: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onChange: (value: string) => void;
}

/**
 * The audit form on its own, so that the one render after hydration (which switches it from plain
 * HTML validation to the app's) re-renders this form and not the whole page.
 */
function AuditForm({
  value,
  pages,
  onPagesChange,
  invalid,
  running,
  inputRef,
  onSubmit,
  onChange,
}: AuditFormProps) {
  const { t } = useT('tools');
  const lang = useLang();
  const hydrated = useHydrated();
  const describedBy = invalid ? 'audit-url-hint audit-url-error' : 'audit-url-hint';
  return (
    <form
      method="get"
      action={localePath(lang, 'tools')}
      noValidate={hydrated}
      onSubmit={onSubmit}
      className="card w-full gap-3"
      data-testid="audit-form"
    >
      <InputRow id="audit-url" label={t('form.label')} labelClassName="label">
        <input
          ref={inputRef}
          id="audit-url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          required
          maxLength={MAX_URL_LENGTH}
          placeholder={t('form.placeholder')}
          className="input"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary sm:min-w-36"
          disabled={hydrated && (running || value.trim() === '')}
        >
          {running ? t('form.running') : t('form.submit')}
        </button>
      </InputRow>
      {invalid ? (
        <p id="audit-url-error" className="field-error">
          {t('form.invalid')}
        </p>
      ) : null}
      <p id="audit-url-hint" className="muted small">
        {t('form.hint')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="audit-pages" className="small">
          {t('form.pages.label')}
        </label>
        <select
          id="audit-pages"
          name="pages"
          className="input w-auto"
          value={pages}
          onChange={(e) => onPagesChange(parseSitePages(e.target.value))}
        >
          {SITE_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('form.pages.option', { count: n })}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
