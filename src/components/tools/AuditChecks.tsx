import { useT } from '../../i18n/hooks.ts';
import { CATEGORY_IDS, type CategoryId } from '../../lib/audit.ts';
import { BotIcon, CheckIcon, MonitorIcon, ShieldIcon, SparkIcon, type IconComponent } from '../Icons.tsx';
import { IconCard } from '../sections/PageBlocks.tsx';
import { Section } from '../Primitives.tsx';

const ICONS: Record<CategoryId, IconComponent> = {
  crawlerAccess: BotIcon,
  structuredData: ShieldIcon,
  citability: SparkIcon,
  technical: MonitorIcon,
};

/** The four areas the audit covers, shown before a report (server-rendered, read by crawlers too). */
export function AuditChecks() {
  const { t, copy } = useT('tools');
  return (
    <Section titleId="checks-title" title={t('checks.title')} lead={t('checks.lead')} alt>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {CATEGORY_IDS.map((id) => (
          <IconCard
            key={id}
            icon={ICONS[id]}
            iconSize={22}
            title={t(`results.categories.${id}.name`)}
            text={t(`results.categories.${id}.summary`)}
          >
            <ul className="check-list text-sm">
              {copy(`checks.items.${id}`).map((check) => (
                <li key={check}>
                  <CheckIcon width={16} height={16} aria-hidden="true" />
                  {check}
                </li>
              ))}
            </ul>
          </IconCard>
        ))}
      </ul>
    </Section>
  );
}
