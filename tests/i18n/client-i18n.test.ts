import { describe, expect, it } from 'vitest';
import { ClientI18n, pluralCategory } from '../../src/i18n/client-i18n.ts';
import { createI18n } from '../../src/i18n/instance.ts';
import { ALL_RESOURCES } from '../../src/renderer/translations.ts';
import { LANGUAGES, type Lang } from '../../src/site.ts';

// The browser reads translations with ClientI18n, the server renders with i18next: hydration needs
// the very same strings. Every key of every namespace, in both languages, with the options the
// site passes (counts, variables, returnObjects), must come out identical from both.

type Tree = Record<string, unknown>;

/** Every path in a translation tree: leaves and the objects and arrays above them. */
function paths(tree: Tree, prefix = ''): { path: string; value: unknown }[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const here = { path, value };
    return value !== null && typeof value === 'object' ? [here, ...paths(value as Tree, path)] : [here];
  });
}

const PLURAL = /_(zero|one|many|other)$/;
const COUNTS = [0, 1, 2, 5, 21, 1.5, 0.5, 1_000_000, 3_000_000, -1];
const HOSTILE = 'https://x.test/?q=$&$1</p><script>{{name}}';

describe('ClientI18n gives what i18next gives', () => {
  for (const lang of LANGUAGES) {
    const server = createI18n(lang, ALL_RESOURCES);
    const client = new ClientI18n(lang, { [lang]: ALL_RESOURCES[lang]! });
    const namespaces = Object.keys(ALL_RESOURCES[lang]!);

    it(`${lang}: every key of ${namespaces.length} namespaces, plain and with options`, () => {
      let compared = 0;
      for (const ns of namespaces) {
        const expected = server.getFixedT(lang, ns);
        const actual = client.getFixedT(lang, ns);
        const same = (key: string, options?: Record<string, unknown>) => {
          expect(actual(key, options as never), `${ns}:${key} ${JSON.stringify(options)}`).toEqual(
            expected(key, options as never),
          );
          compared++;
        };
        for (const { path, value } of paths(ALL_RESOURCES[lang]![ns] as Tree)) {
          const isObject = value !== null && typeof value === 'object';
          same(path, isObject ? { returnObjects: true } : undefined);
          if (isObject) {
            same(path);
            same(path, { returnObjects: true, name: 'N', count: 2 });
          }
          if (typeof value === 'string' && value.includes('{{')) {
            const names = [...value.matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1]!.trim());
            same(path, Object.fromEntries(names.map((n) => [n, HOSTILE])));
            same(path, Object.fromEntries(names.map((n) => [n, 42])));
            same(path, Object.fromEntries(names.map((n) => [n, undefined])));
            same(path, Object.fromEntries(names.map((n) => [n, null])));
          }
          const plural = PLURAL.exec(path);
          if (plural)
            for (const count of COUNTS) same(path.slice(0, plural.index), { count, url: 'u', name: 'n' });
        }
        // Another namespace by prefix, and keys that do not exist.
        same(`${ns}:${paths(ALL_RESOURCES[lang]![ns] as Tree)[0]!.path}`);
        same('no.such.key');
        same(`${ns}:no.such.key`);
        same('nowhere:key');
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it('counts as Intl.PluralRules does in English and French', () => {
    for (const lang of ['en', 'fr'] as Lang[]) {
      const rules = new Intl.PluralRules(lang);
      const samples = [
        ...Array.from({ length: 2100 }, (_, i) => i - 50),
        0.5,
        1.5,
        2.5,
        1.25,
        999_999,
        1_000_000,
        1_000_000.5,
        2_000_000,
        10_000_000,
        1e9,
      ];
      for (const n of samples) expect(pluralCategory(lang, n), `${lang} ${n}`).toBe(rules.select(n));
    }
  });

  it('adds namespaces and switches language as client navigations need', () => {
    const client = new ClientI18n('en', { en: { common: { hi: 'Hello' } } });
    expect(client.hasResourceBundle('fr', 'common')).toBe(false);
    client.addResourceBundle('fr', 'common', { hi: 'Bonjour {{name}}' });
    client.changeLanguage('fr');
    expect(client.language).toBe('fr');
    expect(client.hasResourceBundle('fr', 'common')).toBe(true);
    expect(client.getFixedT('fr', 'common')('hi', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(client.getFixedT('en', 'common')('hi')).toBe('Hello');
  });
});
