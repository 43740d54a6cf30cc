import { copyReader } from '../i18n/copy.ts';
import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';
import { LANGUAGE_ENTRIES, SITE_NAME } from '../site.ts';

// The page's own structured data, marking up only what the page shows: the nine-term glossary
// (a DefinedTermSet) and the platform it describes (benefits as features, "Who It's For" as
// audiences). No offers or ratings: the product is pre-launch and has neither.
const jsonLd: PageJsonLd = ({ t, lang, siteUrl, pageUrl }) => {
  const inLanguage = LANGUAGE_ENTRIES[lang].locale;
  const setId = `${pageUrl}#glossary`;
  const copy = copyReader(t, 'home');
  const terms = copy('glossary.terms');
  const benefits = copy('benefits.items');
  const audiences = copy('audience.items');
  return [
    {
      '@type': 'DefinedTermSet',
      '@id': setId,
      name: t('home:glossary.title'),
      description: t('home:glossary.lead'),
      url: setId,
      inLanguage,
      publisher: { '@id': organizationId(siteUrl) },
      hasDefinedTerm: terms.map((term) => ({
        '@type': 'DefinedTerm',
        '@id': `${pageUrl}#term-${term.id}`,
        name: term.term,
        description: term.definition,
        url: `${pageUrl}#term-${term.id}`,
        inDefinedTermSet: { '@id': setId },
      })),
    },
    {
      '@type': 'SoftwareApplication',
      '@id': `${pageUrl}#platform`,
      name: SITE_NAME,
      url: pageUrl,
      description: t('home:hero.subtitle'),
      applicationCategory: 'BusinessApplication',
      applicationSubCategory: t('home:hero.eyebrow'),
      operatingSystem: 'Web',
      inLanguage,
      featureList: benefits.map((b) => b.title),
      audience: audiences.map((a) => ({ '@type': 'BusinessAudience', audienceType: a.role })),
      publisher: { '@id': organizationId(siteUrl) },
    },
  ];
};
export default jsonLd;
