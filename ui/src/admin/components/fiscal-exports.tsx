import { useState, type ReactNode } from 'react';
import { todayIn } from '../../lib/store-time';
import { getDsfinvkExport, getTaxExport, type DownloadedFile, type TaxFormat } from '../api/exports-api';
import { downloadFile } from '../lib/download-csv';
import { errorsFromApi } from '../lib/errors';
import { monthOf, shiftMonth } from '../lib/revenue-period';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage } from './fields';

/**
 * A form that fetches an export and saves it under the name the server gives: the
 * explanation, the fields (`children`, the submit button among them) and the refusal.
 */
function ExportForm({
  explain,
  fetchFile,
  children,
}: {
  explain: string;
  fetchFile: () => Promise<DownloadedFile>;
  children: (busy: boolean) => ReactNode;
}) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const file = await fetchFile();
      downloadFile(file.fileName, file.blob);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-exports"
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <p className="admin-card__intro">{explain}</p>
      {children(busy)}
      <FormMessage error={error} />
    </form>
  );
}

/**
 * The DSFinV-K export for a tax audit: the daily closings from one business day to
 * another (this month so far by default), downloaded as a ZIP file.
 */
export function DsfinvkExport({ timezone }: { timezone: string }) {
  const { t } = useAdminTranslation();
  const today = todayIn(timezone);
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);

  return (
    <ExportForm explain={t('exports.dsfinvk.explain')} fetchFile={() => getDsfinvkExport(from, to)}>
      {(busy) => (
        <fieldset className="admin-exports__period">
          <legend className="admin-field__label">{t('exports.dsfinvk.period')}</legend>
          <div className="admin-history__bar">
            <div className="admin-field admin-history__date">
              <label htmlFor="dsfinvk-from" className="admin-field__label">
                {t('exports.from')}
              </label>
              <input
                id="dsfinvk-from"
                type="date"
                className="admin-input"
                required
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
              />
            </div>
            <div className="admin-field admin-history__date">
              <label htmlFor="dsfinvk-to" className="admin-field__label">
                {t('exports.to')}
              </label>
              <input
                id="dsfinvk-to"
                type="date"
                className="admin-input"
                required
                min={from}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
              />
            </div>
            <button type="submit" className="button button--small" disabled={busy}>
              {busy ? t('exports.preparing') : t('exports.dsfinvk.download')}
            </button>
          </div>
        </fieldset>
      )}
    </ExportForm>
  );
}

/**
 * The month's records for the tax adviser: the orders as CSV files for a spreadsheet
 * (zipped) or the revenue as a DATEV file; last month by default.
 */
export function TaxExport({ timezone }: { timezone: string }) {
  const { t } = useAdminTranslation();
  const [month, setMonth] = useState(shiftMonth(monthOf(todayIn(timezone)), -1));
  const [format, setFormat] = useState<TaxFormat>('csv');

  return (
    <ExportForm explain={t('exports.tax.explain')} fetchFile={() => getTaxExport(month, format)}>
      {(busy) => (
        <div className="admin-history__bar">
          <div className="admin-field admin-history__date">
            <label htmlFor="tax-month" className="admin-field__label">
              {t('exports.tax.month')}
            </label>
            <input
              id="tax-month"
              type="month"
              className="admin-input"
              required
              value={month}
              onChange={(event) => setMonth(event.currentTarget.value)}
            />
          </div>
          <div className="admin-field">
            <label htmlFor="tax-format" className="admin-field__label">
              {t('exports.tax.format')}
            </label>
            <select
              id="tax-format"
              className="admin-input"
              value={format}
              onChange={(event) => setFormat(event.currentTarget.value === 'datev' ? 'datev' : 'csv')}
            >
              <option value="csv">{t('exports.tax.csv')}</option>
              <option value="datev">{t('exports.tax.datev')}</option>
            </select>
          </div>
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? t('exports.preparing') : t('exports.tax.download')}
          </button>
        </div>
      )}
    </ExportForm>
  );
}
