import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { readCspNonce } from '../../../lib/csp-nonce';
import { ERRORS_NAMESPACE } from '../../../lib/i18n';
import type { OrderRequest } from '../../../lib/order-types';
import { createPaypalOrder } from '../../../lib/orders-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';

export type PlaceResult = { ok: true } | { ok: false; code: string | undefined };

export interface PaypalCheckoutProps {
  guest: boolean;
  /** The order as quoted, with its quote_id; null while there is no current quote. */
  request: OrderRequest | null;
  /** The quote is loading or refused: the buttons are disabled (the checkout says why). */
  blocked: boolean;
  /** An order is being placed: the buttons wait. */
  busy: boolean;
  /** Places the paid order (the caller shows its outcome). */
  place: (request: OrderRequest) => Promise<PlaceResult>;
  /** Shows the server's refusal of the PayPal order (a changed price also brings the new quote). */
  refused: (error: unknown) => void;
  /** Shows a message in the checkout's alert region; null clears it. */
  showError: (message: string | null) => void;
}

type LoaderState = 'initial' | 'pending' | 'resolved' | 'rejected';

/** The PayPal buttons, shown once the SDK script has loaded (spec §4 loader states). */
function PaypalButtonsArea({ guest, request, blocked, busy, place, refused, showError }: PaypalCheckoutProps) {
  const { t } = useTranslation();
  const [{ isInitial, isPending, isResolved }] = usePayPalScriptReducer();
  const state: LoaderState = isInitial ? 'initial' : isPending ? 'pending' : isResolved ? 'resolved' : 'rejected';
  // The order a PayPal payment was opened for; onApprove places exactly that one.
  const opened = useRef<OrderRequest | null>(null);
  // createOrder showed the server's refusal; PayPal's onError that follows must not replace it.
  const refusalShown = useRef(false);

  useEffect(() => {
    if (state === 'rejected') console.error('The PayPal SDK script failed to load');
  }, [state]);

  return (
    <div className="paypal-area" data-testid="paypal-area" data-state={state}>
      {state === 'initial' && <LoadingMessage text={t('orders.paypal.initial')} />}
      {state === 'pending' && <LoadingMessage text={t('orders.paypal.pending')} />}
      {state === 'rejected' && <ErrorMessage text={t('orders.paypal.rejected')} />}
      {state === 'resolved' && (
        <PayPalButtons
          className="paypal-area__buttons"
          // "Buy now" is PayPal's wording closest to a binding order.
          style={{ layout: 'vertical', label: 'buynow' }}
          disabled={busy || blocked}
          onClick={(_data, actions) => {
            if (request !== null) return actions.resolve();
            // Without a quote only a missing time needs saying; the checkout shows why else.
            if (!blocked) showError(t('orders.errors.select_time'));
            return actions.reject();
          }}
          createOrder={async () => {
            showError(null);
            refusalShown.current = false;
            if (request === null) throw new Error('No current quote to pay');
            opened.current = request;
            try {
              const created = await createPaypalOrder(request, { guest });
              return created.paypal_order_id;
            } catch (error) {
              refusalShown.current = true;
              refused(error);
              throw error;
            }
          }}
          onApprove={async (data, actions) => {
            const body = opened.current;
            if (!data.orderID || body === null) {
              showError(t('payment_required', { ns: ERRORS_NAMESPACE }));
              return;
            }
            const result = await place({ ...body, payment_method: 'online', paypal_order_id: data.orderID });
            // The buyer may pick another funding source for the same PayPal order.
            if (!result.ok && result.code === 'instrument_declined') actions.restart();
          }}
          onCancel={() => showError(t('orders.errors.payment_cancelled'))}
          onError={(error) => {
            if (refusalShown.current) {
              refusalShown.current = false;
              return;
            }
            console.error('PayPal payment error', error);
            showError(t('orders.errors.payment_error'));
          }}
        />
      )}
    </div>
  );
}

/**
 * Loads the PayPal SDK (client id, currency, intent capture, no card funding) and shows its
 * buttons. The SDK gets the page's CSP nonce for the <style> elements it adds.
 */
export default function PaypalCheckout(props: PaypalCheckoutProps) {
  const config = getRuntimeConfig();
  const options = useMemo(() => {
    const nonce = readCspNonce();
    return {
      clientId: config.paypalClientId,
      currency: config.currency,
      intent: 'capture',
      disableFunding: 'card',
      sdkBaseUrl: config.paypalSdkUrl,
      ...(nonce === undefined ? {} : { dataCspNonce: nonce }),
    };
  }, [config.paypalClientId, config.currency, config.paypalSdkUrl]);
  return (
    <PayPalScriptProvider options={options}>
      <PaypalButtonsArea {...props} />
    </PayPalScriptProvider>
  );
}
