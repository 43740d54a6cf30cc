import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import {
  NUMBER_UNITS_PENDING,
  checkCopy,
  checkPairs,
  format,
  phrases,
  type Lang,
  type Offense,
} from '../../support/copy-style.ts';

// One voice in both languages (docs/copy-style.md; rules and exceptions: copy-style.ts): every value
// of every namespace, every article's front matter and body, and the fixed translations between an
// English value and the French value at the same key.

const LOCALES = path.resolve('src/i18n/locales');
const ARTICLES = path.resolve('content/blog');
const LANGS: Lang[] = ['en', 'fr'];

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

describe('copy style', () => {
  const namespaces = LANGS.flatMap((lang) =>
    readdirSync(path.join(LOCALES, lang))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${lang}/${f}`),
  );

  it.each(namespaces)('src/i18n/locales/%s', (file) => {
    const lang = file.slice(0, 2) as Lang;
    const numberUnits = !NUMBER_UNITS_PENDING.has(file);
    const offenses: Offense[] = [];
    for (const [key, value] of phrases(read(path.join(LOCALES, file)))) {
      offenses.push(...checkCopy(value, lang, `${file} ${key}`, { numberUnits }));
    }
    expect(format(offenses)).toBe('');
  });

  const french = readdirSync(path.join(LOCALES, 'fr')).filter((f) => f.endsWith('.json'));

  it.each(french)('fixed translations between en/%s and its French namespace', (file) => {
    const offenses = checkPairs(
      read(path.join(LOCALES, 'en', file)),
      read(path.join(LOCALES, 'fr', file)),
      file,
    );
    expect(format(offenses)).toBe('');
  });

  const articles = LANGS.flatMap((lang) =>
    readdirSync(path.join(ARTICLES, lang))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `${lang}/${f}`),
  );

  it.each(articles)('content/blog/%s', (file) => {
    const lang = file.slice(0, 2) as Lang;
    const raw = readFileSync(path.join(ARTICLES, file), 'utf8');
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(raw);
    expect(frontMatter, `${file} has front matter`).not.toBeNull();
    const offenses: Offense[] = [];
    for (const [key, value] of phrases(parseYaml(frontMatter![1]!))) {
      offenses.push(...checkCopy(value, lang, `${file} front matter ${key}`));
    }
    // Line numbers of the body count from the top of the file.
    const offset = '\n'.repeat(frontMatter![0].split('\n').length - 1);
    offenses.push(...checkCopy(offset + raw.slice(frontMatter![0].length), lang, `${file} line`));
    expect(format(offenses)).toBe('');
  });
});

describe('the copy style checker', () => {
  const rules = (text: string, lang: Lang) => checkCopy(text, lang, 'sample').map((o) => o.rule);
  const NBSP = '\u00a0';
  const NNBSP = '\u202f';

  it('accepts the canonical wording', () => {
    const en = [
      `Run the free AI citation audit now: one page takes up to 10${NBSP}seconds.`,
      'Start with the free audit: the audit runs 30 checks. Your AI citation audit of example.com.',
      `Our AI Visibility Audit goes further. We reply within 24${NBSP}hours, in {{count}}${NBSP}min at most.`,
      '{{crawlers}}+ AI crawlers supported, up to 40% more visibility, up to 3× more, 20 pages, 50 prompts.',
      'Key figures: 100/100 in Lighthouse accessibility, best practices and SEO. Optimize, analyze, color.',
      `A first comparison with your baseline within 2 to 4${NBSP}weeks, or 2–4${NBSP}weeks. {{crawlers}}+ AI crawlers.`,
      'Our recommendation, and why. Tell us about your clients. What our free audit checks.',
      `Larger than 2${NBSP}MB, 2.5${NBSP}billion people, in 2026 the rules, Article 53 of the Act, 2 August 2026.`,
      'Our platform, now in pre-launch, will track citations. Search articles…',
      'See [our audit](https://example.com/organisation-colour) and `behaviour: "smooth"`.',
    ];
    for (const text of en) expect(format(checkCopy(text, 'en', 'sample')), text).toBe('');
    const fr = [
      `Lancez l’audit de citation IA gratuit${NBSP}: une page prend jusqu’à 10${NBSP}secondes.`,
      `Lancez l’audit gratuit${NBSP}: l’audit de citation IA de example.fr.`,
      `Nous vous répondons sous 24${NBSP}heures. Les schémas de recommandation des robots d’IA.`,
      `Plus de {{crawlers}}${NBSP}robots d’IA, {{crawlers}}+ robots d’IA, des briefs «${NNBSP}réponse d’abord${NNBSP}».`,
      `La protection des données dès la conception, hors connexion. Notre plateforme suivra vos citations.`,
      `Jusqu’à 3${NBSP}fois plus de citations. Notre audit de visibilité IA va plus loin${NNBSP}!`,
    ];
    for (const text of fr) expect(format(checkCopy(text, 'fr', 'sample')), text).toBe('');
  });

  it('names where a planted mistake is', () => {
    const offenses = checkCopy('We optimise your site.', 'en', 'en/home.json hero.subtitle');
    expect(offenses).toEqual([
      expect.objectContaining({
        where: 'en/home.json hero.subtitle',
        rule: 'UK spelling (the site is en-US)',
      }),
    ]);
    expect(format(offenses)).toMatch(
      /^en\/home\.json hero\.subtitle: UK spelling \(the site is en-US\): …We optimise/,
    );
    const article = checkCopy('Title\n\nLine three.\n\nWe analyse logs.', 'en', 'en/a.md line');
    expect(article.map((o) => o.where)).toEqual(['en/a.md line:5']);
  });

  it('refuses UK spellings, but not inside URLs or code', () => {
    for (const word of [
      'optimised',
      'organisation',
      'behaviour',
      'colours',
      'centre',
      'catalogue',
      'licence',
    ])
      expect(rules(`The ${word} here.`, 'en'), word).toEqual(['UK spelling (the site is en-US)']);
    expect(rules('See https://example.eu/organisation and `colour`.', 'en')).toEqual([]);
  });

  it('refuses the other names of the free audit, in both languages', () => {
    for (const name of [
      'free AI audit',
      'free GEO audit',
      'Free Website Audit',
      'free automated audit',
      'citation audit',
    ])
      expect(rules(`Get your ${name} today.`, 'en'), name).toHaveLength(1);
    for (const name of [
      'audit IA gratuit',
      'audit GEO gratuit',
      'audit gratuit de citations IA',
      'audit gratuit des citations IA',
      'audit gratuit de citation par l’IA',
      'audit gratuit de votre site',
    ])
      expect(rules(`Recevez votre ${name} aujourd’hui.`, 'fr'), name).toHaveLength(1);
  });

  it('refuses the other French translations of recommendation patterns, and robots IA', () => {
    expect(rules('la logique de recommandation', 'fr')).toHaveLength(1);
    expect(rules('les tendances de recommandation', 'fr')).toHaveLength(1);
    expect(rules('les robots IA et les agents IA', 'fr')).toHaveLength(2);
  });

  it('refuses a reply promised in one business day', () => {
    expect(rules('We answer within one business day.', 'en')).toEqual([
      'the reply time is “within 24 hours”',
    ]);
    expect(rules('Nous répondons sous un jour ouvré.', 'fr')).toHaveLength(1);
  });

  it('refuses figures that contradict the canonical claims, and the retired ones', () => {
    const retired = 'retired unsupported figure (500+ websites audited: nothing in the product counts them)';
    expect(rules('500+ websites audited', 'en')).toEqual([retired]);
    expect(rules(`plus de 500${NBSP}sites audités`, 'fr')).toEqual([retired]);
    expect(rules('It is larger than 500\u00a0KiB.', 'en')).toEqual([]);
    const count =
      'the AI crawler count is “{{crawlers}}+ AI crawlers” (the catalogue’s count), never a figure';
    expect(rules('50+ crawlers', 'en')).toEqual([count]);
    expect(rules('We support more than 150 AI crawlers.', 'en')).toEqual([count]);
    expect(rules(`Plus de 150${NBSP}robots d’IA.`, 'fr')).toHaveLength(1);
    expect(rules('Early adopters see 10X higher engagement.', 'en')).toHaveLength(2);
    expect(rules('Up to 10× more citations, or 10× more.', 'en')).toHaveLength(1);
    expect(rules(`Les pionniers obtiennent 10${NBSP}fois plus de citations.`, 'fr')).toHaveLength(1);
    expect(rules(`Over 100${NBSP}million people; 95% of websites; a $40B market.`, 'en')).toHaveLength(3);
    expect(rules('Pages that score 100/100 on Core Web Vitals.', 'en')).toHaveLength(1);
    expect(rules('It takes 2-4 weeks.', 'en')).toHaveLength(1);
  });

  it('keeps English numbers with their units, and no other no-break space', () => {
    const unit = 'a number and its unit take a no-break space (60\u00a0minutes, 15\u00a0KB)';
    for (const text of [
      'in 60 minutes',
      'within 24 hours',
      'larger than 2 MB',
      '{{count}} min read',
      '2–4 weeks',
    ])
      expect(rules(text, 'en'), text).toEqual([unit]);
    const space = 'no-break space in English only between a number and its unit (60 minutes, 15 KB)';
    expect(rules(`GEO${NBSP}Platform`, 'en')).toEqual([space]);
    expect(rules(`20${NBSP}pages`, 'en')).toEqual([space]);
    expect(rules(`60${NNBSP}minutes`, 'en')).toEqual([space, unit]);
    // A stat grid's figure and label are two blocks: their joined phrase is not checked for units.
    expect(checkCopy('2–4 weeks, typically', 'en', 'en/x.json items.0 (value + label)')).toEqual([]);
  });

  it('refuses the retired delivery time and the claims nothing counts, in both languages', () => {
    const minutes =
      'the free audit runs in seconds on the Tools page; no delivery time in minutes or an hour';
    for (const text of [
      `A free AI citation audit in under 60${NBSP}minutes.`,
      `We send it within 60${NBSP}minutes.`,
      `< 60${NBSP}min to deliver your free AI citation audit`,
      'delivered within an hour',
    ])
      expect(rules(text, 'en'), text).toEqual([minutes]);
    expect(rules(`Livré en moins de 60${NBSP}minutes.`, 'fr')).toHaveLength(1);
    expect(rules(`<${NBSP}60${NBSP}min pour recevoir votre audit`, 'fr')).toHaveLength(1);
    const uncounted =
      'a claim nothing counts before launch (popularity, clients, “in our audits”, sources assistants “already trust”): say what we can show today';
    for (const text of [
      'Most Popular',
      'our most popular service',
      'what is working for our clients',
      'In our audits, sites fail on access.',
      'In our experience, disclosure helps.',
      'Assistants keep citing the sources they already trust.',
    ])
      expect(rules(text, 'en'), text).toEqual([uncounted]);
    for (const text of [
      'Le plus demandé',
      'ce qui fonctionne chez nos clients',
      'Dans nos audits, les sites échouent.',
      'D’expérience, la transparence aide.',
      'les sources auxquelles ils font déjà confiance',
    ])
      expect(rules(text, 'fr'), text).toEqual([uncounted]);
  });

  it('refuses three dots, present-tense platform features and the wrong legal terms', () => {
    expect(rules('Search articles...', 'en')).toEqual(['three dots (use the ellipsis … U+2026)']);
    expect(rules('Envoi en cours...', 'fr')).toEqual(['three dots (use the ellipsis … U+2026)']);
    expect(rules('Our platform tracks citations. GEO Platform audits your site.', 'en')).toHaveLength(2);
    expect(rules('Notre plateforme suit vos citations.', 'fr')).toHaveLength(1);
    expect(rules('As a downstream user, we choose providers.', 'en')).toHaveLength(1);
    expect(rules('En tant qu’utilisateur en aval', 'fr')).toHaveLength(1);
    expect(rules('La confidentialité dès la conception', 'fr')).toHaveLength(1);
    expect(rules('Prêt pour le RGPD', 'fr')).toHaveLength(1);
    expect(rules('accessibles sans connexion', 'fr')).toHaveLength(1);
    expect(rules('des contenus orientés réponse', 'fr')).toHaveLength(1);
  });

  it('reads a stat grid item as one phrase, and pairs English and French by key', () => {
    const en = { items: [{ value: '500+', label: 'websites optimised' }] };
    expect([...phrases(en)]).toEqual([['items.0 (value + label)', '500+ websites optimised']]);
    const offenses = checkPairs(
      {
        a: 'recommendation patterns',
        b: 'a free AI citation audit',
        c: 'answer-first briefs',
        d: 'Privacy by design',
      },
      {
        a: 'logique de recommandation',
        b: 'un audit IA gratuit',
        c: 'des briefs qui commencent par la réponse',
        d: 'La confidentialité dès la conception',
      },
      'x.json',
    );
    expect(offenses.map((o) => o.where)).toEqual([
      'fr/x.json a',
      'fr/x.json b',
      'fr/x.json c',
      'fr/x.json d',
    ]);
  });
});
