import { formatPrice } from '../../lib/format-price';
import { csvLine } from './revenue-csv';

/** What a column of a report table holds: how it is shown and written to CSV. */
export type ReportColumnKind = 'text' | 'count' | 'money' | 'percent';

export interface ReportColumn {
  label: string;
  kind: ReportColumnKind;
}

/** The data of one chart: what its table shows and its CSV holds, row by row. */
export interface ReportTable {
  columns: ReportColumn[];
  rows: (string | number)[][];
}

/** A value as the table shows it: amounts "12,50 €", rates "7 %". */
export function cellText(kind: ReportColumnKind, value: string | number): string {
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'money':
      return formatPrice(value);
    case 'percent':
      return `${String(value).replace('.', ',')} %`;
    default:
      return String(value);
  }
}

/**
 * A table as CSV for a spreadsheet, like the report's own CSV: a header row, semicolons
 * between fields, CRLF line ends; in German a decimal comma, in English a decimal point.
 * Amounts in euros with two decimals and no currency sign, rates in percent.
 */
export function reportCsv(table: ReportTable, language: string): string {
  const german = language !== 'en';
  const decimal = (value: string) => (german ? value.replace('.', ',') : value);
  const value = (kind: ReportColumnKind, cell: string | number): string => {
    if (typeof cell === 'string') return cell;
    if (kind === 'money') return decimal((Math.round(cell * 100) / 100).toFixed(2));
    return decimal(String(cell));
  };
  return [
    csvLine(table.columns.map((column) => column.label)),
    ...table.rows.map((row) => csvLine(row.map((cell, index) => value(table.columns[index]?.kind ?? 'text', cell)))),
  ].join('');
}

/** "umsatz-wochen-2026-11-01-bis-2026-11-30.csv" for the chart `slug` of a period. */
export function reportCsvFileName(slug: string, period: { from: string; to: string }): string {
  return `umsatz-${slug}-${period.from}-bis-${period.to}.csv`;
}
