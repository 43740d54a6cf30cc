// Dates found on the audited site (JSON-LD, meta tags, HTTP headers, sitemaps) are free text. Only
// the two shapes the web actually uses are read, ISO 8601 / W3C datetime and the HTTP date of RFC
// 9110, so that Date.parse's lenient guesses ("5" as the year 2001) never turn noise into a date.

const ISO = /^\d{4}-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/i;
const HTTP_DATE = /^[a-z]{3}, \d{2} [a-z]{3} \d{4} \d{2}:\d{2}:\d{2} gmt$/i;
/** Earlier than this is not a web page's date: a placeholder or an error. */
const EARLIEST = Date.UTC(1995, 0, 1);

export function parseDate(text: string | undefined): Date | undefined {
  const value = text?.trim() ?? '';
  if (!ISO.test(value) && !HTTP_DATE.test(value)) return undefined;
  // A bare date is read as UTC midnight; "2024-05" as the first of the month.
  const time = Date.parse(value.length === 7 ? `${value}-01` : value.replace(' ', 'T'));
  return Number.isNaN(time) || time < EARLIEST ? undefined : new Date(time);
}

/** "2024-03-05": the neutral form messages carry (localize.ts formats it for the reader). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole calendar months from `from` to `to` (0 when `from` is in the future). */
export function monthsBetween(from: Date, to: Date): number {
  const months =
    (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
    (to.getUTCMonth() - from.getUTCMonth()) -
    (to.getUTCDate() < from.getUTCDate() ? 1 : 0);
  return Math.max(0, months);
}

/** Whether `date` is no older than `months` calendar months before `now`. */
export function withinMonths(date: Date, now: Date, months: number): boolean {
  const limit = new Date(now.getTime());
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return date.getTime() >= limit.getTime();
}

/** RFC 822 / RFC 850 shapes: an optional weekday, day, month name, year, time and zone. */
const HTTP_STYLE =
  /^(?:[a-z]+,\s*)?\d{1,2}[ -][a-z]{3}[ -](?:\d{2}|\d{4})\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:[a-z]{1,5}|[+-]\d{4})$/i;

/**
 * A date in the older mail and HTTP shapes ("25 Jun 2010 15:00:00 PST", "Sunday, 06-Nov-94
 * 08:49:37 GMT"), which Date.parse reads correctly once the shape is known to be one of them.
 */
export function parseHttpStyleDate(text: string | undefined): Date | undefined {
  const value = text?.trim() ?? '';
  if (!HTTP_STYLE.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) || time < EARLIEST ? undefined : new Date(time);
}
