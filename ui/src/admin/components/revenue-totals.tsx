import { formatPrice } from '../../lib/format-price';
import type { VatLine } from '../../lib/order-types';
import { formatDay } from '../lib/order-format';
import { formatDecimalInput } from '../lib/price';
import { vatTotal } from '../lib/revenue-figures';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { RevenueReport } from '../types';
import { Card } from './fields';

/**
 * The period's figures: orders, rejections, revenue with its cash, online and deposit
 * part, the tips paid online (outside the VAT base), what coupons took off, the average
 * basket, and the VAT per rate.
 */
export function RevenueTotals({ report }: { report: RevenueReport }) {
  const { t } = useAdminTranslation();
  const { totals } = report;
  const figures = [
    { label: t('revenue.orders'), value: String(totals.orders) },
    { label: t('revenue.rejected'), value: String(totals.rejected) },
    { label: t('revenue.revenue'), value: formatPrice(totals.revenue) },
    { label: t('revenue.cash'), value: formatPrice(totals.cash) },
    { label: t('revenue.online'), value: formatPrice(totals.online) },
    { label: t('revenue.deposit'), value: formatPrice(totals.deposit) },
    { label: t('revenue.tips'), value: formatPrice(totals.tips) },
    { label: t('revenue.coupons'), value: formatPrice(totals.coupons) },
    { label: t('revenue.average_basket'), value: formatPrice(totals.average_basket) },
  ];
  return (
    <Card title={t('revenue.totals_title', { from: formatDay(report.from), to: formatDay(report.to) })}>
      <dl className="admin-revenue__totals" data-testid="revenue-totals">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd className="admin-num">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="admin-card__intro">{t('revenue.rejected_note')}</p>
      {totals.vat.length > 0 && <VatTable lines={totals.vat} />}
    </Card>
  );
}

function VatTable({ lines }: { lines: readonly VatLine[] }) {
  const { t } = useAdminTranslation();
  const sum = vatTotal(lines);
  const amounts = (line: Omit<VatLine, 'percentage'>) => (
    <>
      <td data-label={t('revenue.net')} className="admin-num">
        {formatPrice(line.net)}
      </td>
      <td data-label={t('revenue.vat')} className="admin-num">
        {formatPrice(line.vat)}
      </td>
      <td data-label={t('revenue.gross')} className="admin-num">
        {formatPrice(line.gross)}
      </td>
    </>
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-revenue__vat">
        <caption>{t('revenue.vat_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('revenue.vat_rate')}</th>
            <th scope="col" className="admin-num">
              {t('revenue.net')}
            </th>
            <th scope="col" className="admin-num">
              {t('revenue.vat')}
            </th>
            <th scope="col" className="admin-num">
              {t('revenue.gross')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.percentage}>
              <td data-label={t('revenue.vat_rate')}>{formatDecimalInput(line.percentage)} %</td>
              {amounts(line)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td data-label={t('revenue.vat_rate')}>{t('revenue.sum')}</td>
            {amounts(sum)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
