import { copyReader } from '../i18n/copy.ts';
import { readCaseStudies } from '../lib/case-studies.ts';
import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';
import { LANGUAGE_ENTRIES } from '../site.ts';

// The guide's own structured data, marking up only what the page shows: the definition of GEO,
// the five implementation phases as a HowTo, and the six industry playbooks as an ItemList. Only the
// HowTo (a CreativeWork) takes inLanguage: schema.org defines it for no DefinedTerm or ItemList.
const jsonLd: PageJsonLd = ({ t, lang, pageUrl, siteUrl, aiCrawlers }) => {
  const inLanguage = LANGUAGE_ENTRIES[lang].locale;
  const copy = copyReader(t, 'guide');
  const phases = copy('phases.items', { crawlers: aiCrawlers });
  const studies = readCaseStudies(copy, lang);
  return [
    {
      '@type': 'DefinedTerm',
      '@id': `${pageUrl}#geo`,
      name: t('guide:definition.term'),
      description: `${t('guide:definition.term')} ${t('guide:definition.text')}`,
      url: `${pageUrl}#what-is-geo`,
    },
    {
      '@type': 'HowTo',
      '@id': `${pageUrl}#howto`,
      name: t('guide:phases.title'),
      description: t('guide:phases.lead'),
      inLanguage,
      isPartOf: { '@id': `${pageUrl}#webpage` },
      author: { '@id': organizationId(siteUrl) },
      step: phases.map((phase, i) => ({
        '@type': 'HowToStep',
        '@id': `${pageUrl}#phase-${i + 1}`,
        position: i + 1,
        name: phase.title,
        text: phase.goal,
        url: `${pageUrl}#phase-${i + 1}`,
        itemListElement: phase.tasks.map((task, j) => ({
          '@type': 'HowToDirection',
          position: j + 1,
          text: task,
        })),
      })),
    },
    {
      '@type': 'ItemList',
      '@id': `${pageUrl}#case-studies`,
      name: t('guide:caseStudies.title'),
      description: t('guide:caseStudies.lead'),
      numberOfItems: studies.length,
      itemListElement: studies.map((study, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: study.industry,
        description: study.summary,
        url: `${pageUrl}#case-study-${study.id}`,
      })),
    },
  ];
};
export default jsonLd;
