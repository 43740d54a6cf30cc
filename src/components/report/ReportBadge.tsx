import { useId } from 'react';
import { useLang, useT } from '../../i18n/hooks.ts';
import { useSite } from '../../site-context.tsx';
import { ReportCard } from './ReportCard.tsx';
import { reportPaths } from './ReportShare.tsx';

/** The report's score badge and the snippets that embed it, linked to the report (HTML, Markdown). */
export function ReportBadge({ id, overall }: { id: string; overall: number }) {
  const { t } = useT('tools');
  const lang = useLang();
  const { siteUrl } = useSite();
  const htmlId = useId();
  const markdownId = useId();
  const permalink = `${siteUrl}${reportPaths(lang, id).page}`;
  const image = `${siteUrl}/badge/${id}.svg${lang === 'en' ? '' : `?lang=${lang}`}`;
  const name = t('report.badge.name', { score: overall });
  const snippets = [
    {
      id: htmlId,
      label: t('report.badge.html'),
      code: `<a href="${permalink}"><img src="${image}" alt="${name}" height="20"></a>`,
    },
    { id: markdownId, label: t('report.badge.markdown'), code: `[![${name}](${image})](${permalink})` },
  ];
  return (
    <ReportCard name="badge" title={t('report.badge.title')} lead={t('report.badge.lead')} printed={false}>
      <p className="flex items-center gap-3">
        <span>{t('report.badge.preview')}</span>
        <img src={`/badge/${id}.svg${lang === 'en' ? '' : `?lang=${lang}`}`} alt={name} height={20} />
      </p>
      {snippets.map((snippet) => (
        <div key={snippet.id} className="grid gap-1">
          <label htmlFor={snippet.id} className="font-semibold">
            {snippet.label}
          </label>
          <textarea
            id={snippet.id}
            className="input font-mono text-sm"
            rows={3}
            readOnly
            value={snippet.code}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ))}
    </ReportCard>
  );
}
