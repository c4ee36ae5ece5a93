import { formatDayMonth } from '../../../lib/calendar-date';
import type { Discount } from '../../../lib/store-api';

const ADVERTISED = ['PICKUP_DISCOUNT', 'DELIVERY_DISCOUNT'] as const;

export type AdvertisedCode = (typeof ADVERTISED)[number];

/** A standing discount worth showing. */
export interface ActiveDiscount {
  code: AdvertisedCode;
  /** Percent. */
  value: number;
  /** Last day it applies (YYYY-MM-DD, store zone), or null. */
  expiresOn: string | null;
}

function isAdvertised(code: string): code is AdvertisedCode {
  return (ADVERTISED as readonly string[]).includes(code);
}

/**
 * The pickup and delivery discounts that apply on `today` (store zone) with a value
 * above zero, pickup first; one per code.
 */
export function activeDiscounts(list: readonly Discount[], today: string): ActiveDiscount[] {
  const found = new Map<AdvertisedCode, ActiveDiscount>();
  for (const discount of list) {
    if (!isAdvertised(discount.code) || found.has(discount.code)) continue;
    if (!(typeof discount.value === 'number' && discount.value > 0)) continue;
    const expiresOn = discount.expires_on ?? null;
    if (expiresOn !== null && expiresOn < today) continue;
    found.set(discount.code, { code: discount.code, value: discount.value, expiresOn });
  }
  return ADVERTISED.flatMap((code) => found.get(code) ?? []);
}

type Translate = (key: string, options: Record<string, string>) => string;

/** "10 % Rabatt bei Abholung", "5 % Rabatt auf Lieferungen bis 31.12." (and the English texts). */
export function discountText(discount: ActiveDiscount, language: string, t: Translate): string {
  const value = language === 'en' ? String(discount.value) : String(discount.value).replace('.', ',');
  const text = t(`discount_advert.${discount.code}`, { value });
  return discount.expiresOn === null
    ? text
    : t('discount_advert.until', { text, date: formatDayMonth(discount.expiresOn, language) });
}
