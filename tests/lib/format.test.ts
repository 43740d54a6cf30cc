import { describe, expect, it } from 'vitest';
import { formatIncrease, formatUsd, longDate } from '../../src/lib/format.ts';
import { LANGUAGES, LANGUAGE_ENTRIES } from '../../src/site.ts';

// The formats are written out by hand to keep Intl's 35-50 ms start-up out of hydration
// (decision 013); here they must give exactly what Intl gives, character for character.

const NUMBERS = [
  0, 0.4, 0.5, 1, 2.5, 7, 12.5, 45, 99.5, 100, 340, 999, 1000, 1499, 1499.5, 9999, 12345, 25000, 100000,
  1234567, -0.4, -3, -2.5, -1499,
];
const DATES = [
  '2025-01-01',
  '2025-02-28T23:59:59Z',
  '2025-07-04T23:30:00Z',
  '2026-03-01T00:00:00+02:00',
  '2026-08-15',
  '2026-11-23T12:00:00Z',
  '2024-02-29',
  '2026-12-31T23:59:59.999Z',
];
// Every month, so each name is checked.
for (let m = 1; m <= 12; m++) DATES.push(`2026-${String(m).padStart(2, '0')}-10`);

describe.each(LANGUAGES)('formats in %s match Intl', (lang) => {
  const locale = LANGUAGE_ENTRIES[lang].locale;

  it.each(NUMBERS)('percent change %d', (value) => {
    const intl = new Intl.NumberFormat(locale, {
      style: 'percent',
      signDisplay: 'always',
      maximumFractionDigits: 0,
    }).format(value / 100);
    expect(formatIncrease(value, lang)).toBe(intl);
  });

  it.each(NUMBERS)('US dollars %d', (value) => {
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    }).format(value);
    expect(formatUsd(value, lang)).toBe(intl);
  });

  it.each(DATES)('long date %s', (iso) => {
    const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    );
    expect(longDate(iso, lang)).toBe(intl);
  });
});

describe('the formats as pages show them', () => {
  it('writes French with its own spacing', () => {
    expect(formatIncrease(340, 'en')).toBe('+340%');
    expect(formatIncrease(340, 'fr')).toBe('+340\u00a0%');
    expect(formatUsd(1499, 'en')).toBe('$1,499');
    expect(formatUsd(1499, 'fr')).toBe('1\u202f499\u00a0$');
    expect(longDate('2025-07-04', 'en')).toBe('July 4, 2025');
    expect(longDate('2025-07-04', 'fr')).toBe('4 juillet 2025');
  });
});
