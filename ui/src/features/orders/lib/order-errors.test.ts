import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import en from '../../../locales/other-screens.en.json';
import { orderErrorMessage } from './order-errors';

describe('orderErrorMessage', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  });

  const apiError = (code: string, detail: string) => new ApiError(402, detail, code);

  it('shows the contract message for a known payment code', () => {
    expect(orderErrorMessage(apiError('card_expired', 'x'), i18n.t)).toBe(
      'Your card has expired. Please use a different payment method.',
    );
  });

  it('names the capture status of a pending payment', () => {
    expect(orderErrorMessage(apiError('payment_pending', 'x'), i18n.t)).toBe(
      'Your payment is pending. Please wait for the confirmation. Capture status: PENDING',
    );
  });

  it("shows the server's detail when it names a product, amount or postcode", () => {
    expect(orderErrorMessage(apiError('below_minimum', 'The minimum order amount for 10115 is 12,00 €.'), i18n.t)).toBe(
      'The minimum order amount for 10115 is 12,00 €.',
    );
  });

  it('asks the customer to check the new total when the price changed since the quote', () => {
    expect(orderErrorMessage(new ApiError(409, 'The price changed.', 'quote_changed'), i18n.t)).toBe(
      'The price has changed. Please check the new total and order again.',
    );
  });
});
