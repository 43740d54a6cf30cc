import enEmails from '../../i18n/locales/en/emails.json';
import enForms from '../../i18n/locales/en/forms.json';
import enServices from '../../i18n/locales/en/services.json';
import enTools from '../../i18n/locales/en/tools.json';
import frEmails from '../../i18n/locales/fr/emails.json';
import frForms from '../../i18n/locales/fr/forms.json';
import frServices from '../../i18n/locales/fr/services.json';
import frTools from '../../i18n/locales/fr/tools.json';
import { createI18n } from '../../i18n/instance.ts';
import { LANGUAGES, type Lang } from '../../site.ts';

// The visitor emails' texts: their own namespace (`emails`), plus the site's wording for what the
// site already names (audit categories and statuses from `tools`, form labels from `forms`, service
// titles from `services`), so an email and the page it points to say the same thing.
//
// Interpolation does not escape: every result is plain text, escaped by the layout for HTML.

export type Translate = (key: string, values?: Record<string, string | number>) => string;

const RESOURCES = {
  en: { emails: enEmails, tools: enTools, forms: enForms, services: enServices },
  fr: { emails: frEmails, tools: frTools, forms: frForms, services: frServices },
};

const instances = new Map<Lang, ReturnType<typeof createI18n>>();

/** A translate function for one language; keys carry their namespace (`tools:results.evidence`). */
export function translator(lang: Lang): Translate {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, RESOURCES);
    instances.set(lang, instance);
  }
  const t = instance.getFixedT(lang, 'emails');
  return (key, values) => String(t(key, values as never));
}

/** Warms both languages at start-up, so the first email does not pay for it. */
export function loadEmailTexts(): void {
  for (const lang of LANGUAGES) translator(lang);
}
