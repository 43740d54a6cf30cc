// Copy style checker used by copy-style.test.ts: the rules of docs/copy-style.md that a machine can
// check, on every string of both languages (locale files and articles).
//
//   - English is en-US: no UK spelling (word list below); a no-break space (U+00A0) only between a
//     number and its unit (60 minutes, 24 hours, 15 KB: ENGLISH_UNITS), where it is required, and
//     no narrow no-break space (French typography only)
//   - the ellipsis character … in both languages, never three dots
//   - the free audit has one name per language: "free AI citation audit", « audit de citation IA
//     gratuit » (short forms "the free audit", "the audit", « l’audit gratuit », « l’audit »; the
//     report is "AI citation audit of …", « audit de citation IA de … »); other names are refused
//   - "recommendation patterns" is « schémas de recommandation », never another French translation
//   - AI crawlers are « robots d’IA » in French, never « robots IA » or « crawlers IA »
//   - replies come within 24 hours / « sous 24 heures », never "one business day" / « jour ouvré »
//   - the free audit runs in seconds: no "under 60 minutes" / « moins de 60 minutes » left
//   - a claim states what the company can show today: no "most popular" / « le plus demandé », "our
//     clients", "in our audits" / « dans nos audits », sources assistants "already trust"
//   - figures say what docs/copy-style.md says: "{{crawlers}}+ AI crawlers", 100/100 only for Lighthouse
//     scores; no multiplier unless hedged ("up to"); the retired unsupported figures (100 million
//     users, 95% of websites, 10X engagement, a $40B market, 500+ websites audited) stay retired
//   - the platform is pre-launch: what it will do takes the future ("will track", « suivra »), never
//     "GEO Platform tracks…" / « notre plateforme suit… »
//   - AI Act and GDPR terms as the texts write them: deployer / downstream provider, never
//     "downstream user"; « protection des données dès la conception », never « confidentialité dès
//     la conception »; no « prêt pour le RGPD »; « hors connexion » (offline) or « sans vous
//     identifier » (signed out), never the ambiguous « sans connexion »
//   - "answer-first" is « réponse d’abord » in French, one rendering everywhere
//
// Text that is not prose (code blocks, inline code, URLs, link targets, placeholders) is removed
// first, as for the French typography check. Exceptions are listed in EXCEPTIONS with their reason.

import { numberUnitPairs, stripTechnical } from './french-typography.ts';

export type Lang = 'en' | 'fr';

export interface Offense {
  /** Where: file and key path, or file and line. */
  where: string;
  rule: string;
  /** The offending words with a little context. */
  excerpt: string;
}

export interface Rule {
  rule: string;
  pattern: RegExp;
}

const words = (list: string): string[] => list.trim().split(/\s+/);

/** UK spellings: -ise stems (with their endings), -our stems (with any ending) and whole words. */
const ISE_STEMS = words(`
  optimis organis recognis prioritis summaris authoris minimis maximis realis utilis standardis
  customis personalis harmonis categoris characteris specialis visualis normalis finalis emphasis
  apologis memoris modernis monetis synchronis capitalis localis generalis initialis serialis
  sanitis criticis legitimis randomis tokenis centralis mobilis stabilis symbolis anonymis
  contextualis incentivis commercialis globalis scrutinis itemis digitis operationalis
  industrialis neutralis penalis democratis familiaris
`);
const OUR_STEMS = words(`
  behaviour colour favour honour labour neighbour flavour humour rumour endeavour vigour harbour
  savour parlour armour odour splendour clamour valour candour fervour rigour
`);
const UK_WORDS = words(`
  analyse analysed analysing analyser analysers paralyse paralysed catalyse catalysed centre
  centres centred centring fibre fibres theatre theatres metre metres litre litres calibre spectre
  sombre lustre meagre manoeuvre manoeuvres licence licences defence defences offence offences
  pretence travelled travelling traveller travellers cancelled cancelling modelled modelling
  labelled labelling signalled signalling fuelled fuelling levelled levelling channelled
  counselling tunnelling totalled jewellery catalogue catalogues catalogued programme programmes
  enquiry enquiries enquire enquired fortnight fortnightly whilst amongst learnt spelt dreamt
  judgement judgements ageing acknowledgement acknowledgements grey tyre tyres cheque cheques kerb
  aluminium sceptic sceptical scepticism plough mould moulds draught enrol enrols enrolment fulfil
  fulfils fulfilment instalment instalments wilful wilfully skilful skilfully artefact artefacts
  analogue speciality specialities practise practised practising storey storeys cosy aeroplane
  anaesthetic paediatric oestrogen haemoglobin encyclopaedia foetus diarrhoea coeliac
`);
const UK_SPELLING = new RegExp(
  `\\b(?:(?:${ISE_STEMS.join('|')})(?:e|ed|es|ing|ation|ations|er|ers)|` +
    `(?:${OUR_STEMS.join('|')})\\w*|${UK_WORDS.join('|')})\\b`,
  'giu',
);

/**
 * English units a number is never split from: time, data size, pixels, large-number words, and a
 * score's "out of" (78 out of 100, as « 78 sur 100 »). Counted nouns (20 pages, 50 prompts) keep an
 * ordinary space in English, and so do dates (2 August 2026).
 */
/**
 * English namespaces not yet checked for the number–unit rule: legal.json is the legal pages' own
 * work (issue 22, its French copy already keeps its units); remove it once "30 days", "24 months",
 * "60 minutes" there take U+00A0. Every other rule applies to it.
 */
export const NUMBER_UNITS_PENDING: ReadonlySet<string> = new Set(['en/legal.json']);

export const ENGLISH_UNITS =
  'ms|s|sec|secs|min|mins|h|hrs?|seconds?|minutes?|hours?|days?|weeks?|months?|years?|' +
  '[kKMGT]i?B|bytes?|px|million|billion|trillion|out(?=[ \u00a0]of[ \u00a0](?:\\d|\\{\\{))';

/**
 * Claims issue 38 retired, refused in the sources here and in what the built server sends
 * (tests/integration/claims.test.ts): a delivery time in minutes for an audit that runs in seconds,
 * and claims nothing counts before launch (docs/copy-style.md, "A claim states what the company can
 * show today").
 */
export const RETIRED_CLAIMS: Record<Lang, Rule> = {
  en: {
    rule: 'the free audit runs in seconds on the Tools page; no delivery time in minutes or an hour',
    pattern:
      /\b(?:within|in|under|in under) (?:an|one) hour\b|\babout a minute\b|\b(?:under|within) 60[ \u00a0]min(?:utes)?\b|<[ \u00a0]?60[ \u00a0]?min\b/giu,
  },
  fr: {
    rule: 'l’audit gratuit s’exécute en quelques secondes sur la page Outils : aucun délai en minutes ni en heure',
    pattern:
      /\ben moins d’une heure\b|\bsous une heure\b|\bdans l’heure\b|\benviron une minute\b|\b(?:moins de|délai de) 60[ \u00a0]minutes\b|<[ \u00a0]?60[ \u00a0]?min\b/giu,
  },
};

export const UNCOUNTED_CLAIMS: Rule = {
  rule: 'a claim nothing counts before launch (popularity, clients, “in our audits”, sources assistants “already trust”): say what we can show today',
  pattern:
    /\bmost popular\b|\ble plus demandé(?!\p{L})|\bour clients\b|\bnos clients\b|\bin our (?:audits|experience)\b|\bdans nos audits\b|\bd’expérience,|\balready trust\b|\bdéjà confiance\b/giu,
};

const EN_RULES: Rule[] = [
  { rule: 'UK spelling (the site is en-US)', pattern: UK_SPELLING },
  {
    rule: 'no-break space in English only between a number and its unit (60 minutes, 15 KB)',
    pattern: new RegExp(`\\u202f|(?<!\\d)\\u00a0|\\u00a0(?!(?:${ENGLISH_UNITS})(?![\\p{L}\\p{N}]))`, 'gu'),
  },
  {
    rule: 'the platform is pre-launch: what it will do takes the future (“will track”)',
    pattern:
      /\b(?:GEO Platform|[Oo]ur platform|[Tt]he platform)(?: also)? (?:audits|tracks|monitors|automates|fixes|analyzes|measures)\b/gu,
  },
  {
    rule: '“downstream user” is not an AI Act term (deployer, or downstream provider)',
    pattern: /\bdownstream users?\b/giu,
  },
  {
    rule: 'not the free audit’s name (“free AI citation audit”, or “the free audit”)',
    pattern:
      /\bfree (?:AI|GEO|SEO|website|site|online|automated|(?:AI )?visibility|citation) audits?\b|\b(?:AI|GEO|SEO|website) audits?\b|(?<!\bAI )\bcitation audits?\b/giu,
  },
  {
    rule: 'the reply time is “within 24 hours”',
    pattern: /\b(?:one |1 |a )?(?:business|working) days?\b|\b48 ?(?:h|hours?)\b|\bwithin (?:a|one) day\b/giu,
  },
  RETIRED_CLAIMS.en,
  {
    rule: 'number ranges take an en dash (2–4 weeks) or “to” (2 to 4 weeks)',
    pattern: /\b\d+-\d+ (?:weeks?|months?|days?|hours?|minutes?)\b/giu,
  },
  {
    rule: 'the product is “GEO Platform”',
    pattern: /\b(?:Geo|geo) Platform\b|\bGEO platform\b|\bGEOPlatform\b/gu,
  },
];

const FR_RULES: Rule[] = [
  {
    rule: 'pas le nom de l’audit gratuit («\u202faudit de citation IA gratuit\u202f» ou «\u202fl’audit gratuit\u202f»)',
    pattern:
      /\baudits? (?:IA|GEO|SEO)\b|\baudits? gratuits? (?:de|des|du|d’) ?(?:citations?|sites?|votre|visibilit)|\baudits? de citations\b|\baudits? de citation (?!IA\b)|\baudits? (?:de visibilité IA|automatisés?|de site|web) gratuits?\b|\baudits? automatisés? gratuits?\b/giu,
  },
  {
    rule: '«\u202frecommendation patterns\u202f» se traduit «\u202fschémas de recommandation\u202f»',
    pattern:
      /\b(?:logiques?|tendances?|modèles?|motifs?|profils?|dynamiques?) de recommandations?\b|\brecommandations récurrentes\b/giu,
  },
  {
    rule: 'les AI crawlers sont des «\u202frobots d’IA\u202f»',
    pattern: /\b(?:robots?|agents?|crawlers?) IA\b|\bcrawlers? d’IA\b/gu,
  },
  {
    rule: 'le délai de réponse est «\u202fsous 24\u00a0heures\u202f»',
    pattern: /\bjours? ouvr(?:és?|ables?)(?!\p{L})|\b48[ \u00a0]?(?:h|heures)\b|\bsous un jour\b/giu,
  },
  RETIRED_CLAIMS.fr,
  {
    rule: 'le produit s’écrit «\u202fGEO Platform\u202f»',
    pattern: /\b(?:Geo|geo) Platform\b|\bGEO platform\b|\bGEOPlatform\b/gu,
  },
  {
    rule: 'la plateforme est en pré-lancement : ce qu’elle fera se dit au futur (« suivra »)',
    pattern:
      /\b(?:GEO Platform|[Nn]otre plateforme|[Ll]a plateforme) (?:analyse|suit|surveille|automatise|corrige|mesure|audite)\b/gu,
  },
  {
    rule: '«\u202fanswer-first\u202f» se dit «\u202fréponse d’abord\u202f»',
    pattern: /\borienté(?:e|s|es)? réponse\b|\bréponse en premier\b|\bvont droit à la réponse\b/giu,
  },
  {
    rule: 'RGPD, art. 25 : «\u202fprotection des données dès la conception\u202f»',
    pattern: /\bconfidentialité dès la conception\b/giu,
  },
  {
    rule: '«\u202fprêt pour le RGPD\u202f» ne dit rien de vrai (le RGPD s’applique depuis 2018)',
    pattern: /\bprête?s? pour le RGPD\b/giu,
  },
  {
    rule: '«\u202fsans connexion\u202f» est ambigu : «\u202fhors connexion\u202f» ou «\u202fsans vous identifier\u202f»',
    pattern: /\bsans connexion\b/giu,
  },
  {
    rule: '«\u202futilisateur en aval\u202f» n’est pas un terme de l’AI Act (déployeur, fournisseur en aval)',
    pattern: /\butilisateurs? en aval\b/giu,
  },
];

/** Claims about figures, both languages (docs/copy-style.md, “Headline claims”). */
const CLAIM_RULES: Rule[] = [
  {
    rule: 'retired unsourced figure (100 million users, 95% of websites, 10X engagement, $40B market)',
    pattern:
      /\b100[ \u00a0\u202f]?(?:M\b|million|millions)\+?(?: (?:people|de personnes))?|\b95[ \u00a0\u202f]?% (?:of websites|des sites)|\$ ?40 ?(?:B|bn|billion)\b|\b40[ \u00a0\u202f]?(?:Md|milliards?|billion)\b|\b(?:higher|more) engagement\b|\bplus d’engagement\b|\bAI commerce\b|\bcommerce piloté par l’IA\b/giu,
  },
  {
    rule: 'retired unsupported figure (500+ websites audited: nothing in the product counts them)',
    pattern:
      /\b500\+|\b(?:more than|over) 500[ \u00a0]websites\b|\bplus de 500[ \u00a0\u202f]sites\b|\b500[ \u00a0\u202f](?:websites|sites) audit/giu,
  },
  UNCOUNTED_CLAIMS,
  { rule: 'three dots (use the ellipsis … U+2026)', pattern: /\.{3,}/gu },
  {
    rule: 'a multiplier must be hedged (“up to 3×”, «\u202fjusqu’à 3\u00a0fois\u202f»)',
    pattern:
      /(?<!\b(?:up to|jusqu’à)[ \u00a0\u202f])\b\d+(?:[.,]\d+)?[ \u00a0\u202f]?(?:[x×](?![\w])|fois plus\b)/giu,
  },
];

/** Figures that must be followed by the canonical words (checked at each occurrence). */
// The checked text has its placeholders read as 0 (a figure once rendered), so the catalogue's count
// `{{crawlers}}` reads "0" here: any other figure is the count written by hand.
const CANONICAL: Record<Lang, { rule: string; start: RegExp; canonical: RegExp }[]> = {
  en: [
    {
      rule: 'the AI crawler count is “{{crawlers}}+ AI crawlers” (the catalogue’s count), never a figure',
      start: /\b(?:more than|over) \d+ AI crawlers\b|\b\d+\+ (?:AI )?crawlers\b/giu,
      canonical: /^0\+ AI crawlers\b/iu,
    },
  ],
  fr: [
    {
      rule: 'le nombre de robots d’IA s’écrit «\u202fplus de {{crawlers}}\u00a0robots d’IA\u202f» (ou {{crawlers}}+), jamais en chiffres',
      start: /\bplus de \d+[ \u00a0\u202f]robots\b|\b\d+\+[ \u00a0\u202f]robots\b/giu,
      canonical: /^(?:plus de 0\u00a0|0\+[ \u00a0])robots d’IA\b/iu,
    },
  ],
};

/**
 * Allowed exceptions: a value quoted as published elsewhere, or copy another branch is rewriting.
 * - The official title of Regulation (EU) 2024/1689 says "harmonised".
 */
export const EXCEPTIONS: { where: RegExp; text: RegExp }[] = [
  { where: /^en\/aiAct\.json /, text: /laying down harmonised rules on artificial intelligence/ },
  // Pending: the legal pages and the AI Act statement are the legal pass of issue 38 (another
  // branch); drop these two once it lands: "within 60 minutes" (privacy, terms) and "our clients".
  { where: /^(?:en|fr)\/legal\.json /, text: /within 60[ \u00a0]minutes|délai de 60[ \u00a0]minutes/ },
  { where: /^(?:en|fr)\/aiAct\.json /, text: /our clients|nos clients/ },
];

function excerpt(text: string, index: number, length: number): string {
  return text
    .slice(Math.max(0, index - 20), index + length + 20)
    .replace(/\n/g, '⏎')
    .replace(/\u202f/g, '⍽')
    .replace(/\u00a0/g, '·');
}

function exempt(where: string, text: string, index: number): boolean {
  return EXCEPTIONS.some((e) => {
    if (!e.where.test(where)) return false;
    for (const m of text.matchAll(new RegExp(e.text.source, 'g'))) {
      if (index >= m.index && index < m.index + m[0].length) return true;
    }
    return false;
  });
}

/** Offenses in one piece of text (a value, or a whole article body) of the given language. */
export function checkCopy(
  raw: string,
  lang: Lang,
  where: string,
  options: { numberUnits?: boolean } = {},
): Offense[] {
  // Placeholders read as numbers: "{{count}} min read" is a number and its unit once rendered.
  const text = stripTechnical(raw, '0');
  const multiline = text.includes('\n');
  const offenses: Offense[] = [];
  const add = (index: number, length: number, rule: string) => {
    const at = multiline ? `${where}:${text.slice(0, index).split('\n').length}` : where;
    if (!exempt(at.replace(/:\d+$/, ''), text, index))
      offenses.push({ where: at, rule, excerpt: excerpt(text, index, length) });
  };
  for (const { rule, pattern } of [...(lang === 'en' ? EN_RULES : FR_RULES), ...CLAIM_RULES]) {
    for (const m of text.matchAll(pattern)) add(m.index, m[0].length, rule);
  }
  // English numbers and their units (French ones: french-typography.ts). A stat grid's figure and
  // label are two blocks on the page, so the phrase phrases() joins them is not one line of text.
  if (lang === 'en' && options.numberUnits !== false && !where.endsWith('(value + label)')) {
    for (const { index, space } of numberUnitPairs(text, ENGLISH_UNITS)) {
      if (space !== '\u00a0')
        add(index, 4, 'a number and its unit take a no-break space (60\u00a0minutes, 15\u00a0KB)');
    }
  }
  for (const { rule, start, canonical } of CANONICAL[lang]) {
    for (const m of text.matchAll(start)) {
      const rest = text.slice(m.index).replace(/^(?:more than|over) (\d+)/iu, '$1+');
      if (!canonical.test(rest)) add(m.index, m[0].length, rule);
    }
  }
  // 100/100 is only ever a Lighthouse score of this site.
  for (const m of text.matchAll(/100\/100/gu)) {
    const sentence = text.slice(
      text.lastIndexOf('.', m.index) + 1,
      text.indexOf('.', m.index) + 1 || undefined,
    );
    if (!/Lighthouse/u.test(sentence) || /Core Web Vitals/u.test(sentence))
      add(
        m.index,
        7,
        '100/100 is a Lighthouse score (accessibility, best practices, SEO), not “Core Web Vitals”',
      );
  }
  return offenses;
}

/**
 * Every string of a JSON value with its key path, plus each figure of a stat grid read as one
 * phrase: `{ "value": "500+", "label": "websites audited" }` gives "500+ websites audited".
 */
export function* phrases(value: unknown, at = ''): Generator<[string, string]> {
  if (typeof value === 'string') {
    yield [at, value];
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  if (typeof record.value === 'string' && typeof record.label === 'string') {
    yield [`${at} (value + label)`, `${record.value} ${record.label}`];
    for (const [k, v] of Object.entries(record))
      if (k !== 'value' && k !== 'label') yield* phrases(v, at ? `${at}.${k}` : k);
    return;
  }
  for (const [k, v] of Object.entries(record)) yield* phrases(v, at ? `${at}.${k}` : k);
}

/** Term pairs: an English value using the term needs the French value at the same key to use its translation. */
export const PAIRS: { en: RegExp; fr: RegExp; rule: string }[] = [
  {
    en: /free AI citation audit/iu,
    fr: /audit de citation IA gratuit/iu,
    rule: '“free AI citation audit” is «\u202faudit de citation IA gratuit\u202f»',
  },
  {
    en: /recommendation patterns/iu,
    fr: /schémas de recommandation/iu,
    rule: '“recommendation patterns” is «\u202fschémas de recommandation\u202f»',
  },
  {
    en: /within 24[ \u00a0]hours/iu,
    fr: /sous 24[ \u00a0]heures/iu,
    rule: '“within 24 hours” is «\u202fsous 24\u00a0heures\u202f»',
  },
  {
    en: /answer-first/iu,
    fr: /réponse d’abord/iu,
    rule: '“answer-first” is «\u202fréponse d’abord\u202f»',
  },
  {
    en: /privacy by design/iu,
    fr: /protection des données dès la conception/iu,
    rule: '“privacy by design” is «\u202fprotection des données dès la conception\u202f» (RGPD, art. 25)',
  },
];

/** Offenses of the pairs between an English and a French namespace (both already parsed). */
export function checkPairs(en: unknown, fr: unknown, file: string): Offense[] {
  const french = new Map(phrases(fr));
  const offenses: Offense[] = [];
  for (const [key, text] of phrases(en)) {
    const translation = french.get(key);
    if (translation === undefined) continue;
    for (const pair of PAIRS) {
      if (pair.en.test(text) && !pair.fr.test(translation))
        offenses.push({ where: `fr/${file} ${key}`, rule: pair.rule, excerpt: translation.slice(0, 80) });
    }
  }
  return offenses;
}

export function format(offenses: readonly Offense[]): string {
  return offenses.map((o) => `${o.where}: ${o.rule}: …${o.excerpt}…`).join('\n');
}
