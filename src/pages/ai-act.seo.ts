import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';

// The page's own structured data, marking up only what the page shows: the statement's version
// and the regulation it is about (added to the page's WebPage node through its @id), and the two
// contacts the statement lists (added to the organization node through its @id).
const jsonLd: PageJsonLd = ({ t, siteUrl, contactEmail, pageUrl }) => {
  const availableLanguage = ['English', 'French'];
  return [
    {
      '@type': 'WebPage',
      '@id': `${pageUrl}#webpage`,
      // The version the page shows ("Version 1.1"), one source for both.
      version: t('aiAct:docInfo.version').replace(/^\D+/, ''),
      about: {
        '@type': 'Legislation',
        '@id': `${pageUrl}#regulation`,
        name: t('aiAct:contacts.regulation'),
        legislationIdentifier: 'Regulation (EU) 2024/1689',
        url: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj',
      },
    },
    {
      '@type': 'Organization',
      '@id': organizationId(siteUrl),
      contactPoint: [
        {
          '@type': 'ContactPoint',
          contactType: t('aiAct:contacts.complianceLabel'),
          email: contactEmail,
          availableLanguage,
        },
        {
          '@type': 'ContactPoint',
          contactType: t('aiAct:contacts.privacyLabel'),
          email: contactEmail,
          availableLanguage,
        },
      ],
    },
  ];
};
export default jsonLd;
