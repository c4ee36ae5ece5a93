import type { ReactNode } from 'react';
import { downloadCsv } from '../../lib/download-csv';
import { cellText, reportCsv, reportCsvFileName, type ReportTable } from '../../lib/report-table';
import { useAdminTranslation } from '../../lib/use-admin-translation';
import { Card } from '../fields';

/**
 * One chart of the revenue report: the chart, its data as a table (under "Als Tabelle")
 * and as a CSV download of exactly that table.
 */
export function ReportChart({
  title,
  slug,
  table,
  period,
  language,
  children,
}: {
  title: string;
  /** The chart's part of the CSV file name: "wochen", "zahlart" … */
  slug: string;
  table: ReportTable;
  period: { from: string; to: string };
  language: string;
  /** The chart itself (an SVG with an accessible name). */
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const download = () => downloadCsv(reportCsvFileName(slug, period), reportCsv(table, language));
  return (
    <Card
      title={title}
      actions={
        <button type="button" className="button button--small" aria-label={t('reports.csv_of', { title })} onClick={download}>
          {t('reports.csv')}
        </button>
      }
    >
      <div className="admin-report__chart">{children}</div>
      <details className="admin-report__table">
        <summary>{t('reports.as_table')}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column.label} scope="col" className={column.kind === 'text' ? undefined : 'admin-num'}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) => {
                    const kind = table.columns[column]?.kind ?? 'text';
                    return (
                      <td key={column} data-label={table.columns[column]?.label} className={kind === 'text' ? undefined : 'admin-num'}>
                        {cellText(kind, cell)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
