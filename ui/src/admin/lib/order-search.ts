import type { OrderSearch } from '../api/customers-api';
import { isDay } from './order-format';

/**
 * The order search the history page's address asks for (`?number=3&date=…`,
 * `?q=…[&from=…&to=…]` or `?from=…&to=…`), or null for the day's list. A number
 * without a day is today's.
 */
export function orderSearchFrom(params: URLSearchParams, today: string): OrderSearch | null {
  const number = params.get('number') ?? '';
  const date = params.get('date');
  const q = (params.get('q') ?? '').trim();
  const from = params.get('from');
  const to = params.get('to');
  if (/^\d{1,6}$/.test(number) && Number(number) > 0) {
    return { kind: 'number', number: Number(number), date: isDay(date) ? date : today };
  }
  if (q !== '') return { kind: 'text', q, from: isDay(from) ? from : '', to: isDay(to) ? to : '' };
  if (isDay(from) && isDay(to)) return { kind: 'dates', from, to };
  return null;
}
