import { faqPage } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';
import type { FaqGroup } from './faq.tsx';

// The page's own structured data: one FAQPage with every question of the seven groups and its
// accepted answer, exactly as the accordions show them.
const jsonLd: PageJsonLd = ({ t, lang, pageUrl, contactEmail }) => {
  const groups = t('faq:groups', { returnObjects: true, email: contactEmail }) as FaqGroup[];
  return [
    faqPage(
      pageUrl,
      lang,
      groups.flatMap((group) => group.items.map((item) => ({ question: item.q, answer: item.a }))),
    ),
  ];
};
export default jsonLd;
