import type enForms from '../i18n/locales/en/forms.json';

// Field limits shared by the server's schemas (src/server/forms.ts) and the inputs' maxLength,
// kept free of zod so the browser bundle does not carry the validation library.
export const LIMITS = {
  name: 100,
  email: 254,
  website: 500,
  message: 5000,
} as const;

/**
 * `report`: "Email me this report" on a saved audit report (decision 030); `recheck`: "Re-check this
 * site every month" on the same page (decision 032).
 */
export const FORM_TYPES = ['waitlist', 'contact', 'newsletter', 'report', 'recheck'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Each form's path under /api/: its own name, except the report's (`/api/report-email`). */
const ENDPOINT_NAMES = {
  waitlist: 'waitlist',
  contact: 'contact',
  newsletter: 'newsletter',
  report: 'report-email',
  recheck: 'recheck',
} as const satisfies Record<FormType, string>;
export type FormEndpoint = `/api/${(typeof ENDPOINT_NAMES)[FormType]}`;

/** Where a form posts: `POST /api/{name}`, the same address with or without JavaScript. */
export function formEndpoint(form: FormType): FormEndpoint {
  return `/api/${ENDPOINT_NAMES[form]}`;
}

/** Every form's endpoint, in FORM_TYPES order. */
export const FORM_ENDPOINTS: readonly FormEndpoint[] = FORM_TYPES.map(formEndpoint);

/**
 * The form an endpoint path belongs to (`/api/contact` → contact), or undefined. Matched as the
 * router matches routes: case-insensitive, a trailing slash allowed.
 */
export function formOfEndpoint(path: string): FormType | undefined {
  const route = path.toLowerCase().replace(/\/+$/, '');
  return FORM_TYPES.find((form) => formEndpoint(form) === route);
}

/** A form message: a key of `forms:errors` (the validation schema names one for every problem). */
export type FormErrorKey = keyof typeof enForms.errors;

/** Honeypot field name: hidden from people, tempting for bots. */
export const HONEYPOT_FIELD = 'nickname';

/** What the server tells the page after a form post (JSON answer, or the no-JavaScript flash). */
/**
 * What became of the visitor email a successful form asked for (decision 067): `sending` (on its way
 * now), `queued` (it goes at `at`, when the mailbox's hourly or daily window allows), `sent` (it went
 * at `at`: said of a repeat, or of the report email that carries a re-check's link).
 */
export const MAIL_DELIVERIES = ['sending', 'queued', 'sent'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** The email part of a form's answer (decision 067). */
export interface MailAnswer {
  delivery: MailDelivery;
  /** When it goes or went (ISO 8601). */
  at: string;
  /** The same request came within the duplicate window: this is the first one's email. */
  repeat?: boolean;
  /** A re-check's confirm link is in the report email of the same report, which this describes. */
  included?: boolean;
}

export interface FormOutcome {
  form: FormType;
  ok: boolean;
  /** On success, with visitor emails on: what became of the email the form asked for. */
  mail?: MailAnswer;
  /** Message in the page language (server error text), when not ok. */
  error?: string;
  /** Per-field messages, in the page language. */
  fields?: Record<string, string>;
  /** What the visitor typed, returned on failure so nothing is lost (no-JavaScript posts only). */
  values?: Record<string, string>;
}
