// Plain-text helpers shared by the audit, the emails and the server: one clip, one host name.
//
// Text taken from the audited site (titles, robots.txt lines, JSON snippets...) travels inside
// Messages as plain strings. clip() makes it fit for a one-line quote: it stays text (no markup is
// built from it, React escapes it on display), but it must not be able to hide, reorder or smuggle
// anything, and must not flood the report.

/** Longest quote, in characters, when the caller does not say. */
export const DEFAULT_CLIP = 120;

// Whitespace of any kind (tabs, newlines, U+2028...) becomes one space.
const SPACES = /\s+/gu;
// Control characters (C0, DEL, C1), format characters (bidi overrides and isolates, zero-width
// characters, soft hyphen, BOM) and lone surrogates: invisible or able to reorder what surrounds them.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/** Collapses whitespace, strips invisible characters and cuts at `max` characters with "…". */
export function clip(text: string, max: number = DEFAULT_CLIP): string {
  // Spaces first (tabs and newlines are control characters too), then what stripping left doubled.
  const clean = text.replace(SPACES, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  // Count code points, not UTF-16 units, so a cut never splits an emoji or a CJK supplement character.
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars
    .slice(0, Math.max(1, max - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * A host name as people name a site: lower-cased, a leading `www.` dropped, nothing else (punycode
 * stays as it is), so http://www.example.com and https://example.com are one site.
 */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

/**
 * Text as two spellings of it compare: lower case, every run of what is not a letter or a digit one
 * space ("Acme, Inc." and "acme inc" match). Tags are not stripped: callers that read markup do.
 */
export function comparableText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
