/**
 * The cloud TSE's outage as the board socket sends it: since when (UTC, RFC 3339), the
 * first failure in the server's English, and the ids of the orders it left unsigned.
 */
export interface BoardTseOutage {
  started_at: string;
  reason: string;
  missed_orders: number[];
}

/** The outage of a message field; null for null and for anything that is not one. */
export function parseTseOutage(value: unknown): BoardTseOutage | null {
  if (typeof value !== 'object' || value === null) return null;
  const outage = value as Record<string, unknown>;
  const { started_at: startedAt, reason, missed_orders: missed } = outage;
  if (typeof startedAt !== 'string' || Number.isNaN(Date.parse(startedAt))) return null;
  if (!Array.isArray(missed)) return null;
  return {
    started_at: startedAt,
    reason: typeof reason === 'string' ? reason : '',
    missed_orders: missed.filter((id): id is number => typeof id === 'number'),
  };
}
