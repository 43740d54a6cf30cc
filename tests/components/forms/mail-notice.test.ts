import { describe, expect, it } from 'vitest';
import { clockTime, mailNotice } from '../../../src/components/forms/mail-notice.ts';
import enForms from '../../../src/i18n/locales/en/forms.json';
import frForms from '../../../src/i18n/locales/fr/forms.json';
import type { MailAnswer } from '../../../src/lib/form-limits.ts';

// What a successful form's message says of its email (decision 067), from the locale files as they
// are: each case of the answer picks its own words, and the time is the visitor's clock in the page's
// language (10:40; « 10 h 40 »), in UTC and saying so without JavaScript.

const FORMS = { en: enForms, fr: frForms };
/** i18next's lookup and {{name}} interpolation, enough for these keys. */
const translator =
  (lang: 'en' | 'fr') =>
  (key: string, values: Record<string, string> = {}) => {
    const found = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], FORMS[lang]);
    if (typeof found !== 'string') throw new Error(`missing ${lang} forms:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };

const NOW = new Date('2026-11-29T09:55:00Z');
const AT = '2026-11-29T10:40:30Z';

describe('clockTime', () => {
  it('writes 10:40 in English and « 10 h 40 » in French, with no-break spaces', () => {
    expect(clockTime(new Date(AT), 'en', NOW, 'UTC')).toBe('10:40');
    expect(clockTime(new Date(AT), 'fr', NOW, 'UTC')).toBe('10\u00a0h\u00a040');
    expect(clockTime(new Date('2026-11-29T08:05:00Z'), 'fr', NOW, 'UTC')).toBe('8\u00a0h\u00a005');
  });

  it('in the visitor’s time zone, with the date when it is another day there', () => {
    expect(clockTime(new Date(AT), 'fr', NOW, 'Europe/Paris')).toBe('11\u00a0h\u00a040');
    expect(clockTime(new Date('2026-11-30T10:40:00Z'), 'en', NOW, 'UTC')).toBe('10:40 on 30 November');
    expect(clockTime(new Date('2026-11-30T10:40:00Z'), 'fr', NOW, 'UTC')).toBe(
      '10\u00a0h\u00a040 le 30 novembre',
    );
    // 23:30 in UTC is already the next day in Tokyo.
    expect(clockTime(new Date('2026-11-29T23:30:00Z'), 'en', NOW, 'Asia/Tokyo')).toBe('08:30 on 30 November');
  });
});

describe('mailNotice', () => {
  const say = (mail: MailAnswer | undefined, lang: 'en' | 'fr' = 'en') =>
    mailNotice(mail, translator(lang), lang, { now: NOW, timeZone: 'UTC' });

  it('leaves a new request on its way to the form’s own words', () => {
    expect(say(undefined)).toBeUndefined();
    expect(say({ delivery: 'sending', at: AT })).toBeUndefined();
  });

  it.each([
    [{ delivery: 'queued', at: AT }, 'Your email is queued', 'we will send this one at about 10:40 UTC.'],
    [
      { delivery: 'sent', at: AT, repeat: true },
      'Already sent',
      'We sent this email to this address at about 10:40 UTC.',
    ],
    [
      { delivery: 'queued', at: AT, repeat: true },
      'Already queued',
      'we will send that email at about 10:40 UTC',
    ],
    [{ delivery: 'sending', at: AT, repeat: true }, 'Already on its way', 'we will not send it twice'],
    [{ delivery: 'sending', at: AT, included: true }, 'Check your inbox', 'which is on its way'],
    [
      { delivery: 'queued', at: AT, included: true },
      'Your link comes with the report',
      'which we will send at about 10:40 UTC',
    ],
    [
      { delivery: 'sent', at: AT, included: true, repeat: true },
      'Your link came with the report',
      'which we sent at about 10:40 UTC',
    ],
  ] as const)('%o: %s', (mail, title, text) => {
    const said = say(mail);
    expect(said?.title).toBe(title);
    expect(said?.text).toContain(text);
  });

  it('in French: « Nous enverrons celui-ci vers 10 h 40 UTC »', () => {
    expect(say({ delivery: 'queued', at: AT }, 'fr')).toEqual({
      title: 'Votre e-mail est en file d’attente',
      text: expect.stringContaining('nous enverrons celui-ci vers 10\u00a0h\u00a040 UTC.'),
    });
    expect(say({ delivery: 'queued', at: AT, included: true }, 'fr')?.text).toContain(
      'que nous enverrons vers 10\u00a0h\u00a040 UTC',
    );
  });

  it('with JavaScript, the visitor’s own zone and no “UTC”', () => {
    const said = mailNotice({ delivery: 'queued', at: AT }, translator('en'), 'en', { now: NOW });
    expect(said?.text).not.toContain('UTC');
  });

  it('says nothing of a time it cannot read', () => {
    expect(say({ delivery: 'queued', at: 'soon' })).toBeUndefined();
  });
});
