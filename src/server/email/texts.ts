import { textReader, type Translate } from '../../i18n/instance.ts';
import type { Lang } from '../../site.ts';
import { loadNamespaces } from '../../i18n/resources.ts';

// The emails' texts: their own namespace (`emails`), plus the site's wording for what the site
// already names (audit categories and statuses from `tools`, form labels from `forms`, service
// titles from `services`), so an email and the page it points to say the same thing. Read once, for
// every language of the site, when this module loads.
//
// Interpolation does not escape: every result is plain text, escaped by the layout for HTML.

export type { Translate };

const read = textReader(await loadNamespaces(['emails', 'tools', 'forms', 'services']));

/** A translate function for one language; keys carry their namespace (`tools:results.evidence`). */
export function translator(lang: Lang): Translate {
  return read(lang, 'emails');
}
