import { CATEGORY_IDS } from '../lib/audit.ts';
import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';
import { LANGUAGE_ENTRIES } from '../site.ts';

// The page's own structured data, marking up only what the page shows: the free audit tool as a
// WebApplication (free offer, provided by the organization). The path FAQ and its QAPage markup
// are added by the layout.
const jsonLd: PageJsonLd = ({ t, lang, siteUrl, pageUrl }) => [
  {
    '@type': 'WebApplication',
    '@id': `${pageUrl}#app`,
    name: t('tools:app.name'),
    description: t('tools:app.description'),
    url: pageUrl,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
    featureList: CATEGORY_IDS.map((id) => t(`tools:results.categories.${id}.name`)),
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' },
    provider: { '@id': organizationId(siteUrl) },
    inLanguage: LANGUAGE_ENTRIES[lang].locale,
    mainEntityOfPage: { '@id': `${pageUrl}#webpage` },
  },
];
export default jsonLd;
