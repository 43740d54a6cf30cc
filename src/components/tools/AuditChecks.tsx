import type { ComponentType, SVGProps } from 'react';
import { useT } from '../../i18n/hooks.ts';
import { CATEGORY_IDS, type CategoryId } from '../../lib/audit.ts';
import { BotIcon, CheckIcon, MonitorIcon, ShieldIcon, SparkIcon } from '../Icons.tsx';

const ICONS: Record<CategoryId, ComponentType<SVGProps<SVGSVGElement>>> = {
  crawlerAccess: BotIcon,
  structuredData: ShieldIcon,
  citability: SparkIcon,
  technical: MonitorIcon,
};

/** The four areas the audit covers, shown before a report (server-rendered, read by crawlers too). */
export function AuditChecks() {
  const { t } = useT('tools');
  return (
    <section aria-labelledby="checks-title" className="section section-alt">
      <div className="container">
        <div className="section-head">
          <h2 id="checks-title" className="section-title">
            {t('checks.title')}
          </h2>
          <p className="section-lead">{t('checks.lead')}</p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CATEGORY_IDS.map((id) => {
            const Icon = ICONS[id];
            const checks = t(`checks.items.${id}`, { returnObjects: true }) as string[];
            return (
              <li key={id} className="card">
                <span className="card-icon">
                  <Icon width={22} height={22} />
                </span>
                <h3 className="card-title">{t(`results.categories.${id}.name`)}</h3>
                <p className="muted">{t(`results.categories.${id}.summary`)}</p>
                <ul className="check-list text-sm">
                  {checks.map((check) => (
                    <li key={check}>
                      <CheckIcon width={16} height={16} aria-hidden="true" />
                      {check}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
