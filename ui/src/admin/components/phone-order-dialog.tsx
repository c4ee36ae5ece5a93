import { useState, type FormEvent } from 'react';
import { Modal } from '../../components/modal';
import { checkCashGiven, MAX_CASH_GIVEN_CENTS } from '../../lib/cash-given';
import { formatPrice } from '../../lib/format-price';
import { getProducts } from '../../lib/menu-api';
import { fromCents, toCents } from '../../lib/money';
import type { AdminOrder, OrderType } from '../../lib/order-types';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useServedPostcodes } from '../../lib/served-postcodes';
import { useAsync } from '../../lib/use-async';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import {
  addItem,
  buildCartItem,
  depositCents,
  removeItem,
  setItemQuantity,
  subtotalCents,
  type CartItem,
} from '../../lib/cart-lines';
import type { Caller } from '../api/customers-api';
import { getPhoneOrderSlots, placePhoneOrder, type PhoneCaller } from '../api/phone-orders-api';
import { laterDayName, preorderDays, TODAY } from '../lib/preorder-days';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { phoneOrderRequest } from '../lib/phone-order';
import { repeatOrder, type RepeatedOrder } from '../lib/repeat-order';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { MAX_MINUTES, MIN_MINUTES, parseMinutes, QUICK_MINUTES } from './accept-order-form';
import { FormMessage, SelectInput, TextInput } from './fields';
import { PhoneOrderCallers } from './phone-order-callers';
import { PhoneOrderCash } from './phone-order-cash';
import { PhoneOrderLines } from './phone-order-lines';
import { PhoneOrderProducts } from './phone-order-products';

/** The request fields the server names in its refusals; `zip` comes from the delivery-zone check. */
const FIELDS = [
  'customer.customer_name',
  'customer.phone',
  'customer.email',
  'customer.line1',
  'customer.zip',
  'customer.city',
  'zip',
  'lines',
  'preorder_at',
  'note',
  'minutes',
  'cash_given',
] as const;

const EMPTY_CALLER: PhoneCaller = { customer_name: '', phone: '', email: '', line1: '', zip: '', city: '' };

/**
 * "Phone order": the staff enter a caller's order while on the line. The dialog keeps
 * the board (and its alarm for new online orders) running underneath. The server prices
 * and checks the order like a guest's and places it accepted with the minutes given;
 * an Idempotency-Key per attempt keeps a double click from making two orders.
 */
export function PhoneOrderDialog({
  open,
  onClose,
  onPlaced,
}: {
  open: boolean;
  onClose: () => void;
  onPlaced: (order: AdminOrder) => void;
}) {
  const { t } = useAdminTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('phone_order.title')} size="lg" className="admin-phone-order" static>
      {open && <PhoneOrderForm onCancel={onClose} onPlaced={onPlaced} />}
    </Modal>
  );
}

function PhoneOrderForm({ onCancel, onPlaced }: { onCancel: () => void; onPlaced: (order: AdminOrder) => void }) {
  const { t, i18n } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [orderType, setOrderType] = useState<OrderType>('delivery');
  const [caller, setCaller] = useState<PhoneCaller>(EMPTY_CALLER);
  const [items, setItems] = useState<CartItem[]>([]);
  const [note, setNote] = useState('');
  const [later, setLater] = useState(false);
  const [day, setDay] = useState(TODAY);
  const [slot, setSlot] = useState('');
  const [minutes, setMinutes] = useState('');
  const [cashGiven, setCashGiven] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  /** What the last "repeat" took over and left out. */
  const [repeated, setRepeated] = useState<{ number: number; result: RepeatedOrder } | null>(null);
  const products = useAsync(() => getProducts(storeId), `phone-products-${storeId}`);
  const offer = useAsync(() => getPhoneOrderSlots(orderType), `phone-slots-${orderType}`);
  const postcodes = useServedPostcodes();
  const { keyFor, settleFailure } = useIdempotencyKey();

  const delivery = orderType === 'delivery';
  const zone = delivery ? postcodes?.find((record) => record.postcode === caller.zip) : undefined;
  const subtotal = subtotalCents(items);
  const deposit = depositCents(items);
  const missing = zone ? Math.max(0, toCents(zone.minimum_order_amount) - subtotal) : 0;
  // The sum before any discount; a delivery's only once its fee is known.
  const sum = delivery && !zone ? null : subtotal + deposit + (zone ? toCents(zone.delivery_fee) : 0);
  const closedNow = offer.status === 'success' && !offer.data.immediately;
  const days = offer.status === 'success' ? preorderDays(offer.data) : [];
  // Today, or the later day chosen; the first day on offer when that is not among them.
  const chosenDay = days.find((entry) => entry.date === day) ?? days[0];
  const slots = chosenDay?.slots ?? [];
  const preorder = later || closedNow;
  const fieldError = (name: string) => errors.fields[name];
  const setField = (name: keyof PhoneCaller) => (value: string) => {
    setCaller((current) => ({ ...current, [name]: value }));
    setErrors(NO_ERRORS);
  };

  /** Takes over a known caller: name, number, e-mail and, with a delivery address, the address. */
  const takeCaller = ({ customer }: Caller) => {
    const address = customer.address;
    setCaller((current) => ({
      ...current,
      customer_name: customer.name,
      phone: customer.phone,
      email: customer.email,
      ...(address ? { line1: address.line1, zip: address.zip, city: address.city } : {}),
    }));
    if (address) {
      setOrderType('delivery');
      setSlot('');
    }
    setErrors(NO_ERRORS);
  };

  /** Puts the caller's last order into the order again, as far as the menu still has it. */
  const repeatLast = (found: Caller) => {
    if (products.status !== 'success' || found.last_order === null) return;
    const result = repeatOrder(products.data, found.last_order.lines, i18n.resolvedLanguage ?? 'de');
    setItems((current) => result.items.reduce(addItem, current));
    setRepeated({ number: found.last_order.number, result });
    setErrors(NO_ERRORS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosenMinutes = parseMinutes(minutes);
    const problems: Record<string, string> = {};
    if (chosenMinutes === null) problems.minutes = t('orders.actions.minutes_error');
    if (items.length === 0) problems.lines = t('phone_order.lines_required');
    if (preorder && slot === '') problems.preorder_at = t('phone_order.slot_required');
    // Whether it covers the total the shop checks: only it knows the discount.
    const cash = checkCashGiven(cashGiven, null);
    if (!cash.ok) {
      problems.cash_given =
        cash.error === 'too_high'
          ? t('phone_order.cash_given_too_high', { max: formatPrice(fromCents(MAX_CASH_GIVEN_CENTS)) })
          : t('phone_order.cash_given_format');
    }
    if (Object.keys(problems).length > 0 || chosenMinutes === null || !cash.ok) {
      setErrors({ fields: problems });
      return;
    }
    const request = phoneOrderRequest({
      orderType,
      items,
      caller,
      preorderAt: preorder ? slot : null,
      note,
      minutes: chosenMinutes,
      cashGivenCents: cash.cents,
    });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      onPlaced(await placePhoneOrder(request, keyFor(request)));
    } catch (failure) {
      settleFailure(failure);
      setErrors(errorsFromApi(failure, FIELDS, t));
      setBusy(false);
    }
  };

  return (
    <form className="admin-phone-order__form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="admin-phone-order__section">
        <legend>{t('phone_order.caller')}</legend>
        <div className="admin-phone-order__row">
          <TextInput
            id="phone-caller-name"
            label={t('phone_order.name')}
            required
            autoFocus
            autoComplete="off"
            value={caller.customer_name}
            error={fieldError('customer.customer_name')}
            onChange={setField('customer_name')}
          />
          <TextInput
            id="phone-caller-phone"
            label={t('phone_order.phone')}
            required
            inputMode="numeric"
            autoComplete="off"
            value={caller.phone}
            error={fieldError('customer.phone')}
            onChange={setField('phone')}
          />
          <TextInput
            id="phone-caller-email"
            label={t('phone_order.email')}
            hint={t('phone_order.email_hint')}
            type="email"
            autoComplete="off"
            value={caller.email}
            error={fieldError('customer.email')}
            onChange={setField('email')}
          />
        </div>
        <PhoneOrderCallers phone={caller.phone} canRepeat={products.status === 'success'} onUse={takeCaller} onRepeat={repeatLast} />
        <div className="admin-phone-order__choice" role="radiogroup" aria-label={t('phone_order.order_type')}>
          {(['delivery', 'pickup'] as const).map((type) => (
            <label key={type} className="admin-phone-order__radio">
              <input
                type="radio"
                name="phone-order-type"
                value={type}
                checked={orderType === type}
                onChange={() => {
                  setOrderType(type);
                  setDay(TODAY);
                  setSlot('');
                  setErrors(NO_ERRORS);
                }}
              />
              {t(`orders.type.${type}`)}
            </label>
          ))}
        </div>
        {delivery && (
          <div className="admin-phone-order__row">
            <TextInput
              id="phone-caller-street"
              label={t('phone_order.street')}
              required
              autoComplete="off"
              value={caller.line1}
              error={fieldError('customer.line1')}
              onChange={setField('line1')}
            />
            <SelectInput
              id="phone-caller-zip"
              label={t('phone_order.zip')}
              required
              value={caller.zip}
              placeholder={t('phone_order.zip_choose')}
              options={(postcodes ?? []).map((record) => ({
                value: record.postcode,
                label: t('phone_order.zip_option', { postcode: record.postcode, fee: formatPrice(record.delivery_fee) }),
              }))}
              error={fieldError('customer.zip') ?? fieldError('zip')}
              onChange={setField('zip')}
            />
            <TextInput
              id="phone-caller-city"
              label={t('phone_order.city')}
              autoComplete="off"
              value={caller.city}
              error={fieldError('customer.city')}
              onChange={setField('city')}
            />
          </div>
        )}
      </fieldset>

      <div className="admin-phone-order__columns">
        <fieldset className="admin-phone-order__section">
          <legend>{t('phone_order.products')}</legend>
          {products.status === 'success' ? (
            <PhoneOrderProducts
              products={products.data}
              onAdd={(product, selection) => {
                const item = buildCartItem(product, selection, i18n.resolvedLanguage ?? 'de');
                setItems((current) => addItem(current, item));
                setErrors(NO_ERRORS);
              }}
            />
          ) : (
            <p className="admin-list__empty">
              {products.status === 'loading' ? t('common.loading') : t('common.load_error')}
            </p>
          )}
        </fieldset>
        <fieldset className="admin-phone-order__section">
          <legend>{t('phone_order.order')}</legend>
          <PhoneOrderLines
            items={items}
            onQuantity={(key, quantity) => setItems((current) => setItemQuantity(current, key, quantity))}
            onRemove={(key) => setItems((current) => removeItem(current, key))}
          />
          {repeated !== null && (
            <p
              className={repeated.result.missing.length > 0 ? 'admin-field__error' : 'admin-field__hint'}
              role="status"
              data-testid="phone-repeated"
            >
              {repeated.result.missing.length > 0
                ? t('phone_order.repeat_missing', {
                    number: repeated.number,
                    count: repeated.result.items.length,
                    missing: repeated.result.missing.join(', '),
                  })
                : t('phone_order.repeated', { number: repeated.number, count: repeated.result.items.length })}
            </p>
          )}
          {fieldError('lines') && (
            <p className="admin-field__error" role="alert">
              {fieldError('lines')}
            </p>
          )}
          <dl className="admin-phone-order__sums">
            <div>
              <dt>{t('phone_order.subtotal')}</dt>
              <dd className="admin-num" data-testid="phone-subtotal">
                {formatPrice(fromCents(subtotal))}
              </dd>
            </div>
            {zone && (
              <div>
                <dt>{t('phone_order.delivery_fee')}</dt>
                <dd className="admin-num">{formatPrice(zone.delivery_fee)}</dd>
              </div>
            )}
            {deposit > 0 && (
              <div>
                <dt>{t('phone_order.deposit')}</dt>
                <dd className="admin-num" data-testid="phone-deposit">
                  {formatPrice(fromCents(deposit))}
                </dd>
              </div>
            )}
          </dl>
          {missing > 0 && zone && (
            <p className="admin-field__hint">
              {t('phone_order.minimum', {
                postcode: zone.postcode,
                minimum: formatPrice(zone.minimum_order_amount),
                missing: formatPrice(fromCents(missing)),
              })}
            </p>
          )}
          <p className="admin-field__hint">{t('phone_order.total_hint')}</p>
          <PhoneOrderCash
            value={cashGiven}
            sumCents={items.length > 0 ? sum : null}
            error={fieldError('cash_given')}
            onChange={(value) => {
              setCashGiven(value);
              setErrors(NO_ERRORS);
            }}
          />
          <TextInput
            id="phone-order-note"
            label={t('phone_order.note')}
            multiline
            maxLength={500}
            value={note}
            error={fieldError('note')}
            onChange={setNote}
          />
        </fieldset>
      </div>

      <fieldset className="admin-phone-order__section">
        <legend>{t('phone_order.when')}</legend>
        <div className="admin-phone-order__choice" role="radiogroup" aria-label={t('phone_order.when')}>
          <label className="admin-phone-order__radio">
            <input type="radio" name="phone-order-when" checked={!preorder} disabled={closedNow} onChange={() => setLater(false)} />
            {t('phone_order.now')}
          </label>
          <label className="admin-phone-order__radio">
            <input type="radio" name="phone-order-when" checked={preorder} onChange={() => setLater(true)} />
            {t('phone_order.later')}
          </label>
        </div>
        {closedNow && <p className="admin-field__hint">{t('phone_order.closed_now')}</p>}
        {preorder && offer.status === 'success' && days.some((entry) => entry.date !== TODAY) && (
          <SelectInput
            id="phone-order-day"
            label={t('phone_order.day')}
            required
            value={chosenDay?.date ?? TODAY}
            options={days.map((entry) => ({
              value: entry.date,
              label:
                entry.date === TODAY
                  ? t('phone_order.today')
                  : laterDayName(entry.date, offer.data, i18n.resolvedLanguage ?? 'de', t('phone_order.tomorrow')),
            }))}
            onChange={(value) => {
              setDay(value);
              setSlot('');
              setErrors(NO_ERRORS);
            }}
          />
        )}
        {preorder && (
          <SelectInput
            id="phone-order-slot"
            label={t('phone_order.slot')}
            required
            value={slot}
            placeholder={slots.length > 0 ? t('phone_order.slot_choose') : t('phone_order.no_slots')}
            options={slots.map((item) => ({ value: item.starts_at, label: item.time }))}
            error={fieldError('preorder_at')}
            onChange={(value) => {
              setSlot(value);
              setErrors(NO_ERRORS);
            }}
          />
        )}
        <div className="admin-order-accept">
          <p id="phone-order-minutes-label" className="admin-order-actions__label">
            {t('phone_order.minutes_label')}
          </p>
          <div className="admin-order-accept__quick" role="group" aria-labelledby="phone-order-minutes-label">
            {QUICK_MINUTES.map((quick) => (
              <button
                key={quick}
                type="button"
                className={`button button--small${minutes === String(quick) ? '' : ' button--ghost'}`}
                aria-pressed={minutes === String(quick)}
                data-testid={`phone-minutes-${quick}`}
                onClick={() => {
                  setMinutes(String(quick));
                  setErrors(NO_ERRORS);
                }}
              >
                {t('orders.actions.minutes', { minutes: quick })}
              </button>
            ))}
          </div>
          <TextInput
            id="phone-order-minutes"
            label={t('orders.actions.custom_minutes')}
            hint={t('orders.actions.minutes_hint', { min: MIN_MINUTES, max: MAX_MINUTES })}
            inputMode="numeric"
            maxLength={3}
            value={minutes}
            error={fieldError('minutes')}
            onChange={(value) => {
              setMinutes(value);
              setErrors(NO_ERRORS);
            }}
          />
        </div>
      </fieldset>

      <FormMessage error={errors.general} />
      <div className="admin-form__actions">
        <button type="submit" className="button" data-testid="phone-order-submit" disabled={busy}>
          {busy ? t('phone_order.placing') : t('phone_order.place')}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {t('phone_order.cancel')}
        </button>
      </div>
    </form>
  );
}
