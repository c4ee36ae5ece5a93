import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { displayNameFor, lineTotalCents, type CartItem } from '../../../lib/cart-lines';
import { needsOptions } from '../../../lib/product-selection';
import { useCart } from './cart-provider';
import { OrderNoteField } from './order-note-field';
import { OrderSummary } from './order-summary';
import { OrderTimeChoice } from './order-time-choice';
import { useCheckoutGate } from './use-checkout-gate';

function CartLine({ item }: { item: CartItem }) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const language = i18n.resolvedLanguage ?? 'de';
  const name = displayNameFor(item, language);
  const canEdit = needsOptions({ ...item, tax: null });

  return (
    <li className="cart-line">
      <div className="cart-line__main">
        <p className="cart-line__name">{name}</p>
        {item.extras.length > 0 && (
          <ul className="cart-line__extras" aria-label={t('cart.extras')}>
            {item.extras.map((extra) => (
              <li key={extra.id}>
                + {extra.quantity > 1 ? `${extra.quantity}× ` : ''}
                {localized(extra.name, extra.name_en, language)}
              </li>
            ))}
          </ul>
        )}
        <div className="cart-line__actions">
          {canEdit && (
            <button
              type="button"
              className="link-button"
              onClick={() => cart.edit(item.uniqueKey)}
              aria-label={t('cart.edit_item', { name })}
            >
              {t('cart.edit')}
            </button>
          )}
          <button
            type="button"
            className="link-button link-button--danger"
            onClick={() => cart.remove(item.uniqueKey)}
            aria-label={t('cart.remove_item', { name })}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <div className="cart-line__side">
        <span className="cart-line__price" data-testid="line-total">
          {formatPrice(fromCents(lineTotalCents(item)))}
        </span>
        <span className="stepper">
          <button
            type="button"
            className="stepper__button"
            disabled={item.quantity <= 1}
            onClick={() => cart.setQuantity(item.uniqueKey, item.quantity - 1)}
            aria-label={t('cart.decrease', { name })}
          >
            −
          </button>
          <span className="stepper__value" aria-label={t('cart.quantity_of', { name })}>
            {item.quantity}
          </span>
          <button
            type="button"
            className="stepper__button"
            onClick={() => cart.setQuantity(item.uniqueKey, item.quantity + 1)}
            aria-label={t('cart.increase', { name })}
          >
            +
          </button>
        </span>
      </div>
    </li>
  );
}

export function CartModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const noteId = useId();
  const empty = cart.items.length === 0;

  const checkout = useCheckoutGate();

  const footer = empty ? undefined : (
    <div className="cart-summary">
      <OrderTimeChoice open={open} />
      <OrderSummary open={open} />
      <button
        type="button"
        className="button cart-summary__checkout"
        disabled={checkout.blockedBy !== null}
        aria-describedby={checkout.blockedBy ? `${noteId}-blocked` : undefined}
        onClick={() => {
          onClose();
          checkout.go();
        }}
      >
        {t('cart.to_checkout')}
      </button>
      {checkout.blockedBy && (
        <p id={`${noteId}-blocked`} className="cart-summary__blocked">
          {t(`cart.checkout_blocked_${checkout.blockedBy}`)}
        </p>
      )}
      <button type="button" className="button button--ghost cart-summary__clear" onClick={cart.clear}>
        {t('cart.clear')}
      </button>
    </div>
  );

  return (
    <Modal open={open} onClose={onClose} title={t('cart.title')} footer={footer} className="cart-modal">
      {empty ? (
        <div className="cart-empty">
          <span className="cart-empty__icon" aria-hidden="true">
            🛒
          </span>
          <p className="cart-empty__title">{t('cart.empty')}</p>
          <p className="cart-empty__hint">{t('cart.empty_hint')}</p>
          <button type="button" className="button" onClick={onClose}>
            {t('cart.browse')}
          </button>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.items.map((item) => (
              <CartLine key={item.uniqueKey} item={item} />
            ))}
          </ul>
          <OrderNoteField />
        </>
      )}
    </Modal>
  );
}
