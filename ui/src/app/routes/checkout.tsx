import { useCallback, useId, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import {
  AddressCard,
  listAddresses,
  loadGuestAddress,
  type Address,
  type GuestShippingAddress,
} from '../../features/accounts';
import { useCart } from '../../features/cart';
import {
  AgeConfirmation,
  CheckoutLines,
  closedReasonKey,
  highestAge,
  OrderNoteField,
  orderTimeBlock,
  OrderTimeSelect,
  useCartAgeRestriction,
  useOrderTimeOffer,
  type MinimumAge,
  type OrderTimeBlock,
} from '../../features/cart/checkout';
import {
  CashGivenField,
  CouponField,
  goodsCents,
  isCouponRefusal,
  NO_TIP,
  PlaceOrder,
  shownQuote,
  TipChoiceField,
  tipCentsOf,
  useCashGiven,
  useCheckoutQuote,
  type TermsLinks,
  type TipChoice,
} from '../../features/orders';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { termsLinks } from '../../lib/legal-texts';
import { toCents } from '../../lib/money';
import { useOnline } from '../../lib/offline';
import type { Order, OrderType, PaymentMethod } from '../../lib/order-types';
import {
  buildOrderRequest,
  leaveDineIn,
  loadDineInTable,
  type DineInTable,
  type OrderAddress,
} from '../../lib/orders-api';
import { useOrderSettings } from '../../lib/order-settings';
import { usePageTitle } from '../../lib/page-title';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useStore } from '../../lib/store-context';
import { useAsync, type AsyncResult } from '../../lib/use-async';
import { SessionPending } from './account-page';
import { CheckoutTotals, quotedLines } from './checkout-totals';
import './checkout.css';

const IMMEDIATELY = { kind: 'immediately' } as const;

interface AddressLike {
  customer_name: string;
  line1: string;
  zip: string;
  city: string;
}

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

/** The saved addresses of a signed-in customer (none are fetched for a guest). */
function useSavedAddresses(signedIn: boolean): AsyncResult<Address[]> {
  return useAsync(signedIn ? listAddresses : noAddresses, signedIn ? 'addresses' : 'guest');
}

const noAddresses = (): Promise<Address[]> => Promise.resolve([]);

/** The chosen saved address of a signed-in customer. */
function SavedAddress({ id, addresses }: { id: number; addresses: AsyncResult<Address[]> }) {
  const { t } = useTranslation();
  if (addresses.status === 'loading') return <LoadingMessage text={t('address.loading')} />;
  if (addresses.status === 'error') return <ErrorMessage text={t('address.load_error')} onRetry={addresses.reload} />;
  const address = addresses.data.find((entry) => entry.id === id);
  if (!address) return <p>{t('checkout.address_missing')}</p>;
  return <AddressCard address={address} />;
}

/** The address in one line above the order button: street, zip and city; for pickup the contact's name. */
function shortAddress(address: AddressLike | null | undefined, orderType: OrderType): string | null {
  if (!address) return null;
  if (orderType !== 'delivery') return address.customer_name;
  return [address.line1, [address.zip, address.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * Cash and online payment. Cash is offered only once the store's record says the shop
 * takes it (`cash`: null while that is not known yet); a shop that takes none shows the
 * option disabled with the reason, as it does for online payment without PayPal.
 */
function PaymentChoice({
  value,
  onChange,
  cash,
  atTable,
}: {
  value: PaymentMethod;
  onChange: (value: PaymentMethod) => void;
  cash: boolean | null;
  /** Dine-in: cash is paid at the counter. */
  atTable: boolean;
}) {
  const { t } = useTranslation();
  const onlineAvailable = getRuntimeConfig().paypalClientId !== '';
  const noteId = useId();
  const methods: PaymentMethod[] = ['cash', 'online'];
  return (
    <fieldset className="payment-choice">
      <legend className="visually-hidden">{t('checkout.payment')}</legend>
      {methods.map((method) => {
        const disabled = method === 'online' ? !onlineAvailable : cash !== true;
        const note =
          method === 'online'
            ? !onlineAvailable && t('checkout.payment_online_unavailable')
            : cash === false && t('checkout.payment_cash_unavailable');
        const describedBy = note ? `${noteId}-${method}` : undefined;
        return (
          <div key={method} className="payment-choice__item">
            <label
              className={`payment-choice__option${value === method ? ' payment-choice__option--selected' : ''}${disabled ? ' payment-choice__option--disabled' : ''}`}
            >
              <input
                type="radio"
                name="payment_method"
                value={method}
                checked={value === method}
                disabled={disabled}
                aria-describedby={describedBy}
                onChange={() => onChange(method)}
              />
              <span>{t(atTable && method === 'cash' ? 'dine_in.payment_cash' : `checkout.payment_${method}`)}</span>
            </label>
            {note && (
              <p id={describedBy} className="payment-choice__note" data-testid={`payment-${method}-unavailable`}>
                {note}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * Whether the shop takes cash: true or false once the store's record says so, null
 * while it is not known (loading, or it could not be loaded).
 */
function useCashPayment(): boolean | null {
  const store = useStore();
  return store.status === 'success' ? store.data.cash_payment === true : null;
}

/** Why no order time keeps the order back, in the customer's words. */
function timeBlockText(block: OrderTimeBlock, t: TFunction): string {
  switch (block.kind) {
    case 'loading':
      return t('orders.blocked.time_loading');
    case 'choose':
      return t('orders.blocked.choose_time');
    case 'none':
      return t('orders.blocked.no_time', { reason: t(`order_time.closed.${closedReasonKey(block.reason)}`) });
  }
}

/** Which of the store's terms texts the visitor can read, for the line above the order button. */
function useTermsLinks(): TermsLinks {
  const { i18n } = useTranslation();
  const store = useStore();
  return termsLinks(store.status === 'success' ? store.data : undefined, i18n.language);
}

/** The server's refusal of cash in a shop that takes none (fiscal mode "no cash"). */
function isCashRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'cash_not_accepted';
}

/** The checkout itself, once the guards let the customer in. */
function CheckoutPage({ addressId, guestAddress }: { addressId: number | null; guestAddress: GuestShippingAddress | null }) {
  const { t } = useTranslation();
  const termsLinks = useTermsLinks();
  const navigate = useNavigate();
  const cart = useCart();
  const settings = useOrderSettings();
  const online = useOnline();
  // Dine-in mode (the table's QR code was scanned in this tab): no address, no fee, for now.
  const [table, setTable] = useState<DineInTable | null>(loadDineInTable);
  const orderType: OrderType = table !== null ? 'dine_in' : settings.orderType;
  const leaveTable = () => {
    leaveDineIn();
    setTable(null);
  };
  // The customer's choice; the payment sent is cash only while the shop takes cash.
  const [chosenPayment, setPayment] = useState<PaymentMethod | null>(null);
  // Set when the server refused cash although the store's record (loaded earlier) offered
  // it: the owner switched to "no cash" meanwhile. From then on only online is offered.
  const [cashRefused, setCashRefused] = useState(false);
  const storeCash = useCashPayment();
  const cash = cashRefused ? false : storeCash;
  const payment: PaymentMethod = cash === true ? (chosenPayment ?? 'cash') : 'online';
  const signedIn = addressId !== null;
  const addresses = useSavedAddresses(signedIn);
  const { markOrderPlaced } = cart;
  // The order times follow the live store status while the page is open.
  const timeOffer = useOrderTimeOffer(true);
  // At the table the order is for now: no pre-order time.
  const orderTime = table !== null ? IMMEDIATELY : cart.orderTime;
  const timeBlock = table !== null ? null : orderTimeBlock(timeOffer, cart.orderTime);
  // The age the customer confirmed; a higher one (the server's quote may know better) asks again.
  const cartAge = useCartAgeRestriction();
  const [confirmedAge, setConfirmedAge] = useState<MinimumAge | null>(null);
  // What a cash customer pays with: sent with the order, not part of the quote (it changes no price).
  const cashGiven = useCashGiven();
  // The tip (online payment only) is part of the quote. A share is taken of the goods the
  // last quote named; they do not depend on the tip, so a changed share asks once more.
  const [tipChoice, setTipChoice] = useState<TipChoice>(NO_TIP);
  const [goods, setGoods] = useState<number | null>(null);
  const tipCents = payment === 'online' ? tipCentsOf(tipChoice, goods) : 0;
  const choosePayment = useCallback((method: PaymentMethod) => {
    setPayment(method);
    // Cash has no tip: switching to it removes the one chosen.
    if (method === 'cash') setTipChoice(NO_TIP);
  }, []);
  // The coupon code goes with the quote, and so with the order and the PayPal order; the
  // server applies it. A refused code keeps its sentence at the field and is sent no more.
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [couponError, setCouponError] = useState<unknown>(null);
  const applyCoupon = (code: string) => {
    setCouponError(null);
    setCouponCode(code);
  };
  const removeCoupon = () => {
    setCouponError(null);
    setCouponCode(null);
  };

  const delivery = orderType === 'delivery';
  const savedAddress =
    signedIn && addresses.status === 'success' ? addresses.data.find((entry) => entry.id === addressId) : undefined;
  const orderAddress: OrderAddress | null =
    addressId !== null
      ? { kind: 'saved', addressId }
      : guestAddress !== null
        ? { kind: 'guest', address: guestAddress }
        : null;

  const built =
    orderTime === null || orderAddress === null
      ? null
      : buildOrderRequest({
          items: cart.items,
          orderType,
          orderTime,
          note: cart.note,
          address: orderAddress,
          paymentMethod: payment,
          ageConfirmed: confirmedAge !== null && (cartAge === null || confirmedAge >= cartAge),
          tipCents: tipCents ?? 0,
        });
  const withTable = built !== null && table !== null ? { ...built, table: { id: table.id, key: table.key } } : built;
  const request = withTable !== null && couponCode !== null ? { ...withTable, coupon_code: couponCode } : withTable;
  const quote = useCheckoutQuote(request, !signedIn);
  if (couponCode !== null && quote.state.status === 'refused' && isCouponRefusal(quote.state.error)) {
    setCouponError(quote.state.error);
    setCouponCode(null);
  }
  if (!cashRefused && payment === 'cash' && quote.state.status === 'refused' && isCashRefusal(quote.state.error)) {
    setCashRefused(true);
  }
  // The postcode is the delivery address's, as the server quoted it (never the header's).
  const quoted = shownQuote(quote.state);
  const quotedGoods = quoted === null ? null : goodsCents(quoted);
  if (quotedGoods !== null && quotedGoods !== goods) setGoods(quotedGoods);
  const age = highestAge(cartAge, quoted?.age_restriction);
  const ageConfirmed = age !== null && confirmedAge !== null && confirmedAge >= age;
  const blockedReason = !online
    ? t('offline.banner')
    : timeBlock !== null
      ? timeBlockText(timeBlock, t)
      : age !== null && !ageConfirmed
        ? t('orders.blocked.age')
        : tipCents === null
          ? t('checkout.tip.blocked')
          : null;

  const onPlaced = useCallback(
    (order: Order) => {
      markOrderPlaced();
      navigate(`/orders/${encodeURIComponent(order.token)}`, { replace: true });
    },
    [markOrderPlaced, navigate],
  );

  return (
    <div className="container page checkout-page">
      <h1 className="page__title">{t('checkout.title')}</h1>
      <div className="checkout-grid">
        <div className="checkout-grid__main">
          <Section title={t('checkout.order_type')}>
            {table !== null ? (
              <p className="checkout-order-type checkout-order-type--table" data-testid="checkout-order-type">
                {t('dine_in.at_table', { table: table.label })}{' '}
                <button type="button" className="checkout-section__change" onClick={leaveTable}>
                  {t('dine_in.leave')}
                </button>
              </p>
            ) : (
              <p className="checkout-order-type" data-testid="checkout-order-type">
                {t(`order_type.${orderType}`)}
                {delivery && quoted?.postcode != null && ` · ${t('checkout.postcode', { postcode: quoted.postcode })}`}
              </p>
            )}
          </Section>
          <Section title={delivery ? t('checkout.delivery_address') : t('checkout.contact')}>
            <div data-testid="checkout-address">
              {addressId !== null ? (
                <SavedAddress id={addressId} addresses={addresses} />
              ) : (
                guestAddress !== null && <AddressCard address={guestAddress} />
              )}
            </div>
            <Link to={signedIn ? '/update-address' : '/guest-login'} className="checkout-section__change">
              {t('checkout.change_address')}
            </Link>
          </Section>
          <Section title={t('checkout.your_order')}>
            <CheckoutLines quotedLines={quotedLines(quoted, cart.items)} />
            <OrderNoteField />
          </Section>
        </div>
        <div className="checkout-grid__side">
          <Section title={t('checkout.when')}>
            {table !== null ? <p data-testid="dine-in-now">{t('dine_in.now')}</p> : <OrderTimeSelect offer={timeOffer} />}
          </Section>
          <Section title={t('checkout.payment')}>
            <PaymentChoice value={payment} onChange={choosePayment} cash={cash} atTable={table !== null} />
            {payment === 'online' && <TipChoiceField choice={tipChoice} onChange={setTipChoice} goods={goods} />}
            {payment === 'cash' && table === null && (
              <CashGivenField
                cash={cashGiven}
                totalCents={quoted === null ? null : toCents(quoted.total)}
                orderType={orderType}
              />
            )}
          </Section>
          <Section title={t('checkout.totals')}>
            <CouponField
              applied={couponCode}
              acceptedCode={couponCode !== null && quote.state.status === 'ready' ? (quote.state.quote.coupon_code ?? null) : null}
              error={couponError}
              onApply={applyCoupon}
              onRemove={removeCoupon}
            />
            <CheckoutTotals quote={quote} />
          </Section>
          <section className="checkout-section checkout-section--place">
            {age !== null && (
              <AgeConfirmation
                age={age}
                checked={ageConfirmed}
                onChange={(checked) => setConfirmedAge(checked ? age : null)}
              />
            )}
            <PlaceOrder
              guest={!signedIn}
              quote={quote}
              onPlaced={onPlaced}
              blockedReason={blockedReason}
              termsLinks={termsLinks}
              cashAccepted={cash === true}
              cashGiven={cashGiven}
              essentials={{
                orderType,
                address: shortAddress(signedIn ? savedAddress : guestAddress, orderType),
                time: orderTime,
                payment,
              }}
            />
          </section>
        </div>
      </div>
    </div>
  );
}

/**
 * /checkout – review and place the order. Signed-in customers come from
 * /update-address, guests from /guest-login (spec §4/§6); anyone else is sent
 * there first.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  usePageTitle('Checkout');
  const location = useLocation();
  const { user, loading } = useAuth();
  const cart = useCart();
  const [guestAddress] = useState(loadGuestAddress);
  const from = originOf(location.state);

  if (loading) return <SessionPending />;
  if (user !== null) {
    if (from !== '/update-address' || cart.addressId === null) return <Navigate to="/update-address" replace />;
  } else if (from !== '/guest-login' || guestAddress === null) {
    return <Navigate to="/guest-login" replace />;
  }

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

  return <CheckoutPage addressId={user !== null ? cart.addressId : null} guestAddress={user !== null ? null : guestAddress} />;
}

export { CheckoutRoute as Component };
