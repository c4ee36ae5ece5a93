import type { RevenueFigures, RevenueReport } from '../types';
import { formatDay } from './order-format';
import { vatTotal } from './revenue-figures';

/** The words of the CSV, looked up in the admin's language (admin locale `revenue.csv`). */
export type RevenueCsvLabel =
  | 'date'
  | 'orders'
  | 'rejected'
  | 'revenue'
  | 'cash'
  | 'online'
  | 'tips'
  | 'total'
  | 'rate'
  | 'net'
  | 'vat'
  | 'gross';

/** A field as CSV needs it: quoted when it holds the separator, a quote or a line break. */
function field(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line: the fields separated by semicolons, quoted where needed, ended by CRLF. */
export const csvLine = (fields: readonly string[]) => `${fields.map(field).join(';')}\r\n`;

/**
 * The report as CSV for a spreadsheet: semicolons between fields, CRLF line ends, in
 * German with a decimal comma and dates as "dd.MM.yyyy", in English with a decimal point
 * and ISO dates. First the days with a header row and the period's sum, then after an
 * empty line the VAT per rate with its sum. Amounts in euros without a currency sign.
 */
export function revenueCsv(report: RevenueReport, label: (key: RevenueCsvLabel) => string, language: string): string {
  const german = language !== 'en';
  const decimal = (value: string) => (german ? value.replace('.', ',') : value);
  const amount = (euros: number) => decimal((Math.round(euros * 100) / 100).toFixed(2));
  const date = (day: string) => (german ? formatDay(day) : day);
  const figures = (first: string, of: RevenueFigures) => [
    first,
    String(of.orders),
    String(of.rejected),
    amount(of.revenue),
    amount(of.cash),
    amount(of.online),
    amount(of.tips),
  ];
  const vatSum = vatTotal(report.totals.vat);
  return [
    csvLine([label('date'), label('orders'), label('rejected'), label('revenue'), label('cash'), label('online'), label('tips')]),
    ...report.days.map((day) => csvLine(figures(date(day.date), day.figures))),
    csvLine(figures(label('total'), report.totals)),
    '\r\n',
    csvLine([label('rate'), label('net'), label('vat'), label('gross')]),
    ...report.totals.vat.map((vat) => csvLine([decimal(String(vat.percentage)), amount(vat.net), amount(vat.vat), amount(vat.gross)])),
    csvLine([label('total'), amount(vatSum.net), amount(vatSum.vat), amount(vatSum.gross)]),
  ].join('');
}

/** "umsatz-2026-11-01-bis-2026-11-30.csv" */
export function revenueCsvFileName(report: Pick<RevenueReport, 'from' | 'to'>): string {
  return `umsatz-${report.from}-bis-${report.to}.csv`;
}
