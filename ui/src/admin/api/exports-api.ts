import { apiDownload, logged, type DownloadedFile } from '../../lib/api-client';

/**
 * GET /admin/exports/dsfinvk: the DSFinV-K export (ZIP) of the daily closings of the
 * business days `from` to `to` (`YYYY-MM-DD`, at most 366 days). 400 `invalid`,
 * `period_reversed` or `period_too_long` for a period the server refuses.
 */
export function getDsfinvkExport(from: string, to: string): Promise<DownloadedFile> {
  const query = new URLSearchParams({ from, to });
  return logged('getDsfinvkExport', apiDownload(`/admin/exports/dsfinvk?${query}`, `dsfinvk_${from}_${to}.zip`));
}

/** The tax adviser's file: two CSV files zipped, or a DATEV Buchungsstapel. */
export type TaxFormat = 'csv' | 'datev';

/**
 * GET /admin/exports/tax: the month's orders (`YYYY-MM`) for the tax adviser. 400
 * `invalid` (field `month` or `format`) for what the server cannot read.
 */
export function getTaxExport(month: string, format: TaxFormat): Promise<DownloadedFile> {
  const query = new URLSearchParams({ month, format });
  const fallback = format === 'datev' ? `EXTF_Buchungsstapel_${month}.csv` : `steuerberater_${month}.zip`;
  return logged('getTaxExport', apiDownload(`/admin/exports/tax?${query}`, fallback));
}
