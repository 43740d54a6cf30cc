import { useLocation } from 'react-router-dom';
import { useT } from '../i18n/hooks.ts';
import { faqSetFor } from '../lib/faq-sets.ts';
import { FaqAccordion } from './sections/FaqAccordion.tsx';
import { Section } from './Primitives.tsx';

/** The FAQ set for this path (faqSetFor: product, guide or general), as an accordion; the same entries feed the JSON-LD. */
export function PathFaq() {
  const { t, copy } = useT('faqsets');
  const { pathname } = useLocation();
  return (
    <Section titleId="path-faq-title" title={t('title')} head="plain" narrow>
      <FaqAccordion entries={copy(`sets.${faqSetFor(pathname)}`)} name="path-faq" />
    </Section>
  );
}
