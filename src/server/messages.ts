import enForms from '../i18n/locales/en/forms.json';
import frForms from '../i18n/locales/fr/forms.json';
import { LIMITS, type FormErrorKey } from '../lib/form-limits.ts';
import type { Lang } from '../site.ts';
import { MAX_RECHECKS_PER_EMAIL } from './store/recheck-types.ts';

// Form messages for the API, from the same translation files the pages use.
const ERRORS: Record<Lang, Record<FormErrorKey, string>> = { en: enForms.errors, fr: frForms.errors };

const MAX_FOR: Partial<Record<FormErrorKey, number>> = {
  nameTooLong: LIMITS.name,
  messageTooLong: LIMITS.message,
  recheckLimit: MAX_RECHECKS_PER_EMAIL,
};

/** Whether a validation message is one of the form messages (the schema's keys). */
export function isFormErrorKey(value: string): value is FormErrorKey {
  return Object.hasOwn(enForms.errors, value);
}

export function formMessage(lang: Lang, key: FormErrorKey): string {
  return ERRORS[lang][key].replace('{{max}}', String(MAX_FOR[key] ?? ''));
}
