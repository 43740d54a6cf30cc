import { Link } from 'react-router-dom';
import { ArrowRight, CheckIcon, LockIcon, MailIcon, ShieldIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { ServiceCard } from '../components/services/ServiceCard.tsx';
import { Section } from '../components/ui.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { SERVICES } from '../lib/services.ts';
import { localePath } from '../site.ts';

interface Stat {
  value: string;
  label: string;
}
interface Step {
  title: string;
  when: string;
  text: string;
}
interface TitledText {
  title: string;
  text: string;
}

const GUARANTEE_ICONS = [MailIcon, CheckIcon, ShieldIcon, LockIcon];

export default function ServicesPage() {
  const { t } = useT('services');
  const lang = useLang();
  const proof = t('proof.items', { returnObjects: true }) as Stat[];
  const steps = t('process.steps', { returnObjects: true }) as Step[];
  const guarantees = t('guarantees.items', { returnObjects: true }) as TitledText[];
  const contact = localePath(lang, 'contact');
  const tools = localePath(lang, 'tools');

  return (
    <>
      <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
        <Link to={contact} className="btn btn-primary btn-lg">
          {t('hero.primary')}
          <ArrowRight width={18} height={18} />
        </Link>
        <Link to={tools} className="btn btn-outline btn-lg">
          {t('hero.secondary')}
        </Link>
      </PageHero>

      <section aria-label={t('proof.label')} className="pb-4">
        <ul className="container stats-grid">
          {proof.map((s) => (
            <li key={s.value} className="stat-card">
              <span className="stat-value">{s.value}</span>
              <span className="stat-label">{s.label}</span>
            </li>
          ))}
        </ul>
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
          {steps.map((step, i) => (
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
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {guarantees.map((g, i) => {
            const Icon = GUARANTEE_ICONS[i] ?? CheckIcon;
            return (
              <li key={g.title} className="card">
                <span className="card-icon">
                  <Icon width={22} height={22} />
                </span>
                <h3 className="text-lg font-bold">{g.title}</h3>
                <p className="text-sm text-muted">{g.text}</p>
              </li>
            );
          })}
        </ul>
        <div className="mx-auto mt-8 max-w-3xl rounded-2xl border border-border bg-surface p-5 text-center">
          <h3 className="font-bold">{t('guarantees.noteTitle')}</h3>
          <p className="mt-1 text-sm text-muted">{t('guarantees.note')}</p>
        </div>
      </Section>

      <section aria-labelledby="services-cta-title" className="section">
        <div className="container">
          <div className="cta-band">
            <h2 id="services-cta-title" className="section-title">
              {t('cta.title')}
            </h2>
            <p className="section-lead mx-auto max-w-2xl">{t('cta.lead')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to={contact} className="btn btn-primary btn-lg">
                {t('cta.contact')}
                <ArrowRight width={18} height={18} />
              </Link>
              <Link to={tools} className="btn btn-outline btn-lg">
                {t('cta.tools')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
