import { z } from 'zod';
import { CONTACT_TOPICS, SERVICE_IDS } from '../lib/services.ts';
import { LIMITS, type FormType } from '../lib/form-limits.ts';
import { LANGUAGES } from '../site.ts';

// One zod schema per form: the single source of its rules and its type. Error messages are
// translation keys (forms:errors.*), turned into the visitor's language by the API.

// Control characters other than tab and newlines are stripped from every string.
const clean = (value: string) => value.replace(/(?![\t\n\r])\p{Cc}/gu, '').trim();
const text = (max: number, tooLong: string) => z.string().transform(clean).pipe(z.string().max(max, tooLong));

const email = z
  .string({ error: 'emailRequired' })
  .transform(clean)
  .pipe(
    z
      .string()
      .min(1, 'emailRequired')
      .max(LIMITS.email, 'emailInvalid')
      .pipe(z.email({ error: 'emailInvalid' })),
  );

const websiteUrl = (required: boolean) =>
  z
    .string({ error: 'websiteRequired' })
    .transform(clean)
    .pipe(
      z
        .string()
        .max(LIMITS.website, 'websiteInvalid')
        .refine((v) => !required || v.length > 0, 'websiteRequired')
        .refine((v) => v.length === 0 || isHttpUrl(v), 'websiteInvalid'),
    );

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

const lang = z.enum(LANGUAGES).catch('en');
const optionalText = (max: number, tooLong: string) => text(max, tooLong).optional().default('');

export const waitlistSchema = z.object({
  name: optionalText(LIMITS.name, 'nameTooLong'),
  email,
  website: websiteUrl(true),
  message: optionalText(LIMITS.message, 'messageTooLong'),
  lang,
});

export const contactSchema = z.object({
  name: z
    .string({ error: 'nameRequired' })
    .transform(clean)
    .pipe(z.string().min(1, 'nameRequired').max(LIMITS.name, 'nameTooLong')),
  email,
  website: websiteUrl(false).optional().default(''),
  service: z
    .union([z.literal(''), z.enum(SERVICE_IDS), z.enum(CONTACT_TOPICS)], { error: 'serviceInvalid' })
    .optional()
    .default(''),
  message: optionalText(LIMITS.message, 'messageTooLong'),
  lang,
});

export const newsletterSchema = z.object({ email, lang });

export type WaitlistInput = z.output<typeof waitlistSchema>;
export type ContactInput = z.output<typeof contactSchema>;
export type NewsletterInput = z.output<typeof newsletterSchema>;

export const SCHEMAS = {
  waitlist: waitlistSchema,
  contact: contactSchema,
  newsletter: newsletterSchema,
} satisfies Record<FormType, z.ZodType>;

export type ParsedForm =
  | { form: 'waitlist'; data: WaitlistInput }
  | { form: 'contact'; data: ContactInput }
  | { form: 'newsletter'; data: NewsletterInput };

/** Validates a body; on failure returns the message key of the first problem of each field. */
export function parseForm(
  form: FormType,
  body: unknown,
): { ok: true; value: ParsedForm } | { ok: false; fields: Record<string, string> } {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const result = SCHEMAS[form].safeParse(input);
  if (result.success) return { ok: true, value: { form, data: result.data } as ParsedForm };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fields[field] ??=
      issue.message.startsWith('Invalid') || issue.message.includes(' ') ? `${field}Invalid` : issue.message;
  }
  return { ok: false, fields };
}
