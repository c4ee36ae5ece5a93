import { lazy, Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingMessage } from '../../../components/status-message';
import { checkCashGiven } from '../../../lib/cash-given';
import { toCents } from '../../../lib/money';
import type { Order, OrderRequest } from '../../../lib/order-types';
import { placeOrder, withCashGiven } from '../../../lib/orders-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { cashGivenProblemText, cashGivenRefusalText } from '../lib/cash-given-text';
import { errorCode, isCouponRefusal, orderErrorMessage } from '../lib/order-errors';
import { OrderEssentials, type EssentialsTotal, type OrderEssentialsProps } from './order-essentials';
import type { PlaceResult } from './paypal-checkout';
import { TermsNotice, type TermsLinks } from './terms-notice';
import type { CashGivenInput } from './use-cash-given';
import { quotedRequest, shownQuote, type CheckoutQuote, type QuoteState } from './use-checkout-quote';

// The PayPal SDK wrapper is loaded only when online payment is chosen.
const PaypalCheckout = lazy(() => import('./paypal-checkout'));

export interface PlaceOrderProps {
  /** What the order commits to; the total comes from the quote. */
  essentials: Omit<OrderEssentialsProps, 'total'>;
  guest: boolean;
  /** The server's quote for the current choices; the order is placed only against it. */
  quote: CheckoutQuote;
  /** Called with the placed order (201, or 200 for a repeated attempt). */
  onPlaced: (order: Order) => void;
  /**
   * Why the page itself keeps the order from being placed (no order time possible,
   * the age not confirmed), worded for the customer; null or absent: nothing does.
   */
  blockedReason?: string | null;
  /** Which of the store's terms texts exist: the line above the button links those. */
  termsLinks?: TermsLinks;
  /**
   * Whether the shop takes cash (its record says so). Without it no cash order button is
   * shown and none is placed, whatever payment the essentials name.
   */
  cashAccepted: boolean;
  /**
   * What the customer said they pay with in cash (the field beside the payment choice):
   * checked against the quoted total and sent as `cash_given` with a cash order, never
   * with online payment; a refusal of it is shown at that field. Absent: not asked.
   */
  cashGiven?: CashGivenInput;
}

function essentialsTotal(state: QuoteState): EssentialsTotal {
  const shown = shownQuote(state);
  if (shown !== null) return { kind: 'quoted', cents: toCents(shown.total), updating: state.status === 'loading' };
  return state.status === 'loading' ? { kind: 'calculating' } : { kind: 'none' };
}

/** Why the order cannot be placed now (the quote is loading, refused or failed), or null. */
function blockedBy(state: QuoteState): 'loading' | 'refused' | null {
  if (state.status === 'loading') return 'loading';
  if (state.status === 'refused' || state.status === 'failed') return 'refused';
  return null;
}

const NO_TERMS: TermsLinks = { terms: false, withdrawal: false };

/**
 * The end of checkout: the essential details, then the line pointing to the terms
 * and the withdrawal information directly above the binding order button (cash, in a
 * shop that takes it) or the PayPal buttons (online), and the answer of the server.
 * The order is placed (or paid) only against the quote shown; while it loads or is
 * refused the button is disabled. A refusal leaves everything as it was so the
 * customer can fix it and retry; a changed price (quote_changed) or a refused coupon
 * code fetches the quote again.
 */
export function PlaceOrder({
  essentials,
  guest,
  quote,
  onPlaced,
  blockedReason = null,
  termsLinks = NO_TERMS,
  cashAccepted,
  cashGiven,
}: PlaceOrderProps) {
  const { t } = useTranslation();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { keyFor, settleFailure } = useIdempotencyKey();
  const blockedId = useId();
  const online = essentials.payment === 'online';
  const onlineAvailable = getRuntimeConfig().paypalClientId !== '';
  const { state, refresh } = quote;
  const quoteBlock = blockedBy(state);
  // The page's own reason comes first: it names what the customer has to do.
  const blocked = blockedReason !== null ? 'page' : quoteBlock;
  const blockedText = blockedReason ?? (quoteBlock !== null ? t(`orders.blocked.${quoteBlock}`) : null);

  const refuseCashGiven = cashGiven?.refuse;
  /**
   * Shows why the server refused: at the "Ich zahle mit" field when it refused that
   * amount, else below the button; a changed price brings the new quote to the screen.
   */
  const refused = useCallback(
    (failure: unknown) => {
      const cashText = refuseCashGiven === undefined ? null : cashGivenRefusalText(failure, t);
      if (refuseCashGiven !== undefined && cashText !== null) refuseCashGiven(cashText);
      else setError(orderErrorMessage(failure, t));
      // A changed price, or a coupon code refused meanwhile (its limit reached, say):
      // the quote is asked again, and the checkout takes such a code off with its sentence.
      if (errorCode(failure) === 'quote_changed' || isCouponRefusal(failure)) refresh();
    },
    [refresh, refuseCashGiven, t],
  );

  const place = useCallback(
    async (body: OrderRequest): Promise<PlaceResult> => {
      setError(null);
      setProcessing(true);
      try {
        const order = await placeOrder(body, { guest, idempotencyKey: keyFor(body) });
        onPlaced(order);
        return { ok: true };
      } catch (failure) {
        settleFailure(failure);
        refused(failure);
        setProcessing(false);
        return { ok: false, code: errorCode(failure) };
      }
    },
    [guest, keyFor, settleFailure, onPlaced, refused],
  );

  const placeCash = () => {
    if (processing || blocked !== null || !cashAccepted) return;
    if (state.status === 'idle') {
      setError(t('orders.errors.select_time'));
      return;
    }
    const body = quotedRequest(state);
    if (body === null || state.status !== 'ready') return;
    // The amount the customer pays with must cover the quoted total; else it is said at its field.
    const totalCents = toCents(state.quote.total);
    const given = cashGiven === undefined ? null : checkCashGiven(cashGiven.text, totalCents);
    if (given !== null && !given.ok) {
      setError(null);
      cashGiven?.refuse(cashGivenProblemText(given.error, totalCents, t));
      return;
    }
    void place(withCashGiven(body, given?.cents ?? null));
  };

  return (
    <div className="place-order">
      <OrderEssentials {...essentials} total={essentialsTotal(state)} />
      {online ? (
        <div className="place-order__online">
          <p className="place-order__binding">{t('orders.place')}</p>
          <p className="place-order__hint">{t('orders.paypal_hint')}</p>
          <TermsNotice links={termsLinks} />
          {processing && <LoadingMessage text={t('orders.processing')} />}
          {onlineAvailable ? (
            <Suspense fallback={<LoadingMessage text={t('orders.paypal.initial')} />}>
              <PaypalCheckout
                guest={guest}
                request={quotedRequest(state)}
                blocked={blocked !== null}
                busy={processing}
                place={place}
                refused={refused}
                showError={setError}
              />
            </Suspense>
          ) : (
            <p className="place-order__unavailable">{t('checkout.payment_online_unavailable')}</p>
          )}
        </div>
      ) : !cashAccepted ? (
        <p className="place-order__unavailable" data-testid="place-order-no-cash">
          {t('checkout.payment_cash_unavailable')}
        </p>
      ) : (
        <>
          <p className="place-order__hint">{t('orders.binding_hint')}</p>
          <TermsNotice links={termsLinks} />
          <button
            type="button"
            className={`button place-order__button${blocked === 'refused' || blocked === 'page' ? ' place-order__button--blocked' : ''}`}
            data-testid="place-order"
            disabled={processing || blocked !== null}
            aria-busy={processing || blocked === 'loading'}
            aria-describedby={blocked !== null ? blockedId : undefined}
            onClick={placeCash}
          >
            {processing ? t('orders.processing') : t('orders.place')}
          </button>
        </>
      )}
      {blockedText !== null && (
        <p id={blockedId} className="place-order__blocked" data-testid="place-order-blocked">
          {blockedText}
        </p>
      )}
      <div className="place-order__alert" role="alert" data-testid="order-error">
        {error !== null && <p className="status status--error">{error}</p>}
      </div>
    </div>
  );
}
