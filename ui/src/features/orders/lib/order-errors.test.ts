import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import errorsDe from '../../../locales/errors.de.json';
import errorsEn from '../../../locales/errors.en.json';
import de from '../../../locales/other-screens.de.json';
import en from '../../../locales/other-screens.en.json';
import { orderErrorMessage } from './order-errors';

describe('orderErrorMessage', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en, errors: errorsEn }, de: { translation: de, errors: errorsDe } },
    });
  });
  const german = () => i18n.getFixedT('de');

  const apiError = (code: string, detail: string, params: Record<string, string> = {}) =>
    new ApiError(402, detail, code, undefined, params);

  it('shows the contract message for a known payment code', () => {
    expect(orderErrorMessage(apiError('card_expired', 'x'), i18n.t)).toBe(
      'Your card has expired. Please use a different payment method.',
    );
  });

  it('says a pending payment made no order and will be refunded should PayPal take it, with its capture status', () => {
    expect(orderErrorMessage(apiError('payment_pending', 'x'), i18n.t)).toBe(
      'PayPal is still checking your payment, so no order was placed. Should PayPal take the money later, it is refunded to you automatically. Please order again, with another payment method if need be. Capture status: PENDING',
    );
    expect(orderErrorMessage(apiError('payment_pending', 'x'), german())).toBe(
      'PayPal prüft Ihre Zahlung noch, deshalb wurde keine Bestellung aufgenommen. Falls PayPal den Betrag später abbucht, erstatten wir ihn Ihnen automatisch. Bitte bestellen Sie erneut, wenn nötig mit einer anderen Zahlungsart. Zahlungsstatus: PENDING',
    );
  });

  it('names the postcode and the amount of a minimum in the UI language, not in the server\'s English', () => {
    const belowMinimum = apiError('below_minimum', 'The minimum order amount for 10115 is 12,00 €.', {
      postcode: '10115',
      minimum: '12,00 €',
    });
    expect(orderErrorMessage(belowMinimum, i18n.t)).toBe('The minimum order amount for 10115 is 12,00 €.');
    expect(orderErrorMessage(belowMinimum, german())).toBe('Der Mindestbestellwert für 10115 beträgt 12,00 €.');
  });

  it('names the product that is sold out', () => {
    const soldOut = apiError('sold_out', 'Bruschetta is sold out.', { product: 'Bruschetta' });
    expect(orderErrorMessage(soldOut, german())).toBe('Bruschetta ist ausverkauft.');
  });

  it('asks the customer to check the new total when the price changed since the quote', () => {
    expect(orderErrorMessage(new ApiError(409, 'The price changed.', 'quote_changed'), i18n.t)).toBe(
      'The price has changed. Please check the new total and order again.',
    );
  });

  it('says something went wrong for a code it does not know or a failure without an answer', () => {
    expect(orderErrorMessage(apiError('brand_new', 'Some English sentence.'), german())).toBe(
      'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    );
    expect(orderErrorMessage(new TypeError('Failed to fetch'), i18n.t)).toBe('Something went wrong. Please try again.');
  });
});
