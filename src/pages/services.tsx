import { CheckIcon, LockIcon, MailIcon, ShieldIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { CtaBand, IconCardGrid, StatGrid } from '../components/sections/PageBlocks.tsx';
import { ServiceCard } from '../components/services/ServiceCard.tsx';
import { Section } from '../components/Primitives.tsx';
import { ActionLinks } from '../components/sections/ActionLinks.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { SERVICES } from '../lib/services.ts';
import { useSite } from '../site-context.tsx';
import { localePath } from '../site.ts';

const GUARANTEE_ICONS = [MailIcon, CheckIcon, ShieldIcon, LockIcon] as const;

export default function ServicesPage() {
  const { t, copy } = useT('services');
  const { auditChecks, aiCrawlers } = useSite();
  const lang = useLang();
  const contact = localePath(lang, 'contact');
  const tools = localePath(lang, 'tools');

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <ActionLinks
          links={[
            { to: contact, label: t('hero.primary') },
            { to: tools, label: t('hero.secondary') },
          ]}
        />
      </PageHero>

      <section aria-label={t('proof.label')} className="pb-4">
        <StatGrid
          items={copy('proof.items', { checks: auditChecks, crawlers: aiCrawlers })}
          className="container stats-grid"
        />
      </section>

      <Section id="services-list" title={t('catalogue.title')} lead={t('catalogue.lead')}>
        <ul className="card-grid">
          {SERVICES.map((service) => (
            <li key={service.id} data-service={service.id}>
              <ServiceCard service={service} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="process" title={t('process.title')} lead={t('process.lead')} alt>
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {copy('process.steps').map((step, i) => (
            <li key={step.title} className="card">
              <div className="flex items-center justify-between gap-3">
                <span className="card-icon text-lg font-extrabold" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="badge badge-outline">{step.when}</span>
              </div>
              <p className="text-sm font-semibold text-muted">{t('process.step', { n: i + 1 })}</p>
              <h3 className="card-title -mt-2">{step.title}</h3>
              <p className="text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="guarantees" title={t('guarantees.title')} lead={t('guarantees.lead')}>
        <IconCardGrid
          items={copy('guarantees.items')}
          icons={GUARANTEE_ICONS}
          iconSize={22}
          titleClassName="text-lg font-bold"
          textClassName="text-sm text-muted"
          className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4"
        />
        <div className="mx-auto mt-8 max-w-3xl rounded-2xl border border-border bg-surface p-5 text-center">
          <h3 className="font-bold">{t('guarantees.noteTitle')}</h3>
          <p className="mt-1 text-sm text-muted">{t('guarantees.note')}</p>
        </div>
      </Section>

      <CtaBand titleId="services-cta-title" title={t('cta.title')} text={t('cta.lead')} actions="row">
        <ActionLinks
          links={[
            { to: contact, label: t('cta.contact') },
            { to: tools, label: t('cta.tools') },
          ]}
        />
      </CtaBand>
    </>
  );
}
