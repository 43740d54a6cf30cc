import type { Lang } from '../site.ts';

// The site's three number and date formats, for its two languages, without Intl.
//
// In Chromium the first Intl.NumberFormat or Intl.DateTimeFormat of a page costs 35-50 ms (ICU loads
// its number and calendar data), and the pages that show prices, percentages or dates would pay it
// while hydrating, as one long task (decision 013). These functions give exactly what Intl gives for
// en-US and fr-FR with these options; tests/lib/format.test.ts compares them with Intl value by value.

const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';
const GROUP: Record<Lang, string> = { en: ',', fr: NARROW_NBSP };

/** Rounds half away from zero (Intl's default "halfExpand") and groups thousands. */
function integer(value: number, lang: Lang): { sign: '' | '-'; digits: string } {
  const rounded = Math.round(Math.abs(value));
  return {
    sign: value < 0 ? '-' : '',
    digits: String(rounded).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[lang]),
  };
}

/** A change in percent, always signed: "+340%" in English, "+340 %" in French. */
export function formatIncrease(percent: number, lang: Lang): string {
  const { sign, digits } = integer(percent, lang);
  return `${sign || '+'}${digits}${lang === 'fr' ? `${NBSP}%` : '%'}`;
}

/** A whole-dollar US price: "$1,499" in English, "1 499 $" in French. */
export function formatUsd(amount: number, lang: Lang): string {
  const { sign, digits } = integer(amount, lang);
  return lang === 'fr' ? `${sign}${digits}${NBSP}$` : `${sign}$${digits}`;
}

const MONTHS: Record<Lang, readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
};

/** A long date in UTC, the same on the server and in the browser: "July 4, 2025", "4 juillet 2025". */
export function longDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const month = MONTHS[lang][date.getUTCMonth()];
  const year = date.getUTCFullYear();
  return lang === 'fr' ? `${day} ${month} ${year}` : `${month} ${day}, ${year}`;
}
