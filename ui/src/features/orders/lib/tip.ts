import type { OrderQuote } from '../../../lib/order-types';
import { toCents } from '../../../lib/money';

/**
 * The tip at checkout ("Trinkgeld für das Team"), for online payment only: none, a
 * share of the goods, or an amount the customer types. It is outside the VAT base and
 * the server adds it to the total; the client only computes what to ask for.
 */

/** The shares offered, in percent of the goods. */
export const TIP_PERCENTS = [5, 10, 15] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];

/** The most a tip may be: 100 € (the server refuses more). */
export const MAX_TIP_CENTS = 10_000;

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: TipPercent }
  /** "Anderer Betrag": the amount as typed ("3", "3,50"). */
  | { kind: 'custom'; text: string };

export const NO_TIP: TipChoice = { kind: 'none' };

/** What the shares are taken of: the quote's subtotal less its discount, in cents (never below 0). */
export function goodsCents(quote: Pick<OrderQuote, 'subtotal' | 'discount'>): number {
  return Math.max(0, toCents(quote.subtotal) - toCents(quote.discount));
}

/** `percent` % of `goods` cents, rounded half up to whole cents in integer arithmetic. */
export function percentTipCents(goods: number, percent: number): number {
  return Math.floor((goods * percent + 50) / 100);
}

/** Euros as typed: "3", "3,50", "3.5", "3 €"; at most two decimals. */
const AMOUNT = /^\d{1,5}(?:[.,]\d{1,2})?$/;

/** A typed tip, checked: the amount in cents (0 when empty), or why it is none. */
export type TipCheck = { ok: true; cents: number } | { ok: false; error: 'format' | 'too_high' };

/** Checks a typed tip: empty is no tip; otherwise euros with at most two decimals, 0 to 100. */
export function checkTipText(text: string): TipCheck {
  const typed = text.trim().replace(/\s*€$/, '').replace(/\s+/g, '');
  if (typed === '') return { ok: true, cents: 0 };
  if (!AMOUNT.test(typed)) return { ok: false, error: 'format' };
  const [euros = '0', fraction = ''] = typed.split(/[.,]/);
  const cents = Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > MAX_TIP_CENTS) return { ok: false, error: 'too_high' };
  return { ok: true, cents };
}

/**
 * The tip in cents for the choice: 0 for none, the share of `goods` (0 while the goods
 * are not known), the typed amount; null when the typed amount cannot be sent.
 */
export function tipCentsOf(choice: TipChoice, goods: number | null): number | null {
  switch (choice.kind) {
    case 'none':
      return 0;
    case 'percent':
      return goods === null ? 0 : percentTipCents(goods, choice.percent);
    case 'custom': {
      const check = checkTipText(choice.text);
      return check.ok ? check.cents : null;
    }
  }
}
