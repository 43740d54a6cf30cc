import dates from '../../content/pages/dates.json';
import { PAGES, type Lang, type PageId } from '../site.ts';

// When each page's content last really changed, per language: recorded with the content
// (content/pages/dates.json, kept true by `npm run dates` and its test), never the build's or the
// process's time. Articles carry theirs in their front matter (updatedAt).

const DAY = /^\d{4}-\d\d-\d\d$/;
const recorded = dates as Partial<Record<string, Partial<Record<Lang, string>>>>;
for (const [id, byLang] of Object.entries(recorded))
  for (const [lang, day] of Object.entries(byLang ?? {}))
    if (typeof day !== 'string' || !DAY.test(day) || Number.isNaN(Date.parse(day)))
      throw new Error(`content/pages/dates.json: "${id}.${lang}" must be a date (YYYY-MM-DD), not ${day}`);

/** The day a page's content last changed in a language (YYYY-MM-DD), when it is recorded. */
export function pageModified(id: PageId, lang: Lang): string | undefined {
  return recorded[id]?.[lang];
}

/** The page a path below the language prefix names ('' is home), if any. */
export function pageAt(path: string): PageId | undefined {
  return PAGES.find((page) => page.path === path)?.id;
}

/** The latest of some dates or date-times (ISO 8601), if any. */
export function newest(dates: readonly (string | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const date of dates)
    if (date !== undefined && (latest === undefined || Date.parse(date) > Date.parse(latest))) latest = date;
  return latest;
}
