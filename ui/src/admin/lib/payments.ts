import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format-price';
import { codeText } from '../../lib/error-text';
import type { Payment } from '../api/payments-api';

/** An amount in the shop's currency with its symbol, in another with its code: "14,60 €", "14,60 USD". */
export function formatMoney(amount: number, currency: string, shopCurrency: string): string {
  return currency === shopCurrency ? formatPrice(amount) : formatPrice(amount, currency);
}

/** What PayPal captured, when it is not what the shop asked for. */
export function capturedOtherwise(payment: Payment): string | null {
  const { captured_amount: amount, captured_currency: currency } = payment;
  if (amount === null || currency === null) return null;
  if (amount === payment.amount && currency === payment.currency) return null;
  return formatMoney(amount, currency, payment.currency);
}

/** Why a refund failed, in the reader's language (PayPal's error code worded; an unknown one as it is). */
export function refundErrorText(code: string, t: TFunction): string {
  return codeText(code, {}, t) ?? code;
}
