/** Euros (as the API sends them, ≤ 2 decimals) to integer cents, so sums never drift. */
export function toCents(euros: number): number {
  return Number.isFinite(euros) ? Math.round(euros * 100) : 0;
}

export function fromCents(cents: number): number {
  return cents / 100;
}
