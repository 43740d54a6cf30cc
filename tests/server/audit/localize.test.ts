import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enAudit from '../../../src/i18n/locales/en/audit.json';
import frAudit from '../../../src/i18n/locales/fr/audit.json';
import { analyze } from '../../../src/server/audit/analyze.ts';
import { buildContext } from '../../../src/server/audit/context.ts';
import { localizeFindings } from '../../../src/server/audit/localize.ts';
import type { AuditInput, CategoryFindings, Message } from '../../../src/server/audit/types.ts';
import {
  find,
  goodInput,
  html,
  paragraphs,
  T,
  text,
  withPage,
  withRobots,
} from '../../fixtures/audit-inputs.ts';

// The audit's findings in the reader's language (src/server/audit/localize.ts), and the translation
// keys the checks use, present in both languages' audit.json.

describe('localization', () => {
  it('gives the API shape, evidence joined with a space', () => {
    const input = withRobots('User-agent: Claude-SearchBot\nDisallow: /\n');
    const [access] = localizeFindings(analyze(input), T.en);
    expect(access).toMatchObject({
      id: 'crawlerAccess',
      status: expect.any(String),
      score: expect.any(Number),
    });
    const item = access!.items.find((i) => i.id === 'aiSearchAgents')!;
    expect(Object.keys(item).sort()).toEqual(['evidence', 'id', 'recommendation', 'status', 'title']);
    expect(item.title).toBe('AI search and assistant crawlers');
    expect(item.evidence).toBe(
      'Claude-SearchBot is blocked by line 2 (“Disallow: /”), in its own group. ' +
        'Allowed, as no rule applies to them: OAI-SearchBot, PerplexityBot, Googlebot, Bingbot, Applebot.',
    );
  });

  it('formats numbers, plurals and dates for French readers', () => {
    const head = '<meta property="article:modified_time" content="2025-03-01">';
    const input = withPage(html({ main: `<h1>T</h1>${paragraphs(80)}`, head, jsonLd: [] }));
    const words = Number(find(input, 'mainText').evidence[0]?.values?.count);
    expect(words).toBeGreaterThan(1000);
    const [thousands, rest] = [Math.floor(words / 1000), String(words % 1000).padStart(3, '0')];
    expect(text(input, 'mainText', 'fr').evidence).toBe(
      `Le HTML envoyé par le serveur contient ${thousands}\u202f${rest}\u00a0mots ` +
        'de texte principal (dans <main>).',
    );
    expect(text(input, 'mainText', 'en').evidence).toContain(`holds ${thousands},${rest} words`);
    expect(text(input, 'freshness', 'fr').evidence).toBe(
      'Dernière mise à jour le 1er mars 2025 (d’après article:modified_time), il y a 3\u00a0mois.',
    );
    expect(text(input, 'freshness', 'en').evidence).toContain('on March 1, 2025');
    expect(text(goodInput(), 'htmlWeight', 'fr').evidence).toBe(
      'Le HTML pèse 5,2\u00a0Ko une fois décompressé.',
    );
  });
});

// Every key a check can use, read from the sources: keys are always written out in full there.
const SOURCE_DIR = path.resolve('src/server/audit/checks');
const SOURCE_KEYS = [
  ...new Set(
    readdirSync(SOURCE_DIR)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...readFileSync(path.join(SOURCE_DIR, file), 'utf8').matchAll(/'(items\.[\w.]+)'/g),
      ])
      .map((match) => match[1]!),
  ),
];

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

/** Every fixture of this file, for the messages they produce. */
function allFixtureMessages(): Message[] {
  const inputs: AuditInput[] = [
    goodInput(),
    withRobots('x', { status: 500 }),
    withRobots('User-agent: *\nDisallow: /\n'),
    withPage('<html><body><div id="app"></div><script src="a.js"></script></body></html>'),
    withPage(html({ jsonLd: ['{broken'], title: '', head: '' })),
  ];
  return inputs.flatMap((input) =>
    analyze(input).flatMap((c: CategoryFindings) =>
      c.findings.flatMap((f) => [...f.evidence, ...(f.recommendation ? [f.recommendation] : [])]),
    ),
  );
}

describe('translation keys', () => {
  const languages = { en: enAudit as Tree, fr: frAudit as Tree };

  it('finds the keys in the sources', () => {
    expect(SOURCE_KEYS.length).toBeGreaterThan(150);
  });

  it.each(Object.keys(languages))('%s has every key the checks use, plural forms included', (lang) => {
    const tree = languages[lang as keyof typeof languages];
    const missing = SOURCE_KEYS.filter(
      (key) => !has(tree, key) && !(has(tree, `${key}_one`) && has(tree, `${key}_other`)),
    );
    expect(missing).toEqual([]);
  });

  it('has a title for every finding and a name for every category, in both languages', () => {
    for (const category of analyze(goodInput())) {
      for (const tree of Object.values(languages)) {
        expect(has(tree, `categories.${category.id}`)).toBe(true);
        for (const f of category.findings) expect(has(tree, `items.${f.id}.title`), f.id).toBe(true);
      }
    }
  });

  it('uses plural forms exactly for the messages that carry a count', () => {
    for (const message of allFixtureMessages()) {
      const plural = has(languages.en, `${message.key}_other`);
      expect(plural, message.key).toBe(message.values?.count !== undefined);
    }
  });

  it('leaves no placeholder unfilled in any fixture, in either language', () => {
    for (const lang of ['en', 'fr'] as const) {
      for (const category of localizeFindings(analyze(goodInput()), T[lang])) {
        for (const item of category.items)
          expect(`${item.title} ${item.evidence}`).not.toMatch(/\{\{|items\.\w/);
      }
    }
    const context = buildContext(goodInput());
    expect(context.page.title).toContain('How answer engines');
  });
});
