import { weekdayName, weekdayOf } from '../../lib/calendar-date';
import type { VatLine } from '../../lib/order-types';
import { formatDay, isDay } from './order-format';

const cents = (euros: number) => Math.round(euros * 100);

/** The sum of VAT lines (net, VAT, gross), added up in cents so no float error shows. */
export function vatTotal(lines: readonly VatLine[]): Omit<VatLine, 'percentage'> {
  const sum = (pick: (line: VatLine) => number) => lines.reduce((total, line) => total + cents(pick(line)), 0) / 100;
  return { net: sum((line) => line.net), vat: sum((line) => line.vat), gross: sum((line) => line.gross) };
}

/** A day "yyyy-MM-dd" with its weekday, dated like the order history: "Montag, 23.11.2026" / "Monday, 23.11.2026". */
export function formatDayWithWeekday(date: string, language: string): string {
  if (!isDay(date)) return date;
  return `${weekdayName(weekdayOf(date), language)}, ${formatDay(date)}`;
}
