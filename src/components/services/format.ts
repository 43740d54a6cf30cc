import { LANGUAGE_ENTRIES, type Lang } from '../../site.ts';

/** A whole-dollar US price in the page language: "$1,499" in English, "1 499 $" in French. */
export function formatUsd(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LANGUAGE_ENTRIES[lang].locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(amount);
}
