import { Link } from 'react-router-dom';
import { formatPrice } from '../../lib/format-price';
import { downloadCsv } from '../lib/download-csv';
import { revenueCsv, revenueCsvFileName } from '../lib/revenue-csv';
import { formatDayWithWeekday } from '../lib/revenue-figures';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { RevenueDay, RevenueReport } from '../types';
import { Card } from './fields';

/** One row per day with orders, each leading to that day's order history; and the whole report as CSV. */
export function RevenueDays({ report, language }: { report: RevenueReport; language: string }) {
  const { t } = useAdminTranslation();
  const download = () =>
    downloadCsv(revenueCsvFileName(report), revenueCsv(report, (key) => t(`revenue.csv.${key}`), language));
  return (
    <Card
      title={t('revenue.days_title')}
      actions={
        <button type="button" className="button button--small" onClick={download}>
          {t('revenue.download')}
        </button>
      }
    >
      <div className="admin-table-wrap">
        <table className="admin-table admin-revenue__days">
          <thead>
            <tr>
              <th scope="col">{t('revenue.date')}</th>
              <th scope="col" className="admin-num">
                {t('revenue.orders')}
              </th>
              <th scope="col" className="admin-num">
                {t('revenue.rejected')}
              </th>
              <th scope="col" className="admin-num">
                {t('revenue.revenue')}
              </th>
              <th scope="col" className="admin-num">
                {t('revenue.cash_column')}
              </th>
              <th scope="col" className="admin-num">
                {t('revenue.online_column')}
              </th>
              <th scope="col" className="admin-num">
                {t('revenue.tips_column')}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((day) => (
              <DayRow key={day.date} day={day} language={language} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function DayRow({ day, language }: { day: RevenueDay; language: string }) {
  const { t } = useAdminTranslation();
  const { figures } = day;
  const date = formatDayWithWeekday(day.date, language);
  return (
    <tr>
      <td data-label={t('revenue.date')}>
        <Link to={`/admin/orders-history?date=${day.date}`} aria-label={t('revenue.day_link', { date })}>
          <time dateTime={day.date}>{date}</time>
        </Link>
      </td>
      <td data-label={t('revenue.orders')} className="admin-num">
        {figures.orders}
      </td>
      <td data-label={t('revenue.rejected')} className="admin-num">
        {figures.rejected}
      </td>
      <td data-label={t('revenue.revenue')} className="admin-num">
        {formatPrice(figures.revenue)}
      </td>
      <td data-label={t('revenue.cash_column')} className="admin-num">
        {formatPrice(figures.cash)}
      </td>
      <td data-label={t('revenue.online_column')} className="admin-num">
        {formatPrice(figures.online)}
      </td>
      <td data-label={t('revenue.tips_column')} className="admin-num">
        {formatPrice(figures.tips)}
      </td>
    </tr>
  );
}
