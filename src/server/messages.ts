import { loadNamespaces } from '../i18n/resources.ts';
import { LIMITS, type FormErrorKey } from '../lib/form-limits.ts';
import { DEFAULT_LANG, type Lang } from '../site.ts';
import { MAX_RECHECKS_PER_EMAIL } from './store/recheck-types.ts';

// The JSON API's messages, from the same translation files the pages use: the forms' (`forms`
// namespace) and the API's own errors (`api`).
const TEXTS = await loadNamespaces(['forms', 'api']);

/** The API's own errors, each a key of `errors` in the `api` namespace. */
export type ApiErrorKey = keyof (typeof TEXTS)[Lang]['api']['errors'];

const MAX_FOR: Partial<Record<FormErrorKey, number>> = {
  nameTooLong: LIMITS.name,
  messageTooLong: LIMITS.message,
  recheckLimit: MAX_RECHECKS_PER_EMAIL,
};

/** Whether a validation message is one of the form messages (the schema's keys). */
export function isFormErrorKey(value: string): value is FormErrorKey {
  return Object.hasOwn(TEXTS[DEFAULT_LANG].forms.errors, value);
}

export function formMessage(lang: Lang, key: FormErrorKey): string {
  return TEXTS[lang].forms.errors[key].replace('{{max}}', String(MAX_FOR[key] ?? ''));
}

export function apiMessage(lang: Lang, key: ApiErrorKey): string {
  return TEXTS[lang].api.errors[key];
}
