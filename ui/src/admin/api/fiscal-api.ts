import { apiFetch, logged } from '../../lib/api-client';
import type { Fiscal, FiscalBody } from '../types';

/** GET /admin/fiscal: the fiscal mode that holds, every earlier choice, and what the shop can take. */
export function getFiscal(): Promise<Fiscal> {
  return logged('getFiscal', apiFetch<Fiscal>('/admin/fiscal'));
}

/**
 * PUT /admin/fiscal: the owner chooses the mode (400 `pos_not_confirmed` on the field
 * `pos_confirmed` for `pos` without the confirmation); answers the record as it is now.
 */
export function chooseFiscalMode(body: FiscalBody): Promise<Fiscal> {
  return logged(
    'chooseFiscalMode',
    apiFetch<Fiscal>('/admin/fiscal', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * POST /admin/fiscal/tse: sets the cloud TSE up at fiskaly (or finishes a setup that
 * stopped), which can take half a minute; answers the record with what to register with
 * the tax office. 409 `tse_not_configured` without the API key and secret in the
 * configuration, 503 `tse_setup_failed` when fiskaly could not finish it.
 */
export function setUpTse(): Promise<Fiscal> {
  return logged('setUpTse', apiFetch<Fiscal>('/admin/fiscal/tse', { method: 'POST' }));
}
