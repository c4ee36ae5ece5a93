import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';

/** What to tell the customer about a failed order call, in the UI language. */
export function orderErrorMessage(error: unknown, t: TFunction): string {
  const text = errorText(error, t, t('orders.errors.generic'));
  // A pending capture is PayPal's capture status; the customer sees both.
  if (error instanceof ApiError && error.code === 'payment_pending') {
    return `${text} ${t('orders.errors.capture_status', { status: 'PENDING' })}`;
  }
  return text;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Whether the server refused the order because of its coupon code (a `coupon_*` refusal, or a malformed code). */
export function isCouponRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.field === 'coupon_code';
}
