import type { RevenueReport } from './types';

/** November 2026: two days with orders, one of them with a rejected order and one with a tip; VAT at 7 % and 19 %. */
export const NOVEMBER_REPORT: RevenueReport = {
  from: '2026-11-01',
  to: '2026-11-30',
  totals: {
    orders: 3,
    rejected: 1,
    revenue: 42.5,
    cash: 30,
    online: 12.5,
    tips: 1.25,
    deposit: 0.5,
    vat: [
      { percentage: 7, gross: 35.7, net: 33.36, vat: 2.34 },
      { percentage: 19, gross: 6.8, net: 5.71, vat: 1.09 },
    ],
  },
  days: [
    {
      date: '2026-11-23',
      figures: { orders: 2, rejected: 1, revenue: 30, cash: 30, online: 0, tips: 0, deposit: 0, vat: [{ percentage: 7, gross: 30, net: 28.04, vat: 1.96 }] },
    },
    {
      date: '2026-11-27',
      figures: {
        orders: 1,
        rejected: 0,
        revenue: 12.5,
        cash: 0,
        online: 12.5,
        tips: 1.25,
        deposit: 0.5,
        vat: [
          { percentage: 7, gross: 5.7, net: 5.32, vat: 0.38 },
          { percentage: 19, gross: 6.8, net: 5.71, vat: 1.09 },
        ],
      },
    },
  ],
};

/** A period without orders. */
export function emptyReport(from: string, to: string): RevenueReport {
  return { from, to, totals: { orders: 0, rejected: 0, revenue: 0, cash: 0, online: 0, tips: 0, deposit: 0, vat: [] }, days: [] };
}
