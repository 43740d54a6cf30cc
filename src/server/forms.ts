import { z } from 'zod';
import { CONTACT_TOPICS, SERVICE_IDS } from '../lib/services.ts';
import { LIMITS, type FormErrorKey, type FormType } from '../lib/form-limits.ts';
import { isWebsiteUrl, withScheme } from '../lib/urls.ts';
import { LANGUAGES } from '../site.ts';
import { isFormErrorKey } from './messages.ts';
import { REPORT_ID } from './store/report-types.ts';

// One zod schema per form: the single source of its rules and its type. Every check names its
// message explicitly, as a key of forms:errors (typed: FormErrorKey), turned into the visitor's
// language by the API. A problem the schema did not name is reported as `summary`.

/** A check's message: the key of forms:errors the API shows for it. */
const key = (name: FormErrorKey) => ({ error: name });

// Control characters other than tab and newlines are stripped from every string.
const clean = (value: string) => value.replace(/(?![\t\n\r])\p{Cc}/gu, '').trim();

/** A string field: `missing` when absent or not a string, `tooLong` past `max` characters. */
const text = (missing: FormErrorKey, max: number, tooLong: FormErrorKey) =>
  z
    .string(key(missing))
    .transform(clean)
    .pipe(z.string().max(max, key(tooLong)));

const email = z
  .string(key('emailRequired'))
  .transform(clean)
  .pipe(
    z
      .string()
      .min(1, key('emailRequired'))
      .max(LIMITS.email, key('emailInvalid'))
      .pipe(z.email(key('emailInvalid'))),
  );

const websiteUrl = (required: boolean) =>
  text('websiteRequired', LIMITS.website, 'websiteInvalid')
    .refine((v) => !required || v.length > 0, key('websiteRequired'))
    .refine((v) => v.length === 0 || isWebsiteUrl(v), key('websiteInvalid'))
    // Stored and sent on as a full address: "brewlab.com" is https://brewlab.com.
    .transform((v) => (v.length === 0 ? v : withScheme(v)));

const lang = z.enum(LANGUAGES).catch('en');
// An optional text that is not a string has no message of its own: the summary says it.
const optionalText = (max: number, tooLong: FormErrorKey) =>
  text('summary', max, tooLong).optional().default('');

export const waitlistSchema = z.object({
  name: optionalText(LIMITS.name, 'nameTooLong'),
  email,
  website: websiteUrl(true),
  message: optionalText(LIMITS.message, 'messageTooLong'),
  lang,
});

export const contactSchema = z.object({
  name: text('nameRequired', LIMITS.name, 'nameTooLong').refine((v) => v.length > 0, key('nameRequired')),
  email,
  website: websiteUrl(false).optional().default(''),
  service: z
    .union([z.literal(''), z.enum(SERVICE_IDS), z.enum(CONTACT_TOPICS)], key('serviceInvalid'))
    .optional()
    .default(''),
  message: optionalText(LIMITS.message, 'messageTooLong'),
  lang,
});

export const newsletterSchema = z.object({ email, lang });

/**
 * "Email me this report": the saved report's id, as its page's hidden field sends it. Only the shape
 * is checked here; whether the report exists (and has not expired) is the store's to say, with the
 * same message (src/server/leads.ts).
 */
export const reportEmailSchema = z.object({
  email,
  report: z
    .string(key('reportUnknown'))
    .transform(clean)
    .pipe(z.string().regex(REPORT_ID, key('reportUnknown'))),
  lang,
});

/** "Re-check this site every month": the same fields, the saved report the subscription starts from. */
export const recheckSchema = reportEmailSchema;

export type WaitlistInput = z.output<typeof waitlistSchema>;
export type ContactInput = z.output<typeof contactSchema>;
export type NewsletterInput = z.output<typeof newsletterSchema>;
export type ReportEmailInput = z.output<typeof reportEmailSchema>;
export type RecheckInput = z.output<typeof recheckSchema>;

export const SCHEMAS = {
  waitlist: waitlistSchema,
  contact: contactSchema,
  newsletter: newsletterSchema,
  report: reportEmailSchema,
  recheck: recheckSchema,
} satisfies Record<FormType, z.ZodType>;

export type ParsedForm =
  | { form: 'waitlist'; data: WaitlistInput }
  | { form: 'contact'; data: ContactInput }
  | { form: 'newsletter'; data: NewsletterInput }
  | { form: 'report'; data: ReportEmailInput }
  | { form: 'recheck'; data: RecheckInput };

/** Validates a body; on failure returns the message key of the first problem of each field. */
export function parseForm(
  form: FormType,
  body: unknown,
): { ok: true; value: ParsedForm } | { ok: false; fields: Record<string, FormErrorKey> } {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  // The schema names a key for each of its checks; anything else (none is expected) is the summary.
  const result = SCHEMAS[form].safeParse(input, { error: () => 'summary' satisfies FormErrorKey });
  if (result.success) return { ok: true, value: { form, data: result.data } as ParsedForm };
  const fields: Record<string, FormErrorKey> = {};
  for (const issue of result.error.issues) {
    fields[String(issue.path[0] ?? 'form')] ??= isFormErrorKey(issue.message) ? issue.message : 'summary';
  }
  return { ok: false, fields };
}
