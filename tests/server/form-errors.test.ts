import { describe, expect, it } from 'vitest';
import enForms from '../../src/i18n/locales/en/forms.json';
import { FORM_TYPES } from '../../src/lib/form-limits.ts';
import { parseForm } from '../../src/server/forms.ts';
import { isFormErrorKey } from '../../src/server/messages.ts';

// The schemas name a forms:errors key for every problem: whatever a body holds, each field's error
// is one of those keys (none is made up from zod's own wording).

const odd: unknown[] = [
  undefined,
  null,
  7,
  true,
  [],
  ['a'],
  {},
  '',
  ' ',
  'x'.repeat(6000),
  'javascript:alert(1)',
];

describe('form error keys', () => {
  it('are the keys of forms:errors', () => {
    expect(isFormErrorKey('websiteInvalid')).toBe(true);
    expect(isFormErrorKey('nameInvalid')).toBe(false);
    expect(isFormErrorKey('Invalid input: expected string, received number')).toBe(false);
  });

  it.each(FORM_TYPES)('%s: every field error is a forms:errors key', (form) => {
    for (const field of ['name', 'email', 'website', 'service', 'message', 'lang']) {
      for (const value of odd) {
        const result = parseForm(form, { [field]: value });
        if (result.ok) continue;
        for (const key of Object.values(result.fields)) expect(Object.keys(enForms.errors)).toContain(key);
      }
    }
  });

  it('reports an optional text of the wrong type with the summary', () => {
    expect(parseForm('waitlist', { email: 'a@b.co', website: 'https://x.example', name: 7 })).toEqual({
      ok: false,
      fields: { name: 'summary' },
    });
  });
});
