import aboutJsonLd from '../pages/about.seo.ts';
import aiActJsonLd from '../pages/ai-act.seo.ts';
import contactJsonLd from '../pages/contact.seo.ts';
import faqJsonLd from '../pages/faq.seo.ts';
import guideJsonLd from '../pages/guide.seo.ts';
import homeJsonLd from '../pages/home.seo.ts';
import servicesJsonLd from '../pages/services.seo.ts';
import toolsJsonLd from '../pages/tools.seo.ts';
import type { PageId } from '../site.ts';
import type { PageJsonLd } from './page-jsonld-types.ts';

/** Each page's own structured data builder (in `src/pages/{page}.seo.ts`, beside the page). */
export const PAGE_JSONLD: Partial<Record<PageId, PageJsonLd>> = {
  home: homeJsonLd,
  guide: guideJsonLd,
  services: servicesJsonLd,
  tools: toolsJsonLd,
  about: aboutJsonLd,
  contact: contactJsonLd,
  aiAct: aiActJsonLd,
  faq: faqJsonLd,
};
