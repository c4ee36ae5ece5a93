import type { RevenueFigures, RevenueGroup, RevenueGrouping, RevenueReport } from './types';

/** A day's or period's figures: all zero but for `figures`. */
export function revenueFigures(figures: Partial<RevenueFigures>): RevenueFigures {
  return {
    orders: 0,
    rejected: 0,
    revenue: 0,
    cash: 0,
    online: 0,
    tips: 0,
    deposit: 0,
    vat: [],
    coupons: 0,
    average_basket: 0,
    delivery: { orders: 0, revenue: 0 },
    pickup: { orders: 0, revenue: 0 },
    dine_in: { orders: 0, revenue: 0 },
    cash_orders: 0,
    online_orders: 0,
    top_products: [],
    top_toppings: [],
    ...figures,
  };
}

const MONDAY = revenueFigures({
  orders: 2,
  rejected: 1,
  revenue: 30,
  cash: 30,
  vat: [{ percentage: 7, gross: 30, net: 28.04, vat: 1.96 }],
  average_basket: 15,
  delivery: { orders: 1, revenue: 18 },
  pickup: { orders: 1, revenue: 12 },
  dine_in: { orders: 0, revenue: 0 },
  cash_orders: 2,
});

const FRIDAY = revenueFigures({
  orders: 1,
  revenue: 12.5,
  online: 12.5,
  tips: 1.25,
  deposit: 0.5,
  coupons: 2,
  vat: [
    { percentage: 7, gross: 5.7, net: 5.32, vat: 0.38 },
    { percentage: 19, gross: 6.8, net: 5.71, vat: 1.09 },
  ],
  average_basket: 12.5,
  pickup: { orders: 1, revenue: 12.5 },
  dine_in: { orders: 0, revenue: 0 },
  online_orders: 1,
});

/** No orders all week but Monday 12:00, Monday 19:00 and Friday 18:00 (hours of the store's clock). */
function hoursOfWeek(): number[][] {
  const hours = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
  hours[0]![12] = 1;
  hours[0]![19] = 1;
  hours[4]![18] = 1;
  return hours;
}

const NOVEMBER_DAYS = [
  { date: '2026-11-23', figures: MONDAY },
  { date: '2026-11-27', figures: FRIDAY },
];

/** The groups of November 2026 by day, ISO week (W44 is only Sunday 1 November) or month. */
function novemberGroups(group: RevenueGrouping): RevenueGroup[] {
  const figuresOf = (from: number, to: number) => {
    const days = NOVEMBER_DAYS.filter((day) => Number(day.date.slice(8)) >= from && Number(day.date.slice(8)) <= to);
    if (days.length === 1) return days[0]!.figures;
    return days.length === 0 ? revenueFigures({}) : NOVEMBER_REPORT_TOTALS;
  };
  const day = (number: number) => `2026-11-${String(number).padStart(2, '0')}`;
  if (group === 'month') return [{ key: '2026-11', from: day(1), to: day(30), figures: NOVEMBER_REPORT_TOTALS }];
  if (group === 'week') {
    const weeks: [string, number, number][] = [
      ['2026-W44', 1, 1],
      ['2026-W45', 2, 8],
      ['2026-W46', 9, 15],
      ['2026-W47', 16, 22],
      ['2026-W48', 23, 29],
      ['2026-W49', 30, 30],
    ];
    return weeks.map(([key, from, to]) => ({ key, from: day(from), to: day(to), figures: figuresOf(from, to) }));
  }
  return Array.from({ length: 30 }, (_, index) => ({ key: day(index + 1), from: day(index + 1), to: day(index + 1), figures: figuresOf(index + 1, index + 1) }));
}

const NOVEMBER_REPORT_TOTALS = revenueFigures({
  orders: 3,
  rejected: 1,
  revenue: 42.5,
  cash: 30,
  online: 12.5,
  tips: 1.25,
  deposit: 0.5,
  coupons: 2,
  vat: [
    { percentage: 7, gross: 35.7, net: 33.36, vat: 2.34 },
    { percentage: 19, gross: 6.8, net: 5.71, vat: 1.09 },
  ],
  average_basket: 14.17,
  delivery: { orders: 1, revenue: 18 },
  pickup: { orders: 2, revenue: 24.5 },
  dine_in: { orders: 0, revenue: 0 },
  cash_orders: 2,
  online_orders: 1,
  top_products: [
    { key: '3', name: 'Pizza Margherita', quantity: 3, revenue: 27 },
    { key: '12-2', name: 'Peroni; 0,33 l', quantity: 2, revenue: 6.8 },
  ],
  top_toppings: [{ key: '5', name: 'Extra Käse', quantity: 2, revenue: 3 }],
});

/** November 2026 grouped by `group`: two days with orders, one of them with a rejected order and one with a tip and a coupon; VAT at 7 % and 19 %. */
export function novemberReport(group: RevenueGrouping = 'day'): RevenueReport {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    group,
    totals: NOVEMBER_REPORT_TOTALS,
    days: NOVEMBER_DAYS,
    groups: novemberGroups(group),
    hours_of_week: hoursOfWeek(),
  };
}

export const NOVEMBER_REPORT: RevenueReport = novemberReport();

/** A period without orders. */
export function emptyReport(from: string, to: string, group: RevenueGrouping = 'day'): RevenueReport {
  return {
    from,
    to,
    group,
    totals: revenueFigures({}),
    days: [],
    groups: [],
    hours_of_week: Array.from({ length: 7 }, () => Array<number>(24).fill(0)),
  };
}
