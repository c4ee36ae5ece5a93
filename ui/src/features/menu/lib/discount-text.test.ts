import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { activeDiscounts, discountText } from './discount-text';

const texts = (list: Parameters<typeof activeDiscounts>[0], today: string, language: 'de' | 'en') => {
  const t = i18n.getFixedT(language);
  return activeDiscounts(list, today).map((discount) => discountText(discount, language, (key, options) => t(key, options)));
};

describe('advertised discounts', () => {
  const list = [
    { code: 'DELIVERY_DISCOUNT', value: 5, expires_on: '2026-12-31' },
    { code: 'PICKUP_DISCOUNT', value: 10, expires_on: null },
  ];

  it('name pickup first, then delivery, with the last day if there is one', () => {
    expect(texts(list, '2026-11-23', 'de')).toEqual(['10 % Rabatt bei Abholung', '5 % Rabatt auf Lieferungen bis 31.12.']);
    expect(texts(list, '2026-11-23', 'en')).toEqual(['10% off pickup orders', '5% off deliveries until 31 Dec']);
  });

  it('still apply on their last day and no longer after it', () => {
    expect(texts(list, '2026-12-31', 'de')).toHaveLength(2);
    expect(texts(list, '2027-01-01', 'de')).toEqual(['10 % Rabatt bei Abholung']);
  });

  it('leave out zero values and unknown codes, and write decimals per language', () => {
    const odd = [
      { code: 'PICKUP_DISCOUNT', value: 0, expires_on: null },
      { code: 'WELCOME', value: 15, expires_on: null },
      { code: 'DELIVERY_DISCOUNT', value: 7.5, expires_on: null },
    ];
    expect(texts(odd, '2026-11-23', 'de')).toEqual(['7,5 % Rabatt auf Lieferungen']);
    expect(texts(odd, '2026-11-23', 'en')).toEqual(['7.5% off deliveries']);
  });
});
