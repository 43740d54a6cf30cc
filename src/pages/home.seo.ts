import type { PageJsonLd } from '../seo/page-jsonld-types.ts';

// The page's own structured data, marking up only what the page shows.
const jsonLd: PageJsonLd = () => [];
export default jsonLd;
