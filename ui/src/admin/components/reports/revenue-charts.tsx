import type { TFunction } from 'i18next';
import { formatPrice } from '../../../lib/format-price';
import { weekdayName } from '../../../lib/calendar-date';
import { formatDay } from '../../lib/order-format';
import type { ReportTable } from '../../lib/report-table';
import { useAdminTranslation } from '../../lib/use-admin-translation';
import type { RevenueFigures, RevenueGroup, RevenueGrouping, RevenueReport, SoldItem } from '../../types';
import { ColumnBars, HorizontalBars, type ChartBar } from './bar-charts';
import { HourHeatmap, type HeatmapRow } from './hour-heatmap';
import { ReportChart } from './report-chart';

/** The order types the report splits the revenue by, in the order they are shown. */
const ORDER_TYPES = ['delivery', 'pickup', 'dine_in'] as const;

/** The CSV file name part of the chart by day, week or month. */
const GROUP_SLUGS: Record<RevenueGrouping, string> = { day: 'tage', week: 'wochen', month: 'monate' };

function locale(language: string): string {
  return language === 'en' ? 'en-GB' : 'de-DE';
}

/** "23.11.2026", "KW 48/2026" / "Week 48/2026", "November 2026". */
export function groupLabel(group: RevenueGroup, grouping: RevenueGrouping, t: TFunction, language: string): string {
  if (grouping === 'week') {
    const [year = '', week = ''] = group.key.split('-W');
    return t('reports.week_label', { week: Number(week), year });
  }
  if (grouping === 'month') {
    const [year = 1970, month = 1] = group.key.split('-').map(Number);
    return new Intl.DateTimeFormat(locale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 15));
  }
  return formatDay(group.key);
}

/** The weekdays Monday to Sunday with their orders by hour. */
export function heatmapRows(report: RevenueReport, language: string): HeatmapRow[] {
  return Array.from({ length: 7 }, (_, index) => {
    // The report counts Monday first, the calendar Sunday first.
    const name = weekdayName((index + 1) % 7, language);
    return { short: name.slice(0, 2), name, counts: report.hours_of_week[index] ?? Array<number>(24).fill(0) };
  });
}

/**
 * The charts of a revenue report, each with its table and CSV: revenue and orders by
 * day, week or month; by order type; by payment method; by VAT rate; the orders by hour
 * of the week; and the articles and toppings sold most.
 */
export function RevenueCharts({ report, language }: { report: RevenueReport; language: string }) {
  const { t } = useAdminTranslation();
  const chart = { period: report, language };
  const money = (euros: number) => formatPrice(euros);
  const { totals } = report;
  const grouping = report.group;

  const groupName = t(`reports.group.${grouping}`);
  const dated = grouping !== 'day';
  const groupTable: ReportTable = {
    columns: [
      { label: groupName, kind: 'text' },
      ...(dated ? [{ label: t('revenue.from'), kind: 'text' as const }, { label: t('revenue.to'), kind: 'text' as const }] : []),
      { label: t('revenue.orders'), kind: 'count' },
      { label: t('revenue.rejected'), kind: 'count' },
      { label: t('revenue.revenue'), kind: 'money' },
      { label: t('revenue.cash_column'), kind: 'money' },
      { label: t('revenue.online_column'), kind: 'money' },
      { label: t('revenue.tips_column'), kind: 'money' },
      { label: t('reports.coupons_column'), kind: 'money' },
      { label: t('reports.average_basket_column'), kind: 'money' },
    ],
    rows: report.groups.map((group) => {
      const figures: RevenueFigures = group.figures;
      return [
        groupLabel(group, grouping, t, language),
        ...(dated ? [formatDay(group.from), formatDay(group.to)] : []),
        figures.orders,
        figures.rejected,
        figures.revenue,
        figures.cash,
        figures.online,
        figures.tips,
        figures.coupons,
        figures.average_basket,
      ];
    }),
  };
  const groupBars = (value: (figures: RevenueFigures) => number, text: (value: number) => string): ChartBar[] =>
    report.groups.map((group) => {
      const of = value(group.figures);
      return { label: groupLabel(group, grouping, t, language), value: of, text: text(of) };
    });

  const types = ORDER_TYPES.map((type) => ({ label: t(`reports.order_type.${type}`), share: totals[type] }));
  const typeTable: ReportTable = {
    columns: [
      { label: t('reports.order_type_column'), kind: 'text' },
      { label: t('revenue.orders'), kind: 'count' },
      { label: t('revenue.revenue'), kind: 'money' },
    ],
    rows: types.map(({ label, share }) => [label, share.orders, share.revenue]),
  };

  const payments = [
    { label: t('revenue.cash_column'), orders: totals.cash_orders, revenue: totals.cash },
    { label: t('revenue.online_column'), orders: totals.online_orders, revenue: totals.online },
  ];
  const paymentTable: ReportTable = {
    columns: [
      { label: t('reports.payment_column'), kind: 'text' },
      { label: t('revenue.orders'), kind: 'count' },
      { label: t('revenue.revenue'), kind: 'money' },
    ],
    rows: payments.map((payment) => [payment.label, payment.orders, payment.revenue]),
  };

  const vatTable: ReportTable = {
    columns: [
      { label: t('revenue.vat_rate'), kind: 'percent' },
      { label: t('revenue.net'), kind: 'money' },
      { label: t('revenue.vat'), kind: 'money' },
      { label: t('revenue.gross'), kind: 'money' },
    ],
    rows: totals.vat.map((line) => [line.percentage, line.net, line.vat, line.gross]),
  };

  const rows = heatmapRows(report, language);
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const heatmapTable: ReportTable = {
    columns: [{ label: t('reports.weekday_column'), kind: 'text' }, ...hours.map((hour) => ({ label: `${hour}:00`, kind: 'count' as const }))],
    rows: rows.map((row) => [row.name, ...row.counts]),
  };
  const cellTitle = (row: HeatmapRow, hour: number, count: number) =>
    t('reports.hour_cell', { day: row.name, from: `${hour}:00`, to: `${hour}:59`, count });

  const soldTable = (items: readonly SoldItem[], column: string): ReportTable => ({
    columns: [
      { label: column, kind: 'text' },
      { label: t('reports.quantity_column'), kind: 'count' },
      { label: t('revenue.revenue'), kind: 'money' },
    ],
    rows: items.map((item) => [item.name, item.quantity, item.revenue]),
  });
  const soldBars = (items: readonly SoldItem[]): ChartBar[] =>
    items.map((item) => ({ label: item.name, value: item.quantity, text: `${item.quantity} · ${money(item.revenue)}` }));

  const groupTitle = t(`reports.by_group.${grouping}`);
  const typeTitle = t('reports.by_order_type');
  const paymentTitle = t('reports.by_payment');
  const vatTitle = t('reports.by_vat_rate');
  const heatmapTitle = t('reports.hours_of_week');
  const productsTitle = t('reports.top_products');
  const toppingsTitle = t('reports.top_toppings');
  return (
    <div className="admin-report">
      <ReportChart title={groupTitle} slug={GROUP_SLUGS[grouping]} table={groupTable} {...chart}>
        <div>
          <p className="admin-report__caption" aria-hidden="true">
            {t('revenue.revenue')}
          </p>
          <ColumnBars label={t('reports.revenue_chart', { title: groupTitle })} bars={groupBars((figures) => figures.revenue, money)} />
        </div>
        <div>
          <p className="admin-report__caption" aria-hidden="true">
            {t('revenue.orders')}
          </p>
          <ColumnBars label={t('reports.orders_chart', { title: groupTitle })} bars={groupBars((figures) => figures.orders, String)} />
        </div>
      </ReportChart>
      <ReportChart title={typeTitle} slug="bestellart" table={typeTable} {...chart}>
        <HorizontalBars
          label={typeTitle}
          bars={types.map(({ label, share }) => ({ label, value: share.revenue, text: `${money(share.revenue)} · ${share.orders}` }))}
        />
      </ReportChart>
      <ReportChart title={paymentTitle} slug="zahlart" table={paymentTable} {...chart}>
        <HorizontalBars
          label={paymentTitle}
          bars={payments.map((payment) => ({ label: payment.label, value: payment.revenue, text: `${money(payment.revenue)} · ${payment.orders}` }))}
        />
      </ReportChart>
      {totals.vat.length > 0 && (
        <ReportChart title={vatTitle} slug="mwst" table={vatTable} {...chart}>
          <HorizontalBars
            label={vatTitle}
            bars={totals.vat.map((line) => ({ label: `${String(line.percentage).replace('.', ',')} %`, value: line.gross, text: money(line.gross) }))}
          />
        </ReportChart>
      )}
      <ReportChart title={heatmapTitle} slug="wochenstunden" table={heatmapTable} {...chart}>
        <HourHeatmap label={heatmapTitle} rows={rows} cellTitle={cellTitle} />
      </ReportChart>
      {totals.top_products.length > 0 && (
        <ReportChart title={productsTitle} slug="artikel" table={soldTable(totals.top_products, t('reports.article_column'))} {...chart}>
          <HorizontalBars label={productsTitle} bars={soldBars(totals.top_products)} />
        </ReportChart>
      )}
      {totals.top_toppings.length > 0 && (
        <ReportChart title={toppingsTitle} slug="extras" table={soldTable(totals.top_toppings, t('reports.topping_column'))} {...chart}>
          <HorizontalBars label={toppingsTitle} bars={soldBars(totals.top_toppings)} />
        </ReportChart>
      )}
    </div>
  );
}
