import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadNamespaces } from '../../src/i18n/resources.ts';
import { LANGUAGES } from '../../src/site.ts';

const dir = path.resolve('src/i18n/locales');

/** Every leaf path of a JSON value, arrays included by index. */
function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('translations', () => {
  const namespaces = readdirSync(path.join(dir, 'en')).sort();

  it('has the same namespaces in every language', () => {
    for (const lang of LANGUAGES) expect(readdirSync(path.join(dir, lang)).sort()).toEqual(namespaces);
  });

  it('loads the namespaces code outside the pages asks for, in every language, from the same files', async () => {
    const loaded = await loadNamespaces(['forms', 'tools']);
    expect(Object.keys(loaded)).toEqual([...LANGUAGES]);
    for (const lang of LANGUAGES) {
      expect(Object.keys(loaded[lang])).toEqual(['forms', 'tools']);
      const file = JSON.parse(readFileSync(path.join(dir, lang, 'forms.json'), 'utf8')) as unknown;
      expect(loaded[lang].forms).toEqual(file);
    }
  });

  it.each(namespaces)('%s has exactly the same keys in en and fr', (file) => {
    const [en, fr] = LANGUAGES.map(
      (lang) => JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as unknown,
    );
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it.each(namespaces)('%s has no empty or untranslated-looking values', (file) => {
    for (const lang of LANGUAGES) {
      const json = JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as unknown;
      const walk = (v: unknown, at: string) => {
        if (typeof v === 'string') {
          expect(v.trim(), `${lang}/${file} ${at}`).not.toBe('');
          expect(v, `${lang}/${file} ${at}`).not.toMatch(/lorem ipsum|TODO|TBD|\[placeholder\]/i);
        } else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, `${at}.${k}`);
      };
      walk(json, '');
    }
  });
});
