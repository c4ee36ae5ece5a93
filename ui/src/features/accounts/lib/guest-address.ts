import type { OrderType } from '../../../lib/store-api';

/** localStorage key of the guest's shipping address (spec §3). */
export const GUEST_ADDRESS_KEY = 'guestShippingAddress';

/** The guest shipping address as stored under guestShippingAddress. */
export interface GuestShippingAddress {
  type: 'shipping';
  customer_name: string;
  /** Street and house number. */
  line1: string;
  city: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
}

export type GuestAddressField = 'customer_name' | 'line1' | 'city' | 'zip' | 'phone' | 'email';

/** Fields the guest must fill: name and phone; street and zip only for delivery (who picks up needs none). */
export function requiredGuestFields(orderType: OrderType): GuestAddressField[] {
  return orderType === 'delivery' ? ['customer_name', 'line1', 'zip', 'phone'] : ['customer_name', 'phone'];
}

/** The required fields that are still empty. */
export function missingGuestFields(address: GuestShippingAddress, orderType: OrderType): GuestAddressField[] {
  return requiredGuestFields(orderType).filter((field) => address[field].trim() === '');
}

export function saveGuestAddress(address: GuestShippingAddress, storage: Storage = localStorage): void {
  try {
    storage.setItem(GUEST_ADDRESS_KEY, JSON.stringify(address));
  } catch (error) {
    console.error('Failed to store guestShippingAddress', error);
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The stored guest address, or null when there is none or it cannot be parsed. */
export function loadGuestAddress(storage: Storage = localStorage): GuestShippingAddress | null {
  let raw: string | null;
  try {
    raw = storage.getItem(GUEST_ADDRESS_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      type: 'shipping',
      customer_name: text(record.customer_name),
      line1: text(record.line1),
      city: text(record.city),
      zip: text(record.zip),
      country: text(record.country),
      phone: text(record.phone),
      email: text(record.email),
    };
  } catch (error) {
    console.error('Failed to parse guestShippingAddress', error);
    return null;
  }
}
