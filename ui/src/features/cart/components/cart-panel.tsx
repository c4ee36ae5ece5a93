import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LineDeposit } from '../../../components/line-deposit';
import { formatPrice } from '../../../lib/format-price';
import { fetchLiveProducts } from '../../../lib/live-menu';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { displayNameFor, lineTotalCents, unitDepositCents, type CartItem } from '../../../lib/cart-lines';
import { needsOptions } from '../../../lib/product-selection';
import type { LineProblem } from '../lib/line-availability';
import { useCart } from './cart-provider';
import { EmptyCart } from './empty-cart';
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
        <LineDeposit className="cart-line__deposit" depositCents={unitDepositCents(item)} quantity={item.quantity} />
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

export interface CartPanelOptions {
  /**
   * Whether the cart is on screen; each time it turns on, the product list (sold out,
   * gone), the discounts and the order times are fetched again.
   */
  open: boolean;
  /** Runs before "Zur Kasse" goes on to the next step (the dialog closes). */
  onCheckout?: () => void;
  /** The empty cart's way back to the menu; without it the empty cart shows none. */
  onBrowse?: () => void;
  /** Takes the focus when the last line goes and there is no way back to the menu. */
  emptyFocusRef?: RefObject<HTMLElement | null>;
}

export interface CartPanel {
  /** The lines and the note, or what an empty cart says. */
  body: ReactNode;
  /** Order time, totals, "Zur Kasse" with why it is blocked, clearing; none for an empty cart. */
  footer: ReactNode | undefined;
}

/**
 * The cart's contents and actions, the same in the cart dialog and in the basket
 * column beside the menu: each shows the body and the footer in its own frame.
 */
export function useCartPanel({ open, onCheckout, onBrowse, emptyFocusRef }: CartPanelOptions): CartPanel {
  const { t } = useTranslation();
  const cart = useCart();
  const { problems } = useCheckedLines();
  const noteId = useId();
  const linesRef = useRef<HTMLUListElement>(null);
  const browseRef = useRef<HTMLButtonElement>(null);
  // Removing the focused line (or clearing the cart) takes the focused button away;
  // focus then moves to the line that took its place, or to the empty cart's button,
  // so it stays in the cart (in a dialog, Escape still closes it).
  const refocusAt = useRef<number | null>(null);
  const empty = cart.items.length === 0;

  const checkout = useCheckoutGate();

  // Whether a product sold out meanwhile is asked again each time the cart opens.
  useEffect(() => {
    if (open) fetchLiveProducts(getRuntimeConfig().storeId).catch(() => {});
  }, [open]);

  // Before the browser paints, so the removed button's focus never falls back to the page.
  useLayoutEffect(() => {
    const index = refocusAt.current;
    if (index === null) return;
    refocusAt.current = null;
    const removeButtons = linesRef.current?.querySelectorAll<HTMLElement>('[data-remove-line]') ?? [];
    const next = removeButtons.length > 0 ? removeButtons[Math.min(index, removeButtons.length - 1)] : null;
    (next ?? browseRef.current ?? emptyFocusRef?.current)?.focus();
  }, [cart.items, emptyFocusRef]);

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
          onCheckout?.();
          checkout.go();
        }}
      >
        {t('cart.to_checkout')}
      </button>
      {checkout.blockedBy && (
        <div id={`${noteId}-blocked`} className="cart-summary__blocked" data-testid="checkout-blocked">
          <p className="cart-summary__blocked-text">
            {t(checkout.blockedBy === 'offline' ? 'offline.banner' : `cart.checkout_blocked_${checkout.blockedBy}`)}
          </p>
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

  const body = empty ? (
    <EmptyCart>
      {onBrowse && (
        <button ref={browseRef} type="button" className="button" onClick={onBrowse}>
          {t('cart.browse')}
        </button>
      )}
    </EmptyCart>
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
  );

  return { body, footer };
}
