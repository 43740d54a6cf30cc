import { copyReader } from '../i18n/copy.ts';
import { organizationId } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';

// The page's own structured data, marking up only what the page shows: the areas of expertise
// listed beside the mission become the organization's knowsAbout. The node shares the
// organization's @id, so it adds to the organization node rather than describing a new one.
const jsonLd: PageJsonLd = ({ t, siteUrl }) => [
  {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    knowsAbout: copyReader(t, 'about')('mission.expertise'),
  },
];
export default jsonLd;
