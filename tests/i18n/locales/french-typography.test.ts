import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CODE_KEYS, checkFrench, format, strings, type Problem } from '../../support/french-typography.ts';

// French typography of every French string the site shows (rules and exceptions: french-typography.ts):
// every value of every French namespace, and every French article's front matter and body.

const LOCALES = path.resolve('src/i18n/locales/fr');
const ARTICLES = path.resolve('content/blog/fr');

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('French typography', () => {
  const namespaces = readdirSync(LOCALES).filter((f) => f.endsWith('.json'));

  it.each(namespaces)('src/i18n/locales/fr/%s', (file) => {
    const json = JSON.parse(readFileSync(path.join(LOCALES, file), 'utf8')) as unknown;
    const problems: Problem[] = [];
    for (const [key, value] of strings(json)) {
      if (!CODE_KEYS.has(`${file}:${key}`)) problems.push(...checkFrench(value, `${file} ${key}`));
    }
    expect(format(problems)).toBe('');
  });

  const articles = readdirSync(ARTICLES).filter((f) => f.endsWith('.md'));

  it.each(articles)('content/blog/fr/%s', (file) => {
    const raw = readFileSync(path.join(ARTICLES, file), 'utf8');
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(raw);
    expect(frontMatter, `${file} has front matter`).not.toBeNull();
    const problems: Problem[] = [];
    for (const [key, value] of strings(parseYaml(frontMatter![1]!))) {
      problems.push(...checkFrench(value, `${file} front matter ${key}`));
    }
    // Line numbers of the body count from the top of the file.
    const offset = '\n'.repeat(frontMatter![0].split('\n').length - 1);
    problems.push(...checkFrench(offset + raw.slice(frontMatter![0].length), `${file} line`));
    expect(format(problems)).toBe('');
  });
});

describe('the French typography checker', () => {
  const rules = (text: string) => checkFrench(text, 'sample').map((p) => p.rule);

  it('accepts correct French', () => {
    const good = [
      `Oups${NNBSP}! Page introuvable`,
      `Pourquoi${NNBSP}? Parce que${NBSP}: voilà${NNBSP}; enfin.`,
      `Résultats pour «${NNBSP}{{query}}${NNBSP}»`,
      `L’audit est livré en 60${NBSP}minutes à 21:00, pour 58${NBSP}% des sites et 12${NNBSP}500${NBSP}pages.`,
      `Sous 24${NBSP}heures, en 3${NBSP}étapes, 78${NBSP}sur 100, {{count}}${NBSP}min de lecture, 2,5${NBSP}milliards…`,
      'Voyez https://example.com/a?b=c et hello@example.com, ou `User-agent: *` et `Disallow: /`.',
      `Ajoutez og:title et une ligne «${NNBSP}Sitemap:${NNBSP}», vraiment${NNBSP}?!`,
      '```\nUser-agent: GPTBot\nDisallow: /\n```',
      `Un [lien](https://example.com/page?x=1) et une image ![alt](/a.png)${NNBSP}!`,
    ];
    for (const text of good) expect(format(checkFrench(text, 'sample')), text).toBe('');
  });

  it('reports a planted mistake with where it is', () => {
    const problems = checkFrench('Oups ! Page introuvable', 'common.json notFound.title');
    expect(problems).toEqual([
      expect.objectContaining({ where: 'common.json notFound.title', rule: expect.stringContaining('"!"') }),
    ]);
    expect(format(problems)).toMatch(/^common\.json notFound\.title: wrong space before "!"/);
  });

  it('reports every kind of mistake', () => {
    expect(rules('Vraiment ?')).toEqual(['wrong space before "?" (needs U+202F)']);
    expect(rules(`Vraiment${NBSP}?`)).toEqual(['wrong space before "?" (needs U+202F)']);
    expect(rules('Vraiment?')).toEqual(['missing U+202F before "?"']);
    expect(rules('Un ; deux')).toEqual(['wrong space before ";" (needs U+202F)']);
    expect(rules('Note : ceci')).toEqual(['wrong space before ":" (needs U+00A0)']);
    expect(rules('Note: ceci')).toEqual(['missing U+00A0 before ":"']);
    expect(rules('pour « {{query}} »')).toEqual(['needs U+202F after «', 'needs U+202F before »']);
    expect(rules('pour «{{query}}»')).toEqual(['needs U+202F after «', 'needs U+202F before »']);
    expect(rules("l'audit")).toEqual(["straight apostrophe ' (use ’)"]);
    expect(rules('58 % des sites')).toEqual(['needs U+00A0 before %']);
    expect(rules(`12 500${NBSP}pages`)).toEqual(['thousands need U+202F']);
    expect(rules('Rechercher des articles...')).toEqual(['three dots "..." (use the ellipsis … U+2026)']);
  });

  it('keeps a number with its unit or noun, placeholders included', () => {
    const rule = 'needs U+00A0 between a number and its unit or noun';
    for (const text of [
      'livré en moins de 60 minutes',
      'une réponse sous 24 heures',
      `en 3${NNBSP}étapes`,
      'un score de 78 sur 100',
      '{{count}} min de lecture',
      '+{{count}} autres stratégies',
      'plus de 2,5 milliards de personnes',
      `un article de 1${NNBSP}800 mots`,
      'il dépasse 500 Kio',
    ])
      expect(rules(text), text).toEqual([rule]);
    expect(rules('de 2 à 4 semaines')).toEqual([rule]);
  });

  it('leaves numbers that count nothing: years, references, versions, lists, dates', () => {
    for (const text of [
      'en 2026 les assistants citent',
      'l’article 25 du RGPD et l’article 53 de l’AI Act',
      `la norme ISO/IEC 23894:2023 fournit une méthode, le règlement (UE) 2024/1689 aussi`,
      'la version 1.0 est en ligne',
      '1. Semaines 1 et 2',
      'les titres H1 et H2, GPT-4 et Claude 3',
      'publié le 2 août 2026',
      'une note de 4 sur cinq',
    ])
      expect(format(checkFrench(text, 'sample')), text).toBe('');
  });

  it('gives the line of a mistake in a multi-line text, outside code blocks', () => {
    const article = "Titre\n\n```\nDisallow: /\n```\n\nC'est tout !";
    expect(checkFrench(article, 'a.md line').map((p) => p.where)).toEqual(['a.md line:7', 'a.md line:7']);
  });
});
