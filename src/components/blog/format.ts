import { LANGUAGE_ENTRIES, type Lang } from '../../site.ts';

/** Long-form date in the page language, the same on server and browser (UTC). */
export function longDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LANGUAGE_ENTRIES[lang].locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}
