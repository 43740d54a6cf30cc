// French typography checker used by french-typography.test.ts (and handy on rendered pages).
//
// Rules, on prose only:
//   - U+202F (narrow no-break space) right before ; ! ?
//   - U+00A0 (no-break space) right before :
//   - U+202F right after « and right before »
//   - the typographic apostrophe ’, never '
//   - numbers: U+00A0 before % (« 58 % »), U+202F between thousands groups (« 12 500 »), U+00A0
//     between a number and the unit or noun it counts (« 60 minutes », « 24 heures », « 3 étapes »,
//     « 78 sur 100 »), the words being those of FRENCH_UNITS; an i18next placeholder counts as a
//     number there (« {{count}} pages »)
//   - the ellipsis character … (U+2026), never three dots
//
// What is not prose, removed before checking (each replaced by a neutral word so the punctuation
// around it is still checked):
//   - fenced code blocks, inline `code`, <code>/<pre> elements, HTML comments
//   - URLs (anything from scheme:// or www. to the next space), e-mail addresses, the target of
//     Markdown links and images ([text](target) keeps its text), site paths such as /fr/tools?url=
//   - i18next placeholders {{name}} and HTML entities (&amp; &#8217;)
//   - Markdown table separator rows (|:---|---:|)
//
// Exceptions to the rules, because they are not punctuation of a sentence:
//   - a colon between two digits: clock times (21:00), ratios (16:9), ISO timestamps
//   - "!" or "?" doubled (?!, !!): only the first needs the space; "!" right before "[" (Markdown image)
//   - ; ! ? : at the very start of a string or line (nothing to join to)
//   - key paths listed in CODE_KEYS, whose whole value is a code sample shown as such (e.g. the
//     ai.txt excerpt on the AI Act page: `Policy: opt-out-commercial`, `Disallow: /`)
//   - a number that is not a quantity is not followed by a unit word, so it is left alone: a year
//     (« en 2026 les »), a version, an ISO standard (« ISO/IEC 23894:2023 »), an article of law
//     (« l’article 25 du RGPD »), list numbering (« 1. »); dates keep an ordinary space, as Intl and
//     src/lib/format.ts write them (« 2 août 2026 »)

export interface Problem {
  /** Where: file and key path, or file and line. */
  where: string;
  rule: string;
  /** The text around the problem, with invisible spaces made visible. */
  excerpt: string;
}

/** Values that are code shown as code, not prose (namespace file:key path). */
export const CODE_KEYS: ReadonlySet<string> = new Set(['aiAct.json:gpai.sample']);

/**
 * Units and counted nouns a French number is never split from (Lexique des règles typographiques
 * en usage à l’Imprimerie nationale: « un nombre […] ne sera jamais séparé du nom qui le suit »).
 * Units of time and size, large-number words, and the nouns this site counts; add a noun here
 * when the copy starts counting something new. « sur » only counts in a score (« 78 sur 100 »).
 */
export const FRENCH_UNITS = [
  'ms|s|min|h|secondes?|minutes?|heures?|jours?|semaines?|mois|ans|années?',
  '[kKMGT]i?o|octets?|px|€|\\$|millions?|milliards?|Mds?',
  'pages?|sites?|robots?|agents?|prompts?|questions?|réponses?|étapes?|phases?|vérifications?',
  'contrôles?|domaines?|langues?|articles?|mots?|caractères?|lignes?|liens?|titres?|intertitres?',
  'blocs?|éléments?|entrées?|redirections?|adresses?|niveaux?|points?|chiffres?|constats?|astuces?',
  'factures?|sitemaps?|alternatives?|autres?|premi(?:er|ère)s?|derni(?:er|ère)s?|fois|personnes?',
  'utilisateurs?|visites?|citations?|concurrents?|requêtes?|passages?|sources?|secteurs?|services?',
  'critères?|catégories?|résultats?|exemples?|stratégies?|actions?|habitudes?|termes?|principes?',
  'valeurs?|assistants?|moteurs?|plateformes?|outils?|clients?|marques?|paragraphes?|sections?',
  'fichiers?|balises?|règles?|erreurs?|profils?|pays|sur(?=[ \u00a0\u202f](?:\\d|\\{\\{))',
].join('|');

/**
 * A number (or an i18next placeholder, already turned into 0) followed by one of `units`, with
 * the space between them. A number glued to a letter (H1, GPT-4), the end of a decimal or of a
 * reference (23894:2023, 2024/1689) is not a quantity.
 */
export function numberUnitPairs(text: string, units: string): { index: number; space: string }[] {
  const pattern = new RegExp(
    `(?<![\\p{L}\\d.,/:_-])\\d+(?:[.,]\\d+)?([ \\u00a0\\u202f])(?:${units})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  return [...text.matchAll(pattern)].map((m) => ({ index: m.index, space: m[1]! }));
}

const NEUTRAL = 'X';
/**
 * Field names written as in their file format (`User-agent: *`, `Content-Type: text/plain`), HTTP
 * header fields included (`Accept: text/markdown`, `Vary: Accept`).
 */
const TECHNICAL_FIELDS =
  /\b(?:User-agent|Allow|Disallow|Sitemap|Crawl-delay|Content-Type|Content-Signal|Contact|Expires|Canonical|Preferred-Languages|Accept|Vary|Link|X-Robots-Tag):/gi;
/** A media type with its parameters, written as in a header (`text/markdown; charset=utf-8`). */
const MEDIA_TYPE_PARAMS = /\b[a-z]+\/[a-z0-9.+-]+(?:;\s?[a-z-]+=[\w-]+)+/gi;
/** A neutral word with as many line breaks as the text it replaces, so line numbers stay right. */
const keepLines = (match: string) => NEUTRAL + '\n'.repeat(match.split('\n').length - 1);

/**
 * Removes what is not French prose; keeps the text around it in place. i18next placeholders become
 * `placeholder`: a neutral word by default, a number ("0") for the rules about numbers.
 */
export function stripTechnical(text: string, placeholder = NEUTRAL): string {
  return (
    text
      .replace(/```[\s\S]*?```/g, keepLines)
      .replace(/~~~[\s\S]*?~~~/g, keepLines)
      .replace(/<!--[\s\S]*?-->/g, keepLines)
      .replace(/<(code|pre|kbd|samp)\b[^>]*>[\s\S]*?<\/\1>/gi, keepLines)
      .replace(/`[^`\n]*`/g, NEUTRAL)
      // Markdown link and image targets: keep the text, drop the target.
      .replace(/(!?\[[^\]\n]*\])\([^)\s]*(?:\s+"[^"]*")?\)/g, (_m, label: string) =>
        label.replace(/^!/, '').slice(1, -1),
      )
      .replace(/<[a-z][^>]*>|<\/[a-z][^>]*>/gi, ' ')
      .replace(/\{\{[^}]*\}\}/g, placeholder)
      .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, NEUTRAL)
      .replace(/\b[a-z][a-z\d+.-]*:\/\/(?:[^\s<>"«»]*[^\s<>"«».,;:!?)])?/gi, NEUTRAL)
      .replace(/\bwww\.[^\s<>"«»]*[^\s<>"«».,;:!?)]/gi, NEUTRAL)
      .replace(/\bmailto:\S+/gi, NEUTRAL)
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, NEUTRAL)
      // Site paths: /fr/tools?url=…, /.well-known/security.txt
      .replace(/(^|[\s(])\/[\w.-]+(?:\/[\w.{}-]*)*(?:\?[\w=&.-]*)?/g, `$1${NEUTRAL}`)
      // Technical tokens quoted in prose: robots.txt/ai.txt/security.txt fields, HTTP headers.
      .replace(TECHNICAL_FIELDS, NEUTRAL)
      .replace(MEDIA_TYPE_PARAMS, NEUTRAL)
      .replace(/^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/gm, '')
  );
}

const visible = (s: string) =>
  s
    .replace(/\u202f/g, '⍽')
    .replace(/\u00a0/g, '·')
    .replace(/\n/g, '⏎')
    .replace(/ /g, ' ');

function around(text: string, index: number): string {
  return visible(text.slice(Math.max(0, index - 25), index + 15));
}

/** Problems in one piece of French text (already a single value or a whole article). */
export function checkFrench(raw: string, where: string): Problem[] {
  const text = stripTechnical(raw);
  const problems: Problem[] = [];
  const multiline = text.includes('\n');
  const add = (index: number, rule: string, source = text) =>
    problems.push({
      where: multiline ? `${where}:${source.slice(0, index).split('\n').length}` : where,
      rule,
      excerpt: around(source, index),
    });

  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const before = text[i - 1];
    const atLineStart = before === undefined || before === '\n';
    if (c === ';' || c === '!' || c === '?') {
      if (atLineStart) continue;
      if ((c === '!' || c === '?') && (before === '!' || before === '?')) continue;
      if (c === '!' && text[i + 1] === '[') continue;
      if (before !== '\u202f')
        add(
          i,
          before === ' ' || before === '\u00a0'
            ? `wrong space before "${c}" (needs U+202F)`
            : `missing U+202F before "${c}"`,
        );
    } else if (c === ':') {
      if (atLineStart) continue;
      if (/\d/.test(before ?? '') && /\d/.test(text[i + 1] ?? '')) continue;
      // A name and its namespace or property (og:title, article:modified_time, schema:name).
      if (/[a-z]/i.test(before ?? '') && /[a-z]/i.test(text[i + 1] ?? '')) continue;
      // A token that starts with a colon, quoted: « : notes » (the llms.txt link note syntax).
      if (text.slice(i - 2, i) === '«\u202f') continue;
      if (before !== '\u00a0')
        add(
          i,
          before === ' ' || before === '\u202f'
            ? 'wrong space before ":" (needs U+00A0)'
            : 'missing U+00A0 before ":"',
        );
    } else if (c === '«') {
      if (text[i + 1] !== '\u202f') add(i, 'needs U+202F after «');
    } else if (c === '»') {
      if (before !== '\u202f') add(i, 'needs U+202F before »');
    } else if (c === "'") {
      add(i, "straight apostrophe ' (use ’)");
    } else if (c === '%') {
      const digitBefore =
        /\d/.test(before ?? '') || (/[ \u202f]/.test(before ?? '') && /\d/.test(text[i - 2] ?? ''));
      if (digitBefore) add(i, 'needs U+00A0 before %');
    }
  }
  // Thousands separated by an ordinary or no-break space (U+202F expected): "12 500", "1 000 000".
  for (const m of text.matchAll(/(?<![\d,.])\d{1,3}(?:[ \u00a0]\d{3})+(?![\d,.])/g)) {
    add(m.index, 'thousands need U+202F');
  }
  for (const m of text.matchAll(/\.{3,}/g)) add(m.index, 'three dots "..." (use the ellipsis … U+2026)');
  // Placeholders read as numbers here: « {{count}} pages » is a number and its noun once rendered.
  const numbers = stripTechnical(raw, '0');
  for (const { index, space } of numberUnitPairs(numbers, FRENCH_UNITS)) {
    if (space === '\u00a0') continue;
    add(index, 'needs U+00A0 between a number and its unit or noun', numbers);
  }
  return problems;
}

/** Every string of a JSON value with its key path (arrays by index). */
export function* strings(value: unknown, at = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* strings(v, at ? `${at}.${k}` : k);
}

export function format(problems: readonly Problem[]): string {
  return problems.map((p) => `${p.where}: ${p.rule}: …${p.excerpt}…`).join('\n');
}
