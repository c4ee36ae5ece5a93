import type { TFunction } from 'i18next';
import { formatPrice } from '../../lib/format-price';
import { fromCents } from '../../lib/money';
import type { Page } from '../../lib/paged-list';
import type { DailyClosing } from '../types';
import { formatDecimalInput } from './price';

/** An amount in integer cents as euros: 4250 → "42,50 €". */
export function formatCents(cents: number): string {
  return formatPrice(fromCents(cents));
}

/** A VAT rate in basis points as the Z-Bon shows it: 700 → "7 %", 1950 → "19,5 %". */
export function formatVatRate(basisPoints: number): string {
  return `${formatDecimalInput(basisPoints / 100)} %`;
}

/** Who closed the day: "automatically", or the admin by name (by e-mail when the name is empty). */
export function closedByText(closing: Pick<DailyClosing, 'closed_by' | 'closed_by_name' | 'closed_by_email'>, t: TFunction): string {
  if (closing.closed_by === 'automatic') return t('closings.automatic');
  return closing.closed_by_name || closing.closed_by_email;
}

/**
 * A page of closings, newest first: a full page may have older ones after it, asked for
 * before its last number; a shorter page is the last.
 */
export function closingsPage(items: readonly DailyClosing[], pageSize: number): Page<DailyClosing, number> {
  const last = items[items.length - 1];
  return { items, next: items.length >= pageSize && last !== undefined ? last.number : null };
}
