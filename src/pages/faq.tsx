import { MailIcon } from '../components/Icons.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { FaqAccordion } from '../components/sections/FaqAccordion.tsx';
import { ActionLinks } from '../components/sections/ActionLinks.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { useSite } from '../site-context.tsx';
import { localePath } from '../site.ts';

/**
 * Seven groups of questions. Every item is a native <details> sharing the name "faq", so the
 * browser keeps one item open across the whole page and an open item closes on a second click;
 * it works without JavaScript and the answers are in the HTML for crawlers.
 */
export default function FaqPage() {
  const { t, copy } = useT('faq');
  const lang = useLang();
  const { contactEmail, auditChecks, aiCrawlers } = useSite();
  const groups = copy('groups', { email: contactEmail, checks: auditChecks, crawlers: aiCrawlers });
  return (
    <>
      <PageHero title={t('hero.title')} subtitle={t('hero.subtitle')} />
      <div className="container grid gap-10 pb-12 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav
          aria-labelledby="faq-topics-title"
          className="rounded-2xl border border-border bg-surface p-5 lg:sticky lg:top-24 lg:self-start"
        >
          <p id="faq-topics-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">
            {t('topics')}
          </p>
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {groups.map((group) => (
              <li key={group.id}>
                <a href={`#${group.id}`} className="btn btn-outline btn-sm lg:w-full lg:justify-start">
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          {groups.map((group) => (
            <section
              key={group.id}
              id={group.id}
              aria-labelledby={`${group.id}-title`}
              data-faq-group
              className="mb-12 scroll-mt-20"
            >
              <h2 id={`${group.id}-title`} className="mb-4 text-2xl font-extrabold tracking-tight">
                {group.title}
              </h2>
              <FaqAccordion entries={group.items} name="faq" />
            </section>
          ))}

          <section aria-labelledby="faq-cta-title" className="card items-center text-center">
            {/* Written out rather than CardIcon, which would load the Primitives chunk for this alone. */}
            <span className="card-icon">
              <MailIcon />
            </span>
            <h2 id="faq-cta-title" className="text-2xl font-extrabold tracking-tight">
              {t('cta.title')}
            </h2>
            <p className="muted max-w-xl">{t('cta.text')}</p>
            <div className="hero-actions mt-2 justify-center">
              <ActionLinks
                size="md"
                links={[
                  { to: localePath(lang, 'contact'), label: t('cta.contact') },
                  { to: localePath(lang, 'ai-act-statement'), label: t('cta.aiAct') },
                ]}
              />
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
