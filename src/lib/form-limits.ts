// Field limits shared by the server's schemas (src/server/forms.ts) and the inputs' maxLength,
// kept free of zod so the browser bundle does not carry the validation library.
export const LIMITS = {
  name: 100,
  email: 254,
  website: 500,
  message: 5000,
} as const;

export const FORM_TYPES = ['waitlist', 'contact', 'newsletter'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Honeypot field name: hidden from people, tempting for bots. */
export const HONEYPOT_FIELD = 'nickname';

/** What the server tells the page after a form post (JSON answer, or the no-JavaScript flash). */
export interface FormOutcome {
  form: FormType;
  ok: boolean;
  /** Message in the page language (server error text), when not ok. */
  error?: string;
  /** Per-field messages, in the page language. */
  fields?: Record<string, string>;
  /** What the visitor typed, returned on failure so nothing is lost (no-JavaScript posts only). */
  values?: Record<string, string>;
}
