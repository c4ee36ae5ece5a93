import { apiFetch, logged } from '../../lib/api-client';
import { pageQuery } from '../../lib/paged-list';
import type { DailyClosing } from '../types';

/** How many closings `getClosings` asks for at a time (the server allows 1–100). */
export const CLOSINGS_PAGE_SIZE = 30;

/**
 * GET /admin/closings: the daily closings, newest first, a page at a time: the newest
 * page, or the one before closing number `before`.
 */
export function getClosings(before?: number): Promise<DailyClosing[]> {
  return logged('getClosings', apiFetch<DailyClosing[]>(`/admin/closings?${pageQuery(CLOSINGS_PAGE_SIZE, before)}`));
}

/** GET /admin/closings/{number}: one daily closing (404 when there is none). */
export function getClosing(number: number): Promise<DailyClosing> {
  return logged('getClosing', apiFetch<DailyClosing>(`/admin/closings/${number}`));
}

/**
 * POST /admin/closings: closes today with its figures as they stand now and answers the
 * closing. 409 `day_closed` when today is closed already, 409 `orders_waiting` (with
 * `params.count`) while orders of today still wait for an answer.
 */
export function closeToday(): Promise<DailyClosing> {
  return logged('closeToday', apiFetch<DailyClosing>('/admin/closings', { method: 'POST' }));
}
