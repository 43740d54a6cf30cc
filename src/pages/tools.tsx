import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHero } from '../components/PageHero.tsx';
import { WaitlistNoscript } from '../components/Waitlist.tsx';
import { AuditChecks } from '../components/tools/AuditChecks.tsx';
import { AuditProgress } from '../components/tools/AuditProgress.tsx';
import { AuditResults, NextSteps } from '../components/tools/AuditResults.tsx';
import { useHydrated } from '../components/tools/useHydrated.ts';
import { VisitorCard } from '../components/tools/VisitorCard.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { ANALYSIS_DURATION_MS, MAX_URL_LENGTH, overallScore, parseAuditUrl } from '../lib/audit.ts';
import { SAMPLE_AUDIT } from '../lib/audit-sample.ts';
import { useSite } from '../site-context.tsx';
import { localePath } from '../site.ts';

type Run = { url: string; phase: 'running' | 'done' };

/**
 * The free AI citation audit. The form is a plain GET to this page: without JavaScript the server
 * renders the report for `?url=` directly. With JavaScript the submit runs the simulated analysis
 * (about 3 s, progress held at 66), then shows the report and records `?url=` in the address.
 */
export default function ToolsPage() {
  const { t } = useT('tools');
  const { visitor } = useSite();
  const [params, setParams] = useSearchParams();
  const rawParam = params.get('url');
  const submitted = parseAuditUrl(rawParam);

  const [value, setValue] = useState(rawParam?.slice(0, MAX_URL_LENGTH) ?? '');
  const [invalid, setInvalid] = useState(rawParam !== null && submitted === null);
  const [run, setRun] = useState<Run | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<{ to: 'progress' | 'results' } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // The address changed under us (our own replace, Back, a shared link): follow it.
  const [seenParam, setSeenParam] = useState(rawParam);
  if (seenParam !== rawParam) {
    setSeenParam(rawParam);
    setValue(rawParam?.slice(0, MAX_URL_LENGTH) ?? '');
    setInvalid(rawParam !== null && submitted === null);
    if (run?.phase === 'done') setRun(null);
  }

  const running = run?.phase === 'running';
  const reportUrl = run ? (run.phase === 'done' ? run.url : null) : submitted;

  // The simulated analysis: no call is made (spec §7), the report is the fixed sample.
  const finish = useEffectEvent((url: string) => {
    setRun({ url, phase: 'done' });
    setAnnouncement(t('status.finished', { score: overallScore(SAMPLE_AUDIT) }));
    setFocusTarget({ to: 'results' });
    // Shareable and reloadable: the address now says what was analysed (the server renders it).
    setParams({ url }, { replace: true, preventScrollReset: true });
  });
  const runningUrl = running ? run.url : null;
  useEffect(() => {
    if (!runningUrl) return;
    const timer = window.setTimeout(() => finish(runningUrl), ANALYSIS_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [runningUrl]);

  useEffect(() => {
    if (!focusTarget) return;
    (focusTarget.to === 'results' ? resultsHeading : progressHeading).current?.focus();
  }, [focusTarget]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    const url = parseAuditUrl(value);
    if (!url) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    setRun({ url, phase: 'running' });
    setAnnouncement(t('status.started', { url }));
    setFocusTarget({ to: 'progress' });
  };

  const onAnalyzeAnother = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <AuditForm
          value={value}
          invalid={invalid}
          running={running}
          inputRef={inputRef}
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

      {reportUrl ? (
        <>
          <AuditResults
            url={reportUrl}
            categories={SAMPLE_AUDIT}
            headingRef={resultsHeading}
            onAnalyzeAnother={onAnalyzeAnother}
          />
          <NextSteps />
        </>
      ) : (
        <>
          <div className="container narrow grid gap-6 pb-12">
            {run?.phase === 'running' ? <AuditProgress url={run.url} headingRef={progressHeading} /> : null}
            <VisitorCard visitor={visitor} />
          </div>
          <AuditChecks categories={SAMPLE_AUDIT} />
        </>
      )}
      <WaitlistNoscript />
    </>
  );
}

interface AuditFormProps {
  value: string;
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
function AuditForm({ value, invalid, running, inputRef, onSubmit, onChange }: AuditFormProps) {
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
      <label htmlFor="audit-url" className="label">
        {t('form.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id="audit-url"
          name="url"
          type="url"
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
      </div>
      {invalid ? (
        <p id="audit-url-error" className="field-error">
          {t('form.invalid')}
        </p>
      ) : null}
      <p id="audit-url-hint" className="muted small">
        {t('form.hint')}
      </p>
    </form>
  );
}
