import { describe, expect, it } from 'vitest';
import de from '../locales/admin.de.json';
import en from '../locales/admin.en.json';
import { emptyReport, NOVEMBER_REPORT, revenueFigures } from '../test-revenue';
import { revenueCsv, revenueCsvFileName, type RevenueCsvLabel } from './revenue-csv';

const german = (key: RevenueCsvLabel) => de.revenue.csv[key];
const english = (key: RevenueCsvLabel) => en.revenue.csv[key];

describe('revenue CSV', () => {
  it('lists the days, the sum and the VAT per rate with decimal commas and German dates in German', () => {
    expect(revenueCsv(NOVEMBER_REPORT, german, 'de')).toBe(
      'Tag;Bestellungen;Abgelehnt;Umsatz;Bar;Online;Trinkgeld\r\n' +
        '23.11.2026;2;1;30,00;30,00;0,00;0,00\r\n' +
        '27.11.2026;1;0;12,50;0,00;12,50;1,25\r\n' +
        'Summe;3;1;42,50;30,00;12,50;1,25\r\n' +
        '\r\n' +
        'MwSt-Satz in %;Netto;MwSt;Brutto\r\n' +
        '7;33,36;2,34;35,70\r\n' +
        '19;5,71;1,09;6,80\r\n' +
        'Summe;39,07;3,43;42,50\r\n',
    );
  });

  it('uses decimal points and ISO dates in English', () => {
    expect(revenueCsv(NOVEMBER_REPORT, english, 'en')).toBe(
      'Day;Orders;Rejected;Revenue;Cash;Online;Tips\r\n' +
        '2026-11-23;2;1;30.00;30.00;0.00;0.00\r\n' +
        '2026-11-27;1;0;12.50;0.00;12.50;1.25\r\n' +
        'Total;3;1;42.50;30.00;12.50;1.25\r\n' +
        '\r\n' +
        'VAT rate in %;Net;VAT;Gross\r\n' +
        '7;33.36;2.34;35.70\r\n' +
        '19;5.71;1.09;6.80\r\n' +
        'Total;39.07;3.43;42.50\r\n',
    );
  });

  it('keeps a period without orders to its header and zero sums', () => {
    expect(revenueCsv(emptyReport('2026-12-01', '2026-12-31'), german, 'de')).toBe(
      'Tag;Bestellungen;Abgelehnt;Umsatz;Bar;Online;Trinkgeld\r\n' +
        'Summe;0;0;0,00;0,00;0,00;0,00\r\n' +
        '\r\n' +
        'MwSt-Satz in %;Netto;MwSt;Brutto\r\n' +
        'Summe;0,00;0,00;0,00\r\n',
    );
  });

  it('writes a reduced rate with its decimals and quotes a word holding the separator', () => {
    const report = {
      ...emptyReport('2026-11-01', '2026-11-30'),
      totals: revenueFigures({ orders: 1, revenue: 10.55, cash: 10.55, vat: [{ percentage: 5.5, gross: 10.55, net: 10, vat: 0.55 }] }),
    };
    const label = (key: RevenueCsvLabel) => (key === 'total' ? 'Summe; gesamt' : german(key));
    expect(revenueCsv(report, label, 'de').split('\r\n').slice(1)).toEqual([
      '"Summe; gesamt";1;0;10,55;10,55;0,00;0,00',
      '',
      'MwSt-Satz in %;Netto;MwSt;Brutto',
      '5,5;10,00;0,55;10,55',
      '"Summe; gesamt";10,00;0,55;10,55',
      '',
    ]);
  });

  it('names the file after the period', () => {
    expect(revenueCsvFileName(NOVEMBER_REPORT)).toBe('umsatz-2026-11-01-bis-2026-11-30.csv');
  });
});
