import type { PostcodeBody } from '../api/store-admin-api';
import type { Postcode } from '../types';
import { bodyFromValues, type FieldSpec, type FormValues } from './resource';

export const POSTCODE_PATTERN = /^[A-Za-z0-9 -]{3,10}$/;
export const DELIVERY_TIME_MAX = 240;

/** The fields of a delivery zone; amounts are euros typed with a comma or a dot. */
export const postcodeFields: FieldSpec[] = [
  { name: 'postcode', label: 'postcodes.postcode', kind: 'text', required: true, maxLength: 10, hint: 'postcodes.postcode_hint' },
  { name: 'minimum_order_amount', label: 'postcodes.minimum_order_amount', kind: 'price', required: true, hint: 'hints.price' },
  { name: 'delivery_fee', label: 'postcodes.delivery_fee', kind: 'price', required: true, hint: 'hints.price' },
  {
    name: 'delivery_time',
    label: 'postcodes.delivery_time',
    kind: 'integer',
    min: 0,
    max: DELIVERY_TIME_MAX,
    defaultValue: '',
    hint: 'postcodes.delivery_time_hint',
  },
];

export function sortPostcodes(list: readonly Postcode[]): Postcode[] {
  return [...list].sort((a, b) => a.postcode.localeCompare(b.postcode, 'de', { numeric: true }));
}

/** Checks the form and builds the body of POST /postcodes/ and PUT /postcodes/{id}; errors are i18n keys. */
export function checkPostcode(values: FormValues): { body: PostcodeBody | null; errors: Record<string, string> } {
  const { body, errors } = bodyFromValues(postcodeFields, values);
  if (!errors.postcode && typeof body.postcode === 'string' && !POSTCODE_PATTERN.test(body.postcode)) {
    errors.postcode = 'postcodes.errors.format';
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      postcode: String(body.postcode),
      minimum_order_amount: Number(body.minimum_order_amount),
      delivery_fee: Number(body.delivery_fee),
      delivery_time: Number(body.delivery_time ?? 0),
    },
    errors,
  };
}
