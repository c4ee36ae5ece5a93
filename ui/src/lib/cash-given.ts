import { formatPrice } from './format-price';
import { ACTIVE_CURRENCY } from './languages';
import { fromCents, toCents } from './money';
import type { Order } from './order-types';

/**
 * "Ich zahle mit …": the note a cash customer (or a caller on the phone) pays with, so
 * the driver brings the change. Shared by the checkout and the board's phone order.
 */

/** The most one may say to pay with: 1000 € (the server refuses more). */
export const MAX_CASH_GIVEN_CENTS = 100_000;

/** Euros as typed: "50", "50,00", "50.5", "50 €"; at most two decimals. */
const AMOUNT = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** What was typed, checked: nothing (not said), an amount in cents, or why it is none. */
export type CashGivenCheck =
  | { ok: true; cents: number | null }
  | { ok: false; error: 'format' | 'too_high' | 'below_total' };

/**
 * Checks the typed amount: empty is fine (not said); otherwise a number of euros up to
 * 1000 that covers `totalCents` (unchecked against a total while that is null).
 */
export function checkCashGiven(text: string, totalCents: number | null): CashGivenCheck {
  const typed = text.trim().replace(/\s*€$/, '').replace(/\s+/g, '');
  if (typed === '') return { ok: true, cents: null };
  if (!AMOUNT.test(typed)) return { ok: false, error: 'format' };
  const cents = toCents(Number(typed.replace(',', '.')));
  if (cents > MAX_CASH_GIVEN_CENTS) return { ok: false, error: 'too_high' };
  if (totalCents !== null && cents < totalCents) return { ok: false, error: 'below_total' };
  return { ok: true, cents };
}

/** The single notes a customer may hand over. */
const NOTES_CENTS = [500, 1000, 2000, 5000, 10000, 20000, 50000];

/** The next multiple of `step` above `cents` (never `cents` itself). */
const nextAbove = (cents: number, step: number) => (Math.floor(cents / step) + 1) * step;

/**
 * The amounts offered with one tap, lowest first: the next round sums above the total
 * (to 10, 50 and 100 €) and the single notes above it, at most `count` of them; for
 * 26,32 € that is 30, 50 and 100 €.
 */
export function cashQuickChoices(totalCents: number, count = 3): number[] {
  if (totalCents <= 0) return [];
  const candidates = [nextAbove(totalCents, 1000), nextAbove(totalCents, 5000), nextAbove(totalCents, 10000), ...NOTES_CENTS];
  const above = candidates.filter((cents) => cents > totalCents && cents <= MAX_CASH_GIVEN_CENTS);
  return [...new Set(above)].sort((a, b) => a - b).slice(0, count);
}

/** An amount as the field shows it: whole euros plain ("30"), else with the decimal comma ("26,32"). */
export function cashInputText(cents: number): string {
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
}

/** A quick choice's label: "30 €". */
export function noteLabel(cents: number): string {
  return cents % 100 === 0 ? `${cents / 100} ${ACTIVE_CURRENCY.symbol}` : formatPrice(fromCents(cents));
}

/** What the customer pays with and the change, formatted ("50,00 €", "28,60 €"); null when not said. */
export function cashGivenFigures(
  order: Pick<Order, 'cash_given' | 'change_due' | 'total'>,
): { given: string; change: string } | null {
  if (order.cash_given == null) return null;
  const change = order.change_due ?? fromCents(toCents(order.cash_given) - toCents(order.total));
  return { given: formatPrice(order.cash_given), change: formatPrice(change) };
}
