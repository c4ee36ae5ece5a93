import { useTranslation } from 'react-i18next';

export interface AddressLike {
  customer_name: string;
  line1: string;
  zip: string;
  city: string;
  phone: string;
  email?: string;
  notes?: string;
}

/** An address as a few lines of text (name, street, zip and city, phone, e-mail). */
export function AddressCard({ address }: { address: AddressLike }) {
  const { t } = useTranslation();
  const place = [address.zip, address.city].filter(Boolean).join(' ');
  return (
    <address className="address-card">
      <strong className="address-card__name">{address.customer_name}</strong>
      <span>{address.line1}</span>
      {place && <span>{place}</span>}
      {address.phone && <span>{t('address.phone_line', { phone: address.phone })}</span>}
      {address.email && <span>{address.email}</span>}
      {address.notes && <span className="address-card__notes">{address.notes}</span>}
    </address>
  );
}
