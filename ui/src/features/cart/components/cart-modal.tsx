import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { formatPrice } from '../../../lib/format-price';
import { fetchLiveProducts } from '../../../lib/live-menu';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { displayNameFor, lineTotalCents, type CartItem } from '../../../lib/cart-lines';
import { needsOptions } from '../../../lib/product-selection';
import type { LineProblem } from '../lib/line-availability';
import { useCart } from './cart-provider';
import { OrderNoteField } from './order-note-field';
import { OrderSummary } from './order-summary';
import { OrderTimeChoice } from './order-time-choice';
import { useCheckedLines } from './use-checked-lines';
import { useCheckoutGate } from './use-checkout-gate';

interface CartLineProps {
  item: CartItem;
  /** Why the line cannot be ordered; null = it can. */
  problem: LineProblem | null;
  onRemove: () => void;
}

function CartLine({ item, problem, onRemove }: CartLineProps) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const language = i18n.resolvedLanguage ?? 'de';
  const name = displayNameFor(item, language);
  const canEdit = problem === null && needsOptions({ ...item, tax: null });
  const price = formatPrice(fromCents(lineTotalCents(item)));

  return (
    <li className={`cart-line${problem ? ' cart-line--excluded' : ''}`} data-problem={problem ?? undefined}>
      <div className="cart-line__main">
        <p className="cart-line__name">{name}</p>
        {problem && (
          <p className="cart-line__problem" data-testid="line-problem">
            {t(problem === 'sold_out' ? 'cart.line_sold_out' : 'cart.line_unavailable')}
          </p>
        )}
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
            data-remove-line=""
            onClick={onRemove}
            aria-label={t('cart.remove_item', { name })}
          >
            {t('cart.remove')}
          </button>
        </div>
      </div>
      <div className="cart-line__side">
        {problem ? (
          <span className="cart-line__price cart-line__price--excluded" data-testid="line-total">
            <s>{price}</s>
            <span className="visually-hidden"> {t('cart.line_not_counted')}</span>
          </span>
        ) : (
          <span className="cart-line__price" data-testid="line-total">
            {price}
          </span>
        )}
        {problem === null && (
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
        )}
      </div>
    </li>
  );
}

export function CartModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const { problems } = useCheckedLines();
  const noteId = useId();
  const linesRef = useRef<HTMLUListElement>(null);
  const browseRef = useRef<HTMLButtonElement>(null);
  // Removing the focused line (or clearing the cart) takes the focused button away;
  // focus then moves to the line that took its place, or to the empty cart's button,
  // so it stays in the dialog and Escape still closes it.
  const refocusAt = useRef<number | null>(null);
  const empty = cart.items.length === 0;

  const checkout = useCheckoutGate();

  // Whether a product sold out meanwhile is asked again each time the cart opens.
  useEffect(() => {
    if (open) fetchLiveProducts(getRuntimeConfig().storeId).catch(() => {});
  }, [open]);

  useEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const removeButtons = linesRef.current?.querySelectorAll<HTMLElement>('[data-remove-line]') ?? [];
    const next = removeButtons.length > 0 ? removeButtons[Math.min(index, removeButtons.length - 1)] : null;
    (next ?? browseRef.current)?.focus();
  }, [cart.items]);

  const removeLines = (keys: readonly string[]) => {
    if (keys.length === 0) return;
    refocusAt.current = Math.max(0, cart.items.findIndex((item) => keys.includes(item.uniqueKey)));
    keys.forEach((key) => cart.remove(key));
  };

  const clear = () => {
    refocusAt.current = 0;
    cart.clear();
  };

  const blocked = checkout.blockedBy !== null;
  const footer = empty ? undefined : (
    <div className="cart-summary">
      <OrderTimeChoice open={open} />
      <OrderSummary open={open} />
      <button
        type="button"
        className="button cart-summary__checkout"
        disabled={blocked}
        aria-disabled={blocked ? 'true' : undefined}
        aria-describedby={blocked ? `${noteId}-blocked` : undefined}
        onClick={() => {
          onClose();
          checkout.go();
        }}
      >
        {t('cart.to_checkout')}
      </button>
      {checkout.blockedBy && (
        <div id={`${noteId}-blocked`} className="cart-summary__blocked" data-testid="checkout-blocked">
          <p className="cart-summary__blocked-text">{t(`cart.checkout_blocked_${checkout.blockedBy}`)}</p>
          {checkout.blockedBy === 'unavailable' && (
            <button
              type="button"
              className="button button--ghost cart-summary__remove-unavailable"
              onClick={() => removeLines([...problems.keys()])}
            >
              {t('cart.remove_unavailable', { count: problems.size })}
            </button>
          )}
        </div>
      )}
      <button type="button" className="button button--ghost cart-summary__clear" onClick={clear}>
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
          <button ref={browseRef} type="button" className="button" onClick={onClose}>
            {t('cart.browse')}
          </button>
        </div>
      ) : (
        <>
          <ul ref={linesRef} className="cart-lines">
            {cart.items.map((item) => (
              <CartLine
                key={item.uniqueKey}
                item={item}
                problem={problems.get(item.uniqueKey) ?? null}
                onRemove={() => removeLines([item.uniqueKey])}
              />
            ))}
          </ul>
          <OrderNoteField />
        </>
      )}
    </Modal>
  );
}
