import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { fieldErrorText } from '../../../lib/error-text';

export interface CouponFieldProps {
  /** The code sent with the quote (as typed), or null when none is. */
  applied: string | null;
  /** The code as the server's current quote applied it (upper case); null while not (yet) known. */
  acceptedCode: string | null;
  /** The server's refusal of the last code entered; its sentence shows at the field. */
  error: unknown;
  onApply: (code: string) => void;
  /** Takes the code off the order (and forgets a refusal). */
  onRemove: () => void;
}

/**
 * "Gutscheincode eingeben": a link that opens the code field with its "Einlösen" button.
 * Only the server decides what a code gives: the code goes with the quote, and the
 * quote's coupon row shows what it takes off; a refusal shows its sentence here.
 */
export function CouponField({ applied, acceptedCode, error, onApply, onRemove }: CouponFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);

  if (applied !== null) {
    return (
      <div className="coupon-field coupon-field--applied" data-testid="coupon-field">
        <p className="coupon-field__state" data-testid="coupon-state" role="status">
          {acceptedCode !== null
            ? t('checkout.coupon.applied', { code: acceptedCode })
            : t('checkout.coupon.checking', { code: applied.trim().toUpperCase() })}
        </p>
        <button type="button" className="link-button" data-testid="coupon-remove" onClick={onRemove}>
          {t('checkout.coupon.remove')}
        </button>
      </div>
    );
  }
  if (!open && error === null) {
    return (
      <button
        type="button"
        className="link-button coupon-field__open"
        data-testid="coupon-open"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        {t('checkout.coupon.open')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    setEmpty(code === '');
    if (code !== '') onApply(code);
  };
  const problem = empty ? t('checkout.coupon.empty') : error !== null ? fieldErrorText(error, t) : undefined;
  return (
    <form className="coupon-field" data-testid="coupon-field" onSubmit={submit} noValidate>
      <TextField
        className="coupon-field__input"
        label={t('checkout.coupon.label')}
        name="coupon_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setEmpty(false);
        }}
        error={problem}
      />
      <button type="submit" className="button coupon-field__apply" data-testid="coupon-apply">
        {t('checkout.coupon.apply')}
      </button>
    </form>
  );
}
