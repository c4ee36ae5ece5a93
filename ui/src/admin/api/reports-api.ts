import { apiFetch, logged } from '../../lib/api-client';
import type { RevenueGrouping, RevenueReport } from '../types';

/**
 * GET /admin/reports/revenue: the figures of the business days `from` to `to`
 * ("yyyy-MM-dd" in the store's time zone, both included, at most 366 days; by month at
 * most 1830), grouped by day, ISO week or month.
 */
export function getRevenue(from: string, to: string, group: RevenueGrouping = 'day'): Promise<RevenueReport> {
  const query = new URLSearchParams({ from, to });
  if (group !== 'day') query.set('group', group);
  return logged('getRevenue', apiFetch<RevenueReport>(`/admin/reports/revenue?${query.toString()}`));
}
