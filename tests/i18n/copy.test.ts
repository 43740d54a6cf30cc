import { describe, expect, it } from 'vitest';
import { ClientI18n } from '../../src/i18n/client-i18n.ts';
import { copyReader } from '../../src/i18n/copy.ts';
import { createI18n } from '../../src/i18n/instance.ts';
import { ALL_RESOURCES } from '../../src/renderer/translations.ts';
import { LANGUAGES, type Lang } from '../../src/site.ts';

// The typed copy reader: components and JSON-LD builders read lists and objects of the translations
// with it instead of casting `t(…, { returnObjects: true })`. It must give each language's own objects
// from both translation readers (i18next on the server, ClientI18n in the browser).

type Tree = Record<string, unknown>;
const json = (lang: Lang, ns: string) => ALL_RESOURCES[lang]![ns] as Tree;

describe.each(LANGUAGES)('copyReader in %s', (lang) => {
  const readers = {
    server: createI18n(lang, ALL_RESOURCES).getFixedT(lang, 'common'),
    browser: new ClientI18n(lang, { [lang]: ALL_RESOURCES[lang]! }).getFixedT(lang, 'common'),
  };

  it.each(Object.entries(readers))('reads the language’s lists and objects (%s)', (_, t) => {
    const home = json(lang, 'home');
    const guide = json(lang, 'guide');
    expect(copyReader(t, 'home')('stats.items')).toEqual((home.stats as Tree).items);
    expect(copyReader(t, 'home')('glossary')).toEqual(home.glossary);
    expect(copyReader(t, 'guide')('caseStudies.items.ecommerce')).toEqual(
      ((guide.caseStudies as Tree).items as Tree).ecommerce,
    );
    const label = copyReader(t, 'guide')('caseStudies.complexityLevels.high');
    expect(typeof label).toBe('string');
    expect(label).toBe(((guide.caseStudies as Tree).complexityLevels as Tree).high);
  });

  it.each(Object.entries(readers))('fills {{variables}} in every string it returns (%s)', (_, t) => {
    const groups = copyReader(t, 'faq')('groups', { email: 'team@example.test' });
    const text = JSON.stringify(groups);
    expect(JSON.stringify(json(lang, 'faq').groups)).toContain('{{email}}');
    expect(text).not.toContain('{{email}}');
    expect(text).toContain('team@example.test');
  });
});

describe('a key missing in a language', () => {
  // French lacks home.stats here. Neither reader mixes in English (i18next runs with
  // fallbackLng: false, decision 014): the reader gives exactly what `t` gives, in both.
  const partial = { fr: { home: { hero: { title: 'Titre' } } }, en: { home: ALL_RESOURCES.en!.home! } };
  const server = createI18n('fr', partial).getFixedT('fr', 'common');
  const browser = new ClientI18n('fr', partial).getFixedT('fr', 'common');

  it('reads what t reads, the same on the server and in the browser', () => {
    const fromServer = copyReader(server, 'home')('stats.items');
    expect(fromServer).toEqual(server('home:stats.items', { returnObjects: true }));
    expect(copyReader(browser, 'home')('stats.items')).toEqual(fromServer);
    expect(fromServer).not.toEqual((json('en', 'home').stats as Tree).items);
  });

  it('still reads the keys the language has', () => {
    expect(copyReader(server, 'home')('hero.title')).toBe('Titre');
    expect(copyReader(browser, 'home')('hero.title')).toBe('Titre');
  });
});
