import { PageHero } from '../components/PageHero.tsx';
import { GuideSections } from '../components/guide/GuideSections.tsx';
import { ActionLinks } from '../components/sections/ActionLinks.tsx';
import { useLang, useT } from '../i18n/hooks.ts';
import { localePath } from '../site.ts';

const SECTIONS = [
  { id: 'what-is-geo', key: 'definition' },
  { id: 'seo-vs-geo', key: 'comparison' },
  { id: 'phases', key: 'phases' },
  { id: 'best-practices', key: 'practices' },
  { id: 'case-studies', key: 'caseStudies' },
] as const;

export default function GuidePage() {
  return (
    <>
      <GuideHero />
      <GuideSections />
    </>
  );
}

/** The hero with the table of contents. */
function GuideHero() {
  const { t } = useT('guide');
  const lang = useLang();
  return (
    <PageHero eyebrow={t('hero.eyebrow')} title={t('hero.title')} subtitle={t('hero.subtitle')}>
      <ActionLinks
        links={[
          { to: localePath(lang, 'tools'), label: t('hero.primary') },
          { to: '#phases', label: t('hero.secondary') },
        ]}
      />
      <nav aria-labelledby="guide-toc-title" className="mt-4 basis-full">
        <h2 id="guide-toc-title" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
          {t('toc.label')}
        </h2>
        <ol className="flex flex-wrap gap-2">
          {SECTIONS.map((s, i) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="btn btn-sm btn-outline">
                <span className="text-brand" aria-hidden="true">
                  {i + 1}.
                </span>
                {t(`toc.${s.key}`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </PageHero>
  );
}
