import enEmails from '../../i18n/locales/en/emails.json';
import enForms from '../../i18n/locales/en/forms.json';
import enServices from '../../i18n/locales/en/services.json';
import enTools from '../../i18n/locales/en/tools.json';
import frEmails from '../../i18n/locales/fr/emails.json';
import frForms from '../../i18n/locales/fr/forms.json';
import frServices from '../../i18n/locales/fr/services.json';
import frTools from '../../i18n/locales/fr/tools.json';
import { textReader, type Translate } from '../../i18n/instance.ts';
import type { Lang } from '../../site.ts';

// The visitor emails' texts: their own namespace (`emails`), plus the site's wording for what the
// site already names (audit categories and statuses from `tools`, form labels from `forms`, service
// titles from `services`), so an email and the page it points to say the same thing.
//
// Interpolation does not escape: every result is plain text, escaped by the layout for HTML.

export type { Translate };

const RESOURCES = {
  en: { emails: enEmails, tools: enTools, forms: enForms, services: enServices },
  fr: { emails: frEmails, tools: frTools, forms: frForms, services: frServices },
};

const read = textReader(RESOURCES);

/** A translate function for one language; keys carry their namespace (`tools:results.evidence`). */
export function translator(lang: Lang): Translate {
  return read(lang, 'emails');
}
