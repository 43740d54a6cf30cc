import type { ChangeEvent, ReactNode } from 'react';
import { useT } from '../../i18n/hooks.ts';
import { LIMITS } from '../../lib/form-limits.ts';
import type { FieldName, useLeadForm } from './useLeadForm.ts';

interface FieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (name: string, value: string) => void;
}

function FieldShell({
  id,
  label,
  error,
  required,
  children,
}: Pick<FieldProps, 'id' | 'label' | 'error' | 'required'> & { children: ReactNode }) {
  const { t } = useT('forms');
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-[var(--bad)]">
            {' '}
            *
          </span>
        ) : (
          <span className="optional"> ({t('fields.optional')})</span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control of a field carries: its identity, value, state, change handler and error link. */
function controlProps({ id, name, value, error, required, disabled, onChange }: FieldProps) {
  return {
    id,
    name,
    value,
    required,
    disabled,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(name, e.target.value),
    ...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
  };
}

/** The forms' shared text input: a labelled input with its inline error. */
export function TextField(
  props: FieldProps & {
    type?: 'text' | 'email' | 'url';
    /** The keyboard a phone shows (an address field is text, so a bare "brewlab.com" is accepted). */
    inputMode?: 'url' | 'email' | 'text';
    autoComplete?: string;
    placeholder?: string;
    maxLength: number;
  },
) {
  const { type = 'text', inputMode, autoComplete, placeholder, maxLength } = props;
  return (
    <FieldShell {...props}>
      <input
        {...controlProps(props)}
        type={type}
        inputMode={inputMode}
        className="input"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </FieldShell>
  );
}

/** The forms' shared textarea, labelled, with its inline error. */
export function TextAreaField(
  props: FieldProps & { placeholder?: string; maxLength: number; rows?: number },
) {
  const { placeholder, maxLength, rows = 5 } = props;
  return (
    <FieldShell {...props}>
      <textarea
        {...controlProps(props)}
        className="textarea"
        rows={rows}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </FieldShell>
  );
}

export function SelectField(props: FieldProps & { options: { value: string; label: string }[] }) {
  return (
    <FieldShell {...props}>
      <select {...controlProps(props)} className="select">
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface InputRowProps {
  id: string;
  label: string;
  labelClassName: string;
  children: ReactNode;
}

/**
 * A label above an input and its button, the two side by side from `sm` up (stacked below): the
 * one-field forms (an email, an address to audit, a link to copy).
 */
export function InputRow({ id, label, labelClassName, children }: InputRowProps) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">{children}</div>
    </>
  );
}

interface EmailInputProps {
  form: ReturnType<typeof useLeadForm>;
  id: string;
  className: string;
}

/**
 * The email input of a form that asks for nothing else (the newsletter, a report's forms), bound to
 * the form's state; the label and the error under it are the form's own (the error's id: `{id}-error`).
 */
export function EmailInput({ form, id, className }: EmailInputProps) {
  const { t } = useT('forms');
  const error = form.errors.email;
  return (
    <input
      id={id}
      name="email"
      type="email"
      className={className}
      required
      autoComplete="email"
      placeholder={t('fields.email.placeholder')}
      maxLength={LIMITS.email}
      value={form.values.email ?? ''}
      disabled={form.submitting}
      onChange={(e) => form.setValue('email', e.target.value)}
      {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
    />
  );
}

/** A lead form field's props from the form's state (useLeadForm): id, name, value, error, disabled. */
export function bindField(form: ReturnType<typeof useLeadForm>, idPrefix: string, name: FieldName) {
  return {
    id: `${idPrefix}-${name}`,
    name,
    value: form.values[name] ?? '',
    error: form.errors[name],
    disabled: form.submitting,
    onChange: form.setValue,
  };
}

const CONTACT_INPUTS = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  website: { type: 'text', inputMode: 'url', autoComplete: 'url' },
} as const;

/** The name, email or website input as every lead form shows it: label, placeholder, autofill, limit. */
export function ContactInput({
  form,
  idPrefix,
  name,
  required,
}: {
  form: ReturnType<typeof useLeadForm>;
  idPrefix: string;
  name: keyof typeof CONTACT_INPUTS;
  required?: boolean;
}) {
  const { t } = useT('forms');
  return (
    <TextField
      {...bindField(form, idPrefix, name)}
      {...CONTACT_INPUTS[name]}
      required={required}
      label={t(`fields.${name}.label`)}
      placeholder={t(`fields.${name}.placeholder`)}
      maxLength={LIMITS[name]}
    />
  );
}
