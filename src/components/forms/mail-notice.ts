import type { MailAnswer } from '../../lib/form-limits.ts';
import type { Lang } from '../../site.ts';

// What a successful form's message says of the email it asked for (decision 067): on its way (the
// form's own text), queued until a time, already sent or queued by the same request a moment ago, or
// carried by the report email (a re-check's confirm link). Times are the visitor's clock time in the
// page's language: 10:40 in English, « 10 h 40 » in French (the Imprimerie nationale's style, as
// docs/copy-style.md asks), with the date when it is not today.

type Translate = (key: string, values?: Record<string, string>) => string;

const NBSP = '\u00a0';

/**
 * `at` as a clock time in `timeZone` (the browser's own when undefined), with its date when it falls
 * on another day than `now` there.
 */
export function clockTime(at: Date, lang: Lang, now: Date, timeZone?: string): string {
  const parts = (date: Date, options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(
      new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { ...options, timeZone })
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
  const { hour, minute } = parts(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const time = lang === 'fr' ? `${Number(hour)}${NBSP}h${NBSP}${minute}` : `${hour}:${minute}`;
  const day = (date: Date) => parts(date, { year: 'numeric', month: 'long', day: 'numeric' });
  const then = day(at);
  const today = day(now);
  if (then.day === today.day && then.month === today.month && then.year === today.year) return time;
  return lang === 'fr' ? `${time} le ${then.day} ${then.month}` : `${time} on ${then.day} ${then.month}`;
}

/**
 * The title and text for a form's email, or undefined when the form's own success text says it
 * (a new request's email on its way). Without JavaScript the server's page cannot know the visitor's
 * time zone: it passes `UTC`, and the time says so.
 */
export function mailNotice(
  mail: MailAnswer | undefined,
  t: Translate,
  lang: Lang,
  options: { now?: Date; timeZone?: string } = {},
): { title: string; text: string } | undefined {
  if (!mail) return undefined;
  const key = mail.included
    ? `included${mail.delivery === 'sent' ? 'Sent' : mail.delivery === 'queued' ? 'Queued' : 'Sending'}`
    : mail.repeat
      ? `repeat${mail.delivery === 'sent' ? 'Sent' : mail.delivery === 'queued' ? 'Queued' : 'Sending'}`
      : mail.delivery === 'queued'
        ? 'queued'
        : undefined;
  if (!key) return undefined;
  const at = new Date(mail.at);
  if (Number.isNaN(at.getTime())) return undefined;
  const local = clockTime(at, lang, options.now ?? new Date(), options.timeZone);
  const time = options.timeZone === 'UTC' ? t('delivery.utc', { time: local }) : local;
  return { title: t(`delivery.${key}.title`), text: t(`delivery.${key}.text`, { time }) };
}
