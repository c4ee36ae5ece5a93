import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingMessage } from '../../../components/status-message';
import type { Order, OrderRequest } from '../../../lib/order-types';
import { placeOrder } from '../../../lib/orders-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { errorCode, orderErrorMessage } from '../lib/order-errors';
import { OrderEssentials, type OrderEssentialsProps } from './order-essentials';
import type { PlaceResult } from './paypal-checkout';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

// The PayPal SDK wrapper is loaded only when online payment is chosen.
const PaypalCheckout = lazy(() => import('./paypal-checkout'));

export interface PlaceOrderProps {
  essentials: OrderEssentialsProps;
  guest: boolean;
  /** The order for the current choices; null while no valid order time is chosen. */
  request: OrderRequest | null;
  /** Called with the placed order (201, or 200 for a repeated attempt). */
  onPlaced: (order: Order) => void;
}

/**
 * The end of checkout: the essential details, then the binding order button
 * (cash) or the PayPal buttons (online), and the answer of the server. A
 * refusal leaves everything as it was so the customer can fix it and retry.
 */
export function PlaceOrder({ essentials, guest, request, onPlaced }: PlaceOrderProps) {
  const { t } = useTranslation();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { keyFor, settleFailure } = useIdempotencyKey();
  const online = essentials.payment === 'online';
  const onlineAvailable = getRuntimeConfig().paypalClientId !== '';

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
        setError(orderErrorMessage(failure, t));
        setProcessing(false);
        return { ok: false, code: errorCode(failure) };
      }
    },
    [guest, keyFor, settleFailure, onPlaced, t],
  );

  const placeCash = () => {
    if (processing) return;
    if (request === null) {
      setError(t('orders.errors.select_time'));
      return;
    }
    void place(request);
  };

  return (
    <div className="place-order">
      <OrderEssentials {...essentials} />
      {online ? (
        <div className="place-order__online">
          <p className="place-order__binding">{t('orders.place')}</p>
          <p className="place-order__hint">{t('orders.paypal_hint')}</p>
          {processing && <LoadingMessage text={t('orders.processing')} />}
          {onlineAvailable ? (
            <Suspense fallback={<LoadingMessage text={t('orders.paypal.initial')} />}>
              <PaypalCheckout guest={guest} request={request} busy={processing} place={place} showError={setError} />
            </Suspense>
          ) : (
            <p className="place-order__unavailable">{t('checkout.payment_online_unavailable')}</p>
          )}
        </div>
      ) : (
        <>
          <p className="place-order__hint">{t('orders.binding_hint')}</p>
          <button
            type="button"
            className="button place-order__button"
            data-testid="place-order"
            disabled={processing}
            aria-busy={processing}
            onClick={placeCash}
          >
            {processing ? t('orders.processing') : t('orders.place')}
          </button>
        </>
      )}
      <div className="place-order__alert" role="alert" data-testid="order-error">
        {error !== null && <p className="status status--error">{error}</p>}
      </div>
    </div>
  );
}
