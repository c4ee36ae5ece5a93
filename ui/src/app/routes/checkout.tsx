import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { AddressCard, listAddresses, loadGuestAddress } from '../../features/accounts';
import { CheckoutLines, OrderSummary, OrderTimeChoice, useCart } from '../../features/cart';
import { useAuth } from '../../lib/auth';
import { useOrderSettings } from '../../lib/order-settings';
import { usePageTitle } from '../../lib/page-title';
import { useAsync } from '../../lib/use-async';
import { SessionPending } from './account-page';
import './checkout.css';

type PaymentMethod = 'cash' | 'online';

/** Where the page was opened from (router state `{ from }`). */
function originOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { from } = state as { from?: unknown };
  return typeof from === 'string' ? from : undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="checkout-section">
      <h2 className="checkout-section__title">{title}</h2>
      {children}
    </section>
  );
}

/** The chosen saved address of a signed-in customer. */
function SavedAddress({ id }: { id: number }) {
  const { t } = useTranslation();
  const addresses = useAsync(listAddresses, 'addresses');
  if (addresses.status === 'loading') return <LoadingMessage text={t('address.loading')} />;
  if (addresses.status === 'error') return <ErrorMessage text={t('address.load_error')} onRetry={addresses.reload} />;
  const address = addresses.data.find((entry) => entry.id === id);
  if (!address) return <p>{t('checkout.address_missing')}</p>;
  return <AddressCard address={address} />;
}

function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
  const { t } = useTranslation();
  const methods: PaymentMethod[] = ['cash', 'online'];
  return (
    <fieldset className="payment-choice">
      <legend className="visually-hidden">{t('checkout.payment')}</legend>
      {methods.map((method) => (
        <label key={method} className={`payment-choice__option${value === method ? ' payment-choice__option--selected' : ''}`}>
          <input
            type="radio"
            name="payment_method"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>{t(`checkout.payment_${method}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * /checkout – review before ordering. Signed-in customers come from
 * /update-address, guests from /guest-login (spec §4/§6); anyone else is sent
 * there first.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  usePageTitle('Checkout');
  const location = useLocation();
  const { user, loading } = useAuth();
  const cart = useCart();
  const { orderType, postcode } = useOrderSettings();
  const [payment, setPayment] = useState<PaymentMethod>('cash');
  const [guestAddress] = useState(loadGuestAddress);
  const from = originOf(location.state);

  if (loading) return <SessionPending />;
  if (user !== null) {
    if (from !== '/update-address' || cart.addressId === null) return <Navigate to="/update-address" replace />;
  } else if (from !== '/guest-login' || guestAddress === null) {
    return <Navigate to="/guest-login" replace />;
  }

  const delivery = orderType === 'delivery';
  const changeAddress = user !== null ? '/update-address' : '/guest-login';

  if (cart.items.length === 0) {
    return (
      <div className="container page checkout-page">
        <h1 className="page__title">{t('checkout.title')}</h1>
        <p>{t('your_cart_is_empty')}</p>
        <Link to="/" className="button">
          {t('cart.browse')}
        </Link>
      </div>
    );
  }

  return (
    <div className="container page checkout-page">
      <h1 className="page__title">{t('checkout.title')}</h1>
      <div className="checkout-grid">
        <div className="checkout-grid__main">
          <Section title={t('checkout.order_type')}>
            <p className="checkout-order-type" data-testid="checkout-order-type">
              {t(`order_type.${orderType}`)}
              {delivery && postcode !== null && ` · ${t('checkout.postcode', { postcode: postcode.postcode })}`}
            </p>
          </Section>
          <Section title={delivery ? t('checkout.delivery_address') : t('checkout.contact')}>
            <div data-testid="checkout-address">
              {user !== null && cart.addressId !== null ? (
                <SavedAddress id={cart.addressId} />
              ) : (
                guestAddress !== null && <AddressCard address={guestAddress} />
              )}
            </div>
            <Link to={changeAddress} className="checkout-section__change">
              {t('checkout.change_address')}
            </Link>
          </Section>
          <Section title={t('checkout.your_order')}>
            <CheckoutLines />
          </Section>
        </div>
        <div className="checkout-grid__side">
          <Section title={t('checkout.when')}>
            <OrderTimeChoice open />
          </Section>
          <Section title={t('checkout.payment')}>
            <PaymentChoice value={payment} onChange={setPayment} />
          </Section>
          <Section title={t('checkout.totals')}>
            <OrderSummary open />
          </Section>
        </div>
      </div>
    </div>
  );
}

export { CheckoutRoute as Component };
