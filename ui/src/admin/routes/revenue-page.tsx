import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { todayIn } from '../../lib/store-time';
import { getRevenue } from '../api/reports-api';
import { AdminPage } from '../components/admin-page';
import { Card, FormMessage } from '../components/fields';
import { RevenueDays } from '../components/revenue-days';
import { GroupSwitch, groupingOf } from '../components/reports/group-switch';
import { RevenueCharts } from '../components/reports/revenue-charts';
import { RevenuePeriodPicker } from '../components/revenue-period-picker';
import { RevenueTotals } from '../components/revenue-totals';
import { monthOf, periodFromQuery, wholeMonth, type Period } from '../lib/revenue-period';
import { useAdminData } from '../lib/use-admin-data';
import type { RevenueGrouping } from '../types';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

/**
 * /admin/revenue[?from=yyyy-MM-dd&to=yyyy-MM-dd][&group=week|month]: orders, revenue and
 * VAT of a period (the current month in the store's time zone unless the address names
 * one), in total and day by day, with a CSV of it; and its charts by day, week or month,
 * each with its table and CSV.
 */
export function RevenuePage() {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'de';
  const timezone = storeTimezone(useAdminStore());
  const [params, setParams] = useSearchParams();
  const currentMonth = monthOf(todayIn(timezone));
  const period = periodFromQuery(params, currentMonth);
  const group = groupingOf(params.get('group'));
  const report = useAdminData(
    () => getRevenue(period.from, period.to, group),
    `admin-revenue-${period.from}-${period.to}-${group}`,
  );
  const show = (next: Period, grouping: RevenueGrouping = group) =>
    setParams({
      ...(wholeMonth(next) === currentMonth ? {} : { from: next.from, to: next.to }),
      ...(grouping === 'day' ? {} : { group: grouping }),
    });
  const found = report.status === 'success' && report.data.days.length > 0 ? report.data : null;

  return (
    <AdminPage title="Revenue" heading={t('revenue.heading')} intro={t('revenue.intro')} needsCatalog={false}>
      <Card>
        <RevenuePeriodPicker period={period} currentMonth={currentMonth} onChange={(next) => show(next)} />
        <GroupSwitch group={group} onChange={(grouping) => show(period, grouping)} />
        {report.status === 'loading' && <LoadingMessage text={t('revenue.loading')} />}
        {report.status === 'error' &&
          (report.error instanceof ApiError && report.error.status === 400 ? (
            <FormMessage error={refusedText(report.error, t, language)} />
          ) : (
            <ErrorMessage text={t('revenue.load_error')} onRetry={report.reload} />
          ))}
        {report.status === 'success' && found === null && <p className="admin-list__empty">{t('revenue.empty')}</p>}
      </Card>
      {found !== null && (
        <>
          <RevenueTotals report={found} />
          <RevenueCharts report={found} language={language} />
          <RevenueDays report={found} language={language} />
        </>
      )}
    </AdminPage>
  );
}

/**
 * Why the server refused the period: its own sentence to an English reader (it says
 * exactly what is wrong), else what the named field must be, in the reader's language.
 */
function refusedText(error: ApiError, t: TFunction, language: string): string {
  if (language === 'en' && error.detail !== undefined) return error.detail;
  const field = error.field === 'from' || error.field === 'to' || error.field === 'group' ? error.field : 'other';
  return t(`revenue.refused.${field}`);
}
