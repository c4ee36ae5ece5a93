import { useId, type InputHTMLAttributes } from 'react';
import './form.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onInput' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string;
  hint?: string;
  /** Shows the required marker; the check itself is the form's job. */
  markRequired?: boolean;
  multiline?: boolean;
  rows?: number;
  /** Rewrites what was typed (e.g. strips non-digits) before it reaches the state and the field. */
  sanitize?: (value: string) => string;
}

/** A labelled text input (or textarea) with its hint and error text wired to aria-describedby. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  markRequired = false,
  multiline = false,
  rows = 5,
  sanitize,
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  // The field shows the sanitized text at once, even when the state value does not change.
  const handleInput = (field: HTMLInputElement | HTMLTextAreaElement) => {
    const next = sanitize ? sanitize(field.value) : field.value;
    if (next !== field.value) field.value = next;
    onValueChange(next);
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': markRequired || undefined,
  };

  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      {/* The marker stays outside the label so the field's name is just its label; aria-required says it. */}
      <span className="form-field__label-row">
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
        {markRequired && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {multiline ? (
        <textarea
          {...common}
          className="form-field__input form-field__input--multiline"
          rows={rows}
          maxLength={inputProps.maxLength}
          name={inputProps.name}
          placeholder={inputProps.placeholder}
          onInput={(event) => handleInput(event.currentTarget)}
        />
      ) : (
        <input
          type="text"
          {...inputProps}
          {...common}
          className="form-field__input"
          onInput={(event) => handleInput(event.currentTarget)}
        />
      )}
      {hint && (
        <span id={hintId} className="form-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="form-field__error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A message above or below a form: an error (alert) or a success/info note (status). */
export function FormMessage({ error, success }: { error?: string; success?: string }) {
  if (error) {
    return (
      <p className="form-message form-message--error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="form-message form-message--success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
