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
