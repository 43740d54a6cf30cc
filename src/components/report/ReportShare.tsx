import { useId, useState } from 'react';
import { useLang, useT } from '../../i18n/hooks.ts';
import { useSite } from '../../site-context.tsx';
import { useHydrated } from '../tools/useHydrated.ts';
import { InputRow } from '../forms/Field.tsx';
import { ReportCard } from './ReportCard.tsx';

/** A saved report's addresses: its page, its Markdown copy and its JSON. */
export function reportPaths(lang: string, id: string) {
  const page = `/${lang}/tools/report/${id}`;
  return { page, markdown: `${page}.md`, json: `/api/audit/report/${id}?lang=${lang}` };
}

/**
 * How to keep a saved report: its permanent link (a read-only field anyone can select, and a copy
 * button once JavaScript runs), the Markdown and JSON downloads, and printing.
 */
export function ReportShare({ id }: { id: string }) {
  const { t } = useT('tools');
  const lang = useLang();
  const { siteUrl } = useSite();
  const hydrated = useHydrated();
  const fieldId = useId();
  const [copied, setCopied] = useState<'' | 'copied' | 'copyFailed'>('');
  const paths = reportPaths(lang, id);
  const permalink = `${siteUrl}${paths.page}`;
  const copy = () => {
    navigator.clipboard.writeText(permalink).then(
      () => setCopied('copied'),
      () => setCopied('copyFailed'),
    );
  };
  return (
    <ReportCard name="share" title={t('report.share.title')} lead={t('report.share.lead')} printed={false}>
      <div className="grid gap-2">
        <InputRow id={fieldId} label={t('report.share.link')} labelClassName="font-semibold">
          <input
            id={fieldId}
            className="input grow"
            type="url"
            readOnly
            value={permalink}
            onFocus={(event) => event.currentTarget.select()}
          />
          {hydrated ? (
            <button type="button" className="btn btn-primary" onClick={copy}>
              {t('report.share.copy')}
            </button>
          ) : null}
        </InputRow>
        <p role="status" className="muted small">
          {copied ? t(`report.share.${copied}`) : ''}
        </p>
      </div>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a className="btn btn-outline" href={paths.markdown} download>
            {t('report.share.markdown')}
          </a>
        </li>
        <li>
          <a className="btn btn-outline" href={paths.json} download={`report-${id}.json`}>
            {t('report.share.json')}
          </a>
        </li>
        {hydrated ? (
          <li>
            <button type="button" className="btn btn-outline" onClick={() => window.print()}>
              {t('report.share.print')}
            </button>
          </li>
        ) : null}
      </ul>
    </ReportCard>
  );
}
