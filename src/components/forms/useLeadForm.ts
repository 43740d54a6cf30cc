import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useLang, useT } from '../../i18n/hooks.ts';
import { readApiError } from '../../lib/api-error.ts';
import {
  HONEYPOT_FIELD,
  MAIL_DELIVERIES,
  formEndpoint,
  type FormType,
  type MailAnswer,
} from '../../lib/form-limits.ts';
import { isWebsiteUrl } from '../../lib/urls.ts';
import { useSite } from '../../site-context.tsx';
import { useNotify } from '../Toasts.tsx';
import { mailNotice } from './mail-notice.ts';

export type FieldName = 'name' | 'email' | 'website' | 'service' | 'message';

type Values = Partial<Record<FieldName, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the toast and the form's notice say after a post: a form's own texts, already translated. */
export interface FormMessages {
  successTitle: string;
  successText: string;
  failureTitle: string;
  failureText: string;
}

/**
 * One form's state for every lead form (waitlist, contact, newsletter, report): idle → submitting
 * (inputs and button disabled) → success (cleared, toast) or failure (values kept, inline errors,
 * toast). The same form also posts without JavaScript; then the server's outcome arrives in the site
 * context.
 */
export function useLeadForm(options: {
  form: FormType;
  fields: FieldName[];
  required: FieldName[];
  initial?: Values;
  onSuccess?: () => void;
  /** Fields the page fixes (the report's id): posted as they are, and as hidden inputs by the form. */
  fixed?: Record<string, string>;
  /**
   * Where a post without JavaScript returns, when not to this page (a report's forms on the Tools
   * page return to the saved report: the Tools page's address would run the audit again).
   */
  returnTo?: string;
  /** The toast's texts, when the form's are not in `forms:{form}` (the report's are in `tools`). */
  messages?: FormMessages;
}) {
  const { form, fields, required } = options;
  const endpoint = formEndpoint(form);
  const notify = useNotify();
  const { t } = useT('forms');
  const lang = useLang();
  const { pathname, search, hash } = useLocation();
  const { formOutcome } = useSite();
  const outcome = formOutcome?.form === form ? formOutcome : undefined;
  const empty = Object.fromEntries(fields.map((f) => [f, ''])) as Values;
  const [values, setValues] = useState<Values>(() => ({
    ...empty,
    ...options.initial,
    ...(outcome?.ok ? {} : outcome?.values),
  }));
  const [errors, setErrors] = useState<Record<string, string>>(() => outcome?.fields ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [serverNotice, setServerNotice] = useState(outcome);
  // After a failed send, focus goes back into the form (the disabled button had lost it): to the
  // first field the server rejected, else to the submit button.
  const formRef = useRef<HTMLFormElement | null>(null);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (!failures || !formRef.current) return;
    const target =
      formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current.querySelector<HTMLElement>('[type="submit"]');
    target?.focus();
  }, [failures]);

  const setValue = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _drop, ...rest }) => rest);
    setServerNotice(undefined);
  };

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const field of required) if (!values[field]?.trim()) found[field] = t(`errors.${field}Required`);
    const email = values.email?.trim();
    if (email && !EMAIL.test(email)) found.email = t('errors.emailInvalid');
    const website = values.website?.trim();
    if (website && !isWebsiteUrl(website)) found.website = t('errors.websiteInvalid');
    return found;
  }

  const messages = options.messages ?? {
    successTitle: t(`${form}.successTitle`),
    successText: t(`${form}.successText`),
    failureTitle: t(`${form}.failureTitle`),
    failureText: t(`${form}.failureText`),
  };
  const toast = (ok: boolean, text?: string, mail?: MailAnswer) => {
    // What became of the email, in the visitor's own time zone (decision 067).
    const said = ok ? mailNotice(mail, t, lang) : undefined;
    notify(
      ok
        ? {
            variant: 'success',
            title: said?.title ?? messages.successTitle,
            description: said?.text ?? messages.successText,
          }
        : { variant: 'error', title: messages.failureTitle, description: text || messages.failureText },
    );
  };

  // A failure is shown twice: a toast, and an alert inside the form itself, which stays
  // readable and is announced even where the toast cannot be (behind the open waitlist dialog,
  // which makes the rest of the page inert).
  function fail(text: string | undefined) {
    toast(false, text);
    setServerNotice({ form, ok: false, ...(text ? { error: text } : {}) });
    setFailures((n) => n + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const formElement = event.currentTarget;
    formRef.current = formElement;
    const found = validate();
    setErrors(found);
    setServerNotice(undefined);
    const firstInvalid = fields.find((f) => found[f]);
    if (firstInvalid) {
      formElement.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    const honeypot = (formElement.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '';
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...values, ...options.fixed, lang, [HONEYPOT_FIELD]: honeypot }),
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.ok && (body as { success?: unknown } | undefined)?.success === true) {
        setValues(empty);
        setErrors({});
        toast(true, undefined, mailOf(body));
        options.onSuccess?.();
      } else {
        const error = readApiError(body);
        if (error?.fields) setErrors(error.fields);
        fail(error?.message);
      }
    } catch {
      fail(t('errors.network'));
    } finally {
      setSubmitting(false);
    }
  }

  return {
    values,
    errors,
    submitting,
    setValue,
    /** The no-JavaScript outcome to show above the form, until the visitor changes something. */
    notice: serverNotice,
    formProps: { method: 'post', action: endpoint, noValidate: true, onSubmit },
    hidden: { lang, returnTo: options.returnTo ?? `${pathname}${search}${hash || ''}` },
  };
}

/** The email part of a form's JSON answer (decision 067), when it has one. */
function mailOf(body: unknown): MailAnswer | undefined {
  const { delivery, at, repeat, included } = (body ?? {}) as Record<string, unknown>;
  if (!MAIL_DELIVERIES.includes(delivery as MailAnswer['delivery']) || typeof at !== 'string')
    return undefined;
  return {
    delivery: delivery as MailAnswer['delivery'],
    at,
    ...(repeat === true ? { repeat } : {}),
    ...(included === true ? { included } : {}),
  };
}
