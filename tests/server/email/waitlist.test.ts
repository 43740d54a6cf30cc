import { describe, expect, it } from 'vitest';
import enAudit from '../../../src/i18n/locales/en/audit.json' with { type: 'json' };
import frAudit from '../../../src/i18n/locales/fr/audit.json' with { type: 'json' };
import { RECOMMENDATIONS_QUOTING_SITE } from '../../../src/server/email/waitlist.ts';

// An email to someone who may not have asked for it carries our texts only (decision 050): check
// titles take no values, and a recommendation is shown unless its check may quote the audited site.
// Every recommendation with a value is listed here with where the value comes from, read in the
// check's source; a new one fails this test until someone has looked.

/** `items.{check}.recommendation.{variant}` → its values, each from a list of ours. */
const OUR_VALUES: Record<string, Record<string, string>> = {
  'aiSearchAgents.unblock': { agents: 'SEARCH_AGENTS (agents.ts)' },
  'crawlerView.training': { agents: "the audit's own agents (agents.ts)" },
  'typeProperties.article': { type: 'ARTICLE_TYPES (json-ld.ts)', properties: 'ARTICLE_PROPERTIES' },
  'openGraph.complete': { tags: 'og:title, og:description, og:image, og:url (previews.ts)' },
  'contentSignals.answers': { signals: "'search' and 'ai-input' (content-signals.ts)" },
};

function recommendationsWithValues(audit: typeof enAudit): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [id, item] of Object.entries(audit.items)) {
    const variants = (item as { recommendation?: Record<string, string> }).recommendation ?? {};
    for (const [variant, text] of Object.entries(variants)) {
      const values = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
      if (values.length > 0) found.set(`${id}.${variant}`, values);
    }
  }
  return found;
}

describe("the emails' findings", () => {
  for (const [lang, audit] of [
    ['en', enAudit],
    ['fr', frAudit],
  ] as const) {
    it(`shows no recommendation quoting the audited site (${lang})`, () => {
      const found = recommendationsWithValues(audit);
      expect(found.size).toBeGreaterThan(0);
      for (const [key, values] of found) {
        const check = key.split('.')[0]!;
        if (RECOMMENDATIONS_QUOTING_SITE.has(check)) continue;
        expect(OUR_VALUES[key], `${key} takes ${values.join(', ')}: whose text is it?`).toBeDefined();
        for (const value of values) expect(Object.keys(OUR_VALUES[key]!)).toContain(value);
      }
    });

    it(`gives check titles no values (${lang})`, () => {
      for (const [id, item] of Object.entries(audit.items)) {
        expect((item as { title: string }).title, id).not.toMatch(/\{\{/);
      }
    });
  }
});
