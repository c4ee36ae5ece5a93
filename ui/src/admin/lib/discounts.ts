import type { AdminDiscount, DiscountCode } from '../types';
import { formatDecimalInput, parseDecimal } from './price';
import { isDate } from './store-settings';

export const DISCOUNT_CODES: readonly DiscountCode[] = ['DELIVERY_DISCOUNT', 'PICKUP_DISCOUNT'];

/** The i18n key part of a code: "delivery" or "pickup". */
export const codeName = (code: DiscountCode) => (code === 'DELIVERY_DISCOUNT' ? 'delivery' : 'pickup');

export interface DiscountDraft {
  value: string;
  /** YYYY-MM-DD, or '' for no expiry. */
  expires_on: string;
}

export function draftFromDiscount(discount: AdminDiscount | undefined): DiscountDraft {
  return discount
    ? { value: formatDecimalInput(discount.value), expires_on: discount.expires_on ?? '' }
    : { value: '', expires_on: '' };
}

/** A percentage like 10, "7,5" or "12.25" (0–100, at most two decimals) and an optional last day. */
export function checkDiscount(draft: DiscountDraft): {
  body: { value: number; expires_on: string | null } | null;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const parsed = parseDecimal(draft.value.replace(/\s*%$/, ''), { min: 0, max: 100, decimals: 2 });
  if (!parsed.ok) {
    errors.value =
      parsed.error === 'required' ? 'errors.required' : parsed.error === 'range' ? 'discounts.errors.range' : 'discounts.errors.format';
  }
  const expires = draft.expires_on.trim();
  if (expires !== '' && !isDate(expires)) errors.expires_on = 'settings.errors.date';
  if (!parsed.ok || Object.keys(errors).length > 0) return { body: null, errors };
  return { body: { value: parsed.value, expires_on: expires === '' ? null : expires }, errors };
}

/** "10 %" or "7,5 %" as German and English screens show a percentage here. */
export function formatPercent(value: number): string {
  return `${formatDecimalInput(value)} %`;
}
