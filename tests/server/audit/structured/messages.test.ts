import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enAudit from '../../../../src/i18n/locales/en/audit.json';
import frAudit from '../../../../src/i18n/locales/fr/audit.json';
import { localizeMessage } from '../../../../src/server/audit/localize.ts';
import { describeDiagnostic, validate } from '../../../../src/server/audit/structured/validate.ts';
import { T } from '../../../fixtures/audit-inputs.ts';
import { jsonLdPage, structuredDataOf } from '../../../support/structured.ts';

// The structured data findings in both languages: every key the module writes exists in both
// audit.json files, and a finding reads as a sentence with its values in place.

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
}

const SOURCE_DIR = path.resolve('src/server/audit/structured');
const SOURCE_KEYS = [
  ...new Set(
    readdirSync(SOURCE_DIR)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...readFileSync(path.join(SOURCE_DIR, file), 'utf8').matchAll(/'((?:structured|items)\.[\w.]+)'/g),
      ])
      .map((match) => match[1]!),
  ),
];

describe('structured data messages', () => {
  it('finds the keys in the sources', () => {
    expect(SOURCE_KEYS.length).toBeGreaterThan(30);
  });

  it.each([
    ['en', enAudit],
    ['fr', frAudit],
  ])('%s has every key the structured data module uses', (_lang, tree) => {
    expect(SOURCE_KEYS.filter((key) => !has(tree as Tree, key))).toEqual([]);
  });

  it('says a misspelt type and its fix in English and in French', () => {
    const [finding] = validate(structuredDataOf(jsonLdPage({ '@type': 'product', name: 'Kettle' })).entities);
    expect(localizeMessage(finding!.message, T.en)).toBe(
      '“product” is not a schema.org type: type names are case-sensitive, so engines ignore this entity.',
    );
    expect(localizeMessage(finding!.fix, T.en)).toBe('Write “Product” instead of “product”.');
    expect(localizeMessage(finding!.fix, T.fr)).toBe(
      'Écrivez «\u202fProduct\u202f» au lieu de «\u202fproduct\u202f».',
    );
  });

  it('tells to remove a CDATA wrapper, in both languages', () => {
    const data = structuredDataOf(jsonLdPage('/*<![CDATA[*/{"@type":"Organization","name":"Shop"}/*]]>*/'));
    const { message, fix } = describeDiagnostic(data.diagnostics[0]!, data);
    expect(localizeMessage(message, T.en)).toBe(
      'JSON-LD block 1 of 1 is wrapped in a CDATA section; the JSON inside it is valid.',
    );
    expect(localizeMessage(fix!, T.fr)).toMatch(/^Retirez l’enveloppe CDATA/);
  });
});
