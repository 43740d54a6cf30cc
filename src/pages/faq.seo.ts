import { copyReader } from '../i18n/copy.ts';
import { faqPage } from '../seo/jsonld.ts';
import type { PageJsonLd } from '../seo/page-jsonld-types.ts';

// The page's own structured data: one FAQPage with every question of the seven groups and its
// accepted answer, exactly as the accordions show them.
const jsonLd: PageJsonLd = ({ t, lang, pageUrl, contactEmail, auditChecks, aiCrawlers }) => {
  const groups = copyReader(t, 'faq')('groups', {
    email: contactEmail,
    checks: auditChecks,
    crawlers: aiCrawlers,
  });
  return [
    faqPage(
      pageUrl,
      lang,
      groups.flatMap((group) => group.items.map((item) => ({ question: item.q, answer: item.a }))),
    ),
  ];
};
export default jsonLd;
