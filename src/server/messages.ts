import enForms from '../i18n/locales/en/forms.json';
import frForms from '../i18n/locales/fr/forms.json';
import { LIMITS } from '../lib/form-limits.ts';
import type { Lang } from '../site.ts';

// Form messages for the API, from the same translation files the pages use.
const ERRORS: Record<Lang, Record<string, string>> = { en: enForms.errors, fr: frForms.errors };

const MAX_FOR: Record<string, number> = { nameTooLong: LIMITS.name, messageTooLong: LIMITS.message };

export function formMessage(lang: Lang, key: string): string {
  const template = ERRORS[lang][key] ?? ERRORS[lang].summary!;
  return template.replace('{{max}}', String(MAX_FOR[key] ?? ''));
}
