import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { useOrderSettings } from '../../../lib/order-settings';
import { MAX_PHONE_LENGTH, cleanPhone } from '../../../lib/phone';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { servedPostcodeFor, useServedPostcodes } from '../../../lib/served-postcodes';
import {
  loadGuestAddress,
  missingGuestFields,
  requiredGuestFields,
  saveGuestAddress,
  type GuestAddressField,
  type GuestShippingAddress,
} from '../lib/guest-address';

type Values = Record<GuestAddressField, string>;

/** The stored address as it was; a new one starts with the chosen delivery postcode (`zip`). */
function initialValues(zip: string | null): Values {
  const stored = loadGuestAddress();
  return {
    customer_name: stored?.customer_name ?? '',
    line1: stored?.line1 ?? '',
    city: stored?.city ?? '',
    // The header's choice never replaces the postcode of a stored street.
    zip: stored?.zip || (zip ?? ''),
    phone: cleanPhone(stored?.phone ?? ''),
    email: stored?.email ?? '',
  };
}

export interface GuestFormProps {
  /** Guests can only go on with something in the cart. */
  cartIsEmpty: boolean;
}

/**
 * The guest's shipping address (spec §4/§5). Name, street and phone are
 * required, the zip too for delivery; a gap shows the form_fill_message alert.
 * With a cart, the address is stored under guestShippingAddress and checkout
 * opens; with an empty cart an alert says so and the browser goes back.
 */
export function GuestForm({ cartIsEmpty }: GuestFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The first page of the visit has nothing in the shop to go back to.
  const openedDirectly = useLocation().key === 'default';
  const { orderType, postcode, setPostcode } = useOrderSettings();
  const delivery = orderType === 'delivery';
  const [values, setValues] = useState<Values>(() => initialValues(delivery ? (postcode?.postcode ?? null) : null));
  const [showMissing, setShowMissing] = useState(false);
  const [unservedZip, setUnservedZip] = useState<string | null>(null);
  const servedPostcodes = useServedPostcodes();

  const required = requiredGuestFields(orderType);
  const address: GuestShippingAddress = {
    type: 'shipping',
    customer_name: values.customer_name.trim(),
    line1: values.line1.trim(),
    city: values.city.trim(),
    zip: values.zip.trim(),
    country: getRuntimeConfig().country,
    phone: values.phone,
    email: values.email.trim(),
  };
  const missing = showMissing ? missingGuestFields(address, orderType) : [];

  const set = (field: GuestAddressField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: GuestAddressField) => {
    if (missing.includes(field)) return t('guest.required');
    if (field === 'zip' && unservedZip !== null) return t('address.zip_not_served', { zip: unservedZip });
    return undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missingGuestFields(address, orderType).length > 0) {
      setShowMissing(true);
      window.alert(t('form_fill_message'));
      return;
    }
    // Spec §5: a delivery postcode must be one the store serves.
    const zone = servedPostcodes === null ? undefined : servedPostcodeFor(address.zip, servedPostcodes);
    if (delivery && servedPostcodes !== null && zone === undefined) {
      setUnservedZip(address.zip);
      return;
    }
    setUnservedZip(null);
    if (cartIsEmpty) {
      window.alert(t('your_cart_is_empty'));
      if (openedDirectly) navigate('/', { replace: true });
      else navigate(-1);
      return;
    }
    saveGuestAddress(address);
    // The address's postcode is the delivery postcode: the header and the cart follow it.
    if (delivery && zone !== undefined) setPostcode(zone);
    navigate('/checkout?isGuestLogin=true', { state: { from: '/guest-login' } });
  };

  return (
    <form className="form guest-form" noValidate onSubmit={submit} aria-labelledby="guest-form-title">
      <h1 id="guest-form-title" className="page__title">
        {t('guest.title')}
      </h1>
      <fieldset className="form-section">
        <legend className="form-section__title">{t('guest.shipping_address')}</legend>
        <div className="form">
          <TextField
            label={t('address.fields.customer_name')}
            name="customer_name"
            autoComplete="name"
            maxLength={100}
            markRequired
            value={values.customer_name}
            onValueChange={set('customer_name')}
            error={errorOf('customer_name')}
          />
          <TextField
            label={t('address.fields.line1')}
            name="line1"
            autoComplete="street-address"
            maxLength={200}
            markRequired={required.includes('line1')}
            value={values.line1}
            onValueChange={set('line1')}
            error={errorOf('line1')}
          />
          <div className="form-row form-row--2">
            <TextField
              label={t('address.fields.zip')}
              name="zip"
              autoComplete="postal-code"
              maxLength={10}
              markRequired={required.includes('zip')}
              value={values.zip}
              onValueChange={set('zip')}
              error={errorOf('zip')}
            />
            <TextField
              label={t('address.fields.city')}
              name="city"
              autoComplete="address-level2"
              maxLength={100}
              value={values.city}
              onValueChange={set('city')}
            />
          </div>
          <TextField
            label={t('address.fields.phone')}
            type="tel"
            name="phone"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={MAX_PHONE_LENGTH}
            markRequired
            sanitize={cleanPhone}
            hint={t('address.phone_hint')}
            value={values.phone}
            onValueChange={set('phone')}
            error={errorOf('phone')}
          />
          <TextField
            label={t('address.fields.email_optional')}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onValueChange={set('email')}
          />
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('guest.submit')}
        </button>
      </div>
      <p className="form-links">
        <span>
          {t('guest.have_account')} <Link to="/login/checkout">{t('guest.login')}</Link>
        </span>
        <span>
          {t('guest.new_here')} <Link to="/register">{t('guest.register')}</Link>
        </span>
      </p>
    </form>
  );
}
