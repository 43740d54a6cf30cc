import { describe, expect, it } from 'vitest';
import { textReader } from '../../src/i18n/instance.ts';

// The one reader of translations outside React (emails, audit, site files).

const resources = {
  en: { common: { hello: 'Hello {{name}}', group: { a: 'A' } }, tools: { busy: 'Busy: {{url}}' } },
  fr: { common: { hello: 'Bonjour {{name}}', group: { a: 'A' } }, tools: { busy: 'Occupé : {{url}}' } },
};

describe('textReader', () => {
  const read = textReader(resources);

  it('reads a language in a default namespace, or the one a key names, with values unescaped', () => {
    expect(read('en')('hello', { name: '<Ada>' })).toBe('Hello <Ada>');
    expect(read('fr')('hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(read('fr', 'tools')('busy', { url: 'https://x.example/?a&b' })).toBe(
      'Occupé : https://x.example/?a&b',
    );
    expect(read('en')('tools:busy', { url: 'u' })).toBe('Busy: u');
  });

  it('keeps one instance per language', () => {
    expect(read.instance('en')).toBe(read.instance('en'));
    expect(read.instance('fr')).not.toBe(read.instance('en'));
    expect(read.instance('fr').language).toBe('fr');
  });

  it('answers a missing key with the key, as i18next does, unless strict', () => {
    expect(read('en')('missing.key')).toBe('missing.key');
    const strict = textReader(resources, { strict: true });
    expect(strict('en')('group.a')).toBe('A');
    expect(() => strict('en')('missing.key')).toThrow('Missing translation en:missing.key');
    expect(() => strict('fr')('group')).toThrow('Missing translation fr:group');
    expect(() => strict('en')('tools:nope')).toThrow('Missing translation en:tools:nope');
  });
});
