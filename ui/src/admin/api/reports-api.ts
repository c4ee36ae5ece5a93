import { apiFetch, logged } from '../../lib/api-client';
import type { RevenueReport } from '../types';

/**
 * GET /admin/reports/revenue: the figures of the business days `from` to `to`
 * ("yyyy-MM-dd" in the store's time zone, both included, at most 366 days).
 */
export function getRevenue(from: string, to: string): Promise<RevenueReport> {
  const query = new URLSearchParams({ from, to });
  return logged('getRevenue', apiFetch<RevenueReport>(`/admin/reports/revenue?${query.toString()}`));
}
