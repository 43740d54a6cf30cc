import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Language tags as pages write them: `<html lang>` (BCP 47) and hreflang (the subset Google reads).
//
// Shape: `Intl.getCanonicalLocales` is the platform's BCP 47 parser (RFC 5646 well-formedness; it
// throws a RangeError on "en_US", "english please" or " x-default"). Shape is not enough: "xx" or
// "en-UK" are well-formed, yet name no language and no country. The subtags themselves are checked
// against the IANA Language Subtag Registry, the list BCP 47 defines its subtags by (RFC 5646 §3):
// its two-letter language subtags are the ISO 639-1 codes, its two-letter region subtags the ISO
// 3166-1 alpha-2 codes, its scripts ISO 15924 (§2.2.1, §2.2.3, §2.2.4). The registry comes from the
// npm package language-subtag-registry (the registry as JSON, CC0, no code, no install scripts).
// Intl.DisplayNames was considered and rejected: it answers from CLDR, which maps "UK" to the United
// Kingdom, "iw" to Hebrew and knows "EU" and "419", so "en-UK" would pass; and its data varies with
// the ICU build Node runs on.

interface RegistryRecord {
  Type: string;
  Subtag?: string;
  Description: string[];
  Deprecated?: string;
}

/**
 * ISO 3166-1 codes that are "exceptionally reserved", not assigned to a country, which the registry
 * carries all the same (European Union, Eurozone, United Nations, Ascension Island, Clipperton,
 * Diego Garcia, Ceuta and Melilla, Canary Islands, Tristan da Cunha). Google reads hreflang regions as
 * ISO 3166-1 alpha-2 country codes, so "en-EU" targets no one.
 */
const RESERVED_REGIONS = new Set(['eu', 'ez', 'un', 'ac', 'cp', 'dg', 'ea', 'ic', 'ta']);

interface Subtags {
  /** Every registered language subtag (2 or 3 letters), deprecated ones included. */
  languages: ReadonlySet<string>;
  /** Two-letter language subtags still in force: the current ISO 639-1 codes. */
  iso639_1: ReadonlySet<string>;
  /** Every registered region subtag (letters and UN M.49 digits), private use left out. */
  regions: ReadonlySet<string>;
  /** Two-letter regions in force that name a country or territory: ISO 3166-1 alpha-2. */
  iso3166: ReadonlySet<string>;
  scripts: ReadonlySet<string>;
}

/**
 * Reads the registry once per process (and per analysis thread) and keeps only these sets: the
 * parsed file (1.1 MB of JSON) is not kept, nor cached by `require`.
 */
function readSubtags(): Subtags {
  const file = createRequire(import.meta.url).resolve('language-subtag-registry/data/json/registry.json');
  const records = JSON.parse(readFileSync(file, 'utf8')) as RegistryRecord[];
  const languages = new Set<string>();
  const iso639_1 = new Set<string>();
  const regions = new Set<string>();
  const iso3166 = new Set<string>();
  const scripts = new Set<string>();
  for (const record of records) {
    const subtag = record.Subtag?.toLowerCase();
    // Ranges ("qaa..qtz") are private use: no real language, script or country.
    if (!subtag || subtag.includes('..') || record.Description.includes('Private use')) continue;
    if (record.Type === 'language') {
      languages.add(subtag);
      if (subtag.length === 2 && !record.Deprecated) iso639_1.add(subtag);
    } else if (record.Type === 'region') {
      regions.add(subtag);
      if (/^[a-z]{2}$/.test(subtag) && !record.Deprecated && !RESERVED_REGIONS.has(subtag))
        iso3166.add(subtag);
    } else if (record.Type === 'script') scripts.add(subtag);
  }
  return { languages, iso639_1, regions, iso3166, scripts };
}

const SUBTAGS = readSubtags();

/** The tag in its canonical BCP 47 form, or undefined when it is not well-formed. */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * A valid `<html lang>` value: a well-formed BCP 47 tag whose language, script and region subtags
 * are registered (RFC 5646 §2.2.9 "valid"; variants and extensions are only checked for shape). The
 * subtags are read from the tag as written: canonicalising first would turn "en-UK" into "en-GB".
 */
export function isLanguageTag(value: string): boolean {
  if (canonical(value) === undefined) return false;
  const subtags = value.toLowerCase().split('-');
  const language = subtags[0]!;
  let i = 1;
  // Extended language subtags ("zh-yue") are registered languages too (RFC 5646 §2.2.2).
  while (i < subtags.length && /^[a-z]{3}$/.test(subtags[i]!) && SUBTAGS.languages.has(subtags[i]!)) i++;
  const script = /^[a-z]{4}$/.test(subtags[i] ?? '') ? subtags[i++] : undefined;
  const region = /^([a-z]{2}|\d{3})$/.test(subtags[i] ?? '') ? subtags[i] : undefined;
  return (
    SUBTAGS.languages.has(language) &&
    (script === undefined || SUBTAGS.scripts.has(script)) &&
    (region === undefined || SUBTAGS.regions.has(region))
  );
}

/** Google's hreflang shape: language, optional script, optional region ("zh-Hant-TW"). */
const HREFLANG = /^([a-z]{2})(?:-([a-z]{4}))?(?:-([a-z]{2}))?$/i;

/**
 * A value Google reads as hreflang ("Tell Google about localized versions of your page", Google
 * Search Central): `x-default` (the reserved value for the version meant for any other language),
 * or an ISO 639-1 language code, optionally an ISO 15924 script, optionally an ISO 3166-1 alpha-2
 * region. Nothing is trimmed: " x-default" or "fr " is not a language tag. BCP 47 tags are
 * case-insensitive (RFC 5646 §2.1.1), so "en-gb" and "X-Default" pass. UN M.49 regions ("es-419"),
 * three-letter languages ("yue") and private-use codes are valid BCP 47 but not in Google's format.
 */
export function isHreflang(value: string): boolean {
  if (value.toLowerCase() === 'x-default') return true;
  const match = HREFLANG.exec(value);
  if (!match || canonical(value) === undefined) return false;
  const [, language, script, region] = match;
  return (
    SUBTAGS.iso639_1.has(language!.toLowerCase()) &&
    (script === undefined || SUBTAGS.scripts.has(script.toLowerCase())) &&
    (region === undefined || SUBTAGS.iso3166.has(region.toLowerCase()))
  );
}
