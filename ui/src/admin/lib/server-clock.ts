/**
 * The shop server's clock as seen from this browser. Board messages carry
 * `server_time`; countdowns to server deadlines (auto-reject) run on it, so a
 * kitchen tablet whose clock is off still shows the right time left.
 */
let offsetMs = 0;

/** Remembers how far the server's clock is from this browser's. */
export function noteServerTime(serverTime: unknown, receivedAt: number = Date.now()): void {
  if (typeof serverTime !== 'string') return;
  const parsed = Date.parse(serverTime);
  if (!Number.isNaN(parsed)) offsetMs = parsed - receivedAt;
}

/** Now, on the server's clock. */
export function serverNow(localNow: number = Date.now()): number {
  return localNow + offsetMs;
}

/** Test hook. */
export function resetServerClock(): void {
  offsetMs = 0;
}
