import { ApiError } from '../../lib/api-error';
import { logged, readBearerToken, readErrorBody } from '../../lib/api-client';

/** A file the server answered: its bytes and the name its `Content-Disposition` gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * GETs a file (an export) with the bearer token, like `apiFetch`, and answers its bytes
 * and name (`fallbackName` when the answer names none); errors as `apiFetch` throws them.
 */
async function apiDownload(path: string, fallbackName: string): Promise<DownloadedFile> {
  const headers = new Headers();
  const token = readBearerToken();
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { headers });
  if (!response.ok) {
    const { detail, code, field, params } = await readErrorBody(response);
    throw new ApiError(response.status, detail, code, field, params);
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return { blob: await response.blob(), fileName: named?.[1] ?? fallbackName };
}

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
