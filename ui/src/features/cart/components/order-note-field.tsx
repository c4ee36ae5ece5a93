import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCart } from './cart-provider';

/** Longest note the server takes (contract: orders-api.md). */
export const ORDER_NOTE_MAX_LENGTH = 500;

/** The note for the restaurant, kept with the cart (localStorage orderNote). */
export function OrderNoteField() {
  const { t } = useTranslation();
  const { note, setNote } = useCart();
  const id = useId();
  return (
    <div className="cart-note">
      <label htmlFor={id} className="cart-note__label">
        {t('cart.note')}
      </label>
      <textarea
        id={id}
        className="cart-note__input"
        rows={3}
        maxLength={ORDER_NOTE_MAX_LENGTH}
        placeholder={t('cart.note_placeholder')}
        value={note}
        onInput={(event) => setNote(event.currentTarget.value.slice(0, ORDER_NOTE_MAX_LENGTH))}
      />
    </div>
  );
}
