import { ACTIVE_CURRENCY } from './languages';

/**
 * Formats an amount in euros: comma as decimal separator, two decimals and the
 * € symbol, e.g. 8.5 → "8,50 €". No thousands separator.
 */
export function formatPrice(amount: number, symbol: string = ACTIVE_CURRENCY.symbol): string {
  const value = Number.isFinite(amount) ? amount : 0;
  // Round in cents first so 1.005 becomes 1,01 rather than 1,00.
  const cents = Math.round(Math.abs(value) * 100 + Number.EPSILON * 100);
  const sign = value < 0 && cents !== 0 ? '-' : '';
  const euros = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  return `${sign}${euros},${rest} ${symbol}`;
}
