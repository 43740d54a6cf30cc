import { describe, expect, it } from 'vitest';
import enEmails from '../../../src/i18n/locales/en/emails.json';
import frEmails from '../../../src/i18n/locales/fr/emails.json';
import { strings } from '../../support/visitor-mail.ts';

// The emails' texts (src/i18n/locales/*/emails.json, read by src/server/email/texts.ts).

describe('email texts', () => {
  it('has the same keys in both languages', () => {
    const keys = (tree: unknown, prefix = ''): string[] =>
      tree && typeof tree === 'object'
        ? Object.entries(tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
        : [prefix];
    expect(keys(frEmails).sort()).toEqual(keys(enEmails).sort());
  });

  it('follows French typography in every French string', () => {
    for (const value of strings(frEmails)) {
      const prose = value.replace(/https?:\/\//g, '');
      expect(prose, value).not.toMatch(/'/);
      expect(prose, value).not.toMatch(/[ \u202f]:/);
      expect(prose, value).not.toMatch(/[^\u00a0]:/);
      expect(prose, value).not.toMatch(/[^\u202f][;!?]/);
    }
  });
});
