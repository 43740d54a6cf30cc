import type { ComponentType, SVGProps } from 'react';
import { useT } from '../../i18n/hooks.ts';
import type { AuditCategory } from '../../lib/audit.ts';
import { BotIcon, MonitorIcon, ShieldIcon, SparkIcon } from '../Icons.tsx';

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  crawlerAccess: BotIcon,
  structuredData: ShieldIcon,
  citability: SparkIcon,
  performance: MonitorIcon,
};

/** The four areas the audit covers, shown before a report (server-rendered, read by crawlers too). */
export function AuditChecks({ categories }: { categories: readonly AuditCategory[] }) {
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
          {categories.map((category) => {
            const Icon = ICONS[category.id] ?? SparkIcon;
            return (
              <li key={category.id} className="card">
                <span className="card-icon">
                  <Icon width={22} height={22} />
                </span>
                <h3 className="card-title">{t(`results.categories.${category.id}.name`)}</h3>
                <p className="muted">{t(`results.categories.${category.id}.summary`)}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
