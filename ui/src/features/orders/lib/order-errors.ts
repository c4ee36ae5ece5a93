import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';

/**
 * Refusal codes with a fixed message in the contract, shown in the UI language.
 * Codes whose message names a product, amount or postcode (product_unavailable,
 * below_minimum, postcode_not_served, invalid) show the server's detail instead.
 */
export const TRANSLATED_CODES = [
  'empty_cart',
  'store_closed',
  'clock_untrusted',
  'store_not_ready',
  'slot_unavailable',
  'payment_required',
  'online_payment_unavailable',
  'idempotency_conflict',
  'quote_changed',
  'insufficient_funds',
  'instrument_declined',
  'payment_declined',
  'card_expired',
  'payment_pending',
  'payment_not_completed',
  'payment_mismatch',
  'payment_failed',
  'payment_unavailable',
] as const;

export type TranslatedCode = (typeof TRANSLATED_CODES)[number];

function isTranslatedCode(code: string | undefined): code is TranslatedCode {
  return (TRANSLATED_CODES as readonly string[]).includes(code ?? '');
}

/** What to tell the customer about a failed order call. */
export function orderErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    // A pending capture is PayPal's capture status; the customer sees both.
    if (error.code === 'payment_pending') {
      return `${t('orders.errors.payment_pending')} ${t('orders.errors.capture_status', { status: 'PENDING' })}`;
    }
    if (isTranslatedCode(error.code)) return t(`orders.errors.${error.code}`);
    if (error.detail) return error.detail;
  }
  return t('orders.errors.generic');
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
