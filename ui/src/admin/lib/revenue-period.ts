import { isDay } from './order-format';

/** The business days of a report, "yyyy-MM-dd", both included. */
export interface Period {
  from: string;
  to: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** Whether `value` is a month as `<input type="month">` gives it: "yyyy-MM". */
export function isMonth(value: string | null): value is string {
  const match = value === null ? null : MONTH.exec(value);
  const month = Number(match?.[2]);
  return match !== null && month >= 1 && month <= 12;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The month "yyyy-MM" a day "yyyy-MM-dd" lies in. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** "yyyy-MM" moved by `months`. */
export function shiftMonth(month: string, months: number): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The first to the last day of a month "yyyy-MM". */
export function monthPeriod(month: string): Period {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

/** The month a period covers exactly, or null when it is not one whole month. */
export function wholeMonth(period: Period): string | null {
  const month = monthOf(period.from);
  const whole = monthPeriod(month);
  return whole.from === period.from && whole.to === period.to ? month : null;
}

/** The period a page address asks for (`from` and `to`), else the month `fallback`. */
export function periodFromQuery(params: URLSearchParams, fallback: string): Period {
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) ? { from, to } : monthPeriod(fallback);
}
