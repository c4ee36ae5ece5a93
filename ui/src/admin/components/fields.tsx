import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: string;
}

interface BaseProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
}

function Described({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <span id={`${id}-hint`} className="admin-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="admin-field__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="admin-field__label">
      {label}
      {required && (
        <span className="admin-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

export function TextInput({
  id,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  multiline = false,
  inputMode,
  type = 'text',
  maxLength,
  autoComplete,
  autoFocus = false,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'email';
  type?: 'text' | 'email' | 'password';
  maxLength?: number;
  autoComplete?: string;
  /** Takes the focus when its dialog opens (see Modal's data-autofocus). */
  autoFocus?: boolean;
}) {
  const common = {
    id,
    name: id,
    value,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: 'admin-input',
    'data-autofocus': autoFocus || undefined,
  };
  return (
    <div className={`admin-field${multiline ? ' admin-field--wide' : ''}`}>
      <Label id={id} label={label} required={required} />
      {multiline ? (
        <textarea {...common} rows={3} onInput={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onInput={(event) => onChange(event.currentTarget.value)}
        />
      )}
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectInput({
  id,
  label,
  error,
  hint,
  required,
  value,
  onChange,
  options,
  placeholder,
}: BaseProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder?: string;
}) {
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        name={id}
        className="admin-input"
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxInput({
  id,
  label,
  error,
  hint,
  checked,
  onChange,
}: BaseProps & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="admin-field admin-field--checkbox">
      <input
        id={id}
        name={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

export function FormMessage({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <p className="admin-message admin-message--error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="admin-message admin-message--success" role="status">
        {success}
      </p>
    );
  }
  return null;
}

export function Card({ title, children, actions }: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="admin-card">
      {(title || actions) && (
        <div className="admin-card__head">
          {title && <h2 className="admin-card__title">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
