import type { ChangeEvent, ReactNode } from 'react';
import { useT } from '../../i18n/hooks.ts';

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

const described = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

/** The spec's shared text input: a labelled input with its inline error. */
export function TextField(
  props: FieldProps & {
    type?: 'text' | 'email' | 'url';
    autoComplete?: string;
    placeholder?: string;
    maxLength: number;
  },
) {
  const {
    id,
    name,
    value,
    error,
    required,
    disabled,
    onChange,
    type = 'text',
    autoComplete,
    placeholder,
    maxLength,
  } = props;
  return (
    <FieldShell {...props}>
      <input
        id={id}
        name={name}
        type={type}
        className="input"
        value={value}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(name, e.target.value)}
        {...described(id, error)}
      />
    </FieldShell>
  );
}

/** The spec's shared textarea. */
export function TextAreaField(
  props: FieldProps & { placeholder?: string; maxLength: number; rows?: number },
) {
  const { id, name, value, error, required, disabled, onChange, placeholder, maxLength, rows = 5 } = props;
  return (
    <FieldShell {...props}>
      <textarea
        id={id}
        name={name}
        className="textarea"
        value={value}
        rows={rows}
        required={required}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => onChange(name, e.target.value)}
        {...described(id, error)}
      />
    </FieldShell>
  );
}

export function SelectField(props: FieldProps & { options: { value: string; label: string }[] }) {
  const { id, name, value, error, required, disabled, onChange, options } = props;
  return (
    <FieldShell {...props}>
      <select
        id={id}
        name={name}
        className="select"
        value={value}
        required={required}
        disabled={disabled}
        onChange={(e) => onChange(name, e.target.value)}
        {...described(id, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
