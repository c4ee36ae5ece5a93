import { useCallback, useRef } from 'react';
import { ApiError } from './api-error';
import { newIdempotencyKey } from './orders-api';

/**
 * The Idempotency-Key of the current attempt to place an order (the storefront's
 * checkout, the board's phone order). A retry of the same body
 * (after the answer got lost) sends the same key, so the server answers the
 * first order instead of placing a second one. A changed body, or a refusal
 * (4xx: nothing was placed), starts a new attempt with a new key; reusing the
 * old key for a different body would be refused as idempotency_conflict.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const keyFor = useCallback((request: unknown): string => {
    const body = JSON.stringify(request);
    if (attempt.current === null || attempt.current.body !== body) {
      attempt.current = { key: newIdempotencyKey(), body };
    }
    return attempt.current.key;
  }, []);

  /** After a failed call: a refusal ends the attempt; a lost answer or server failure keeps it for the retry. */
  const settleFailure = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status < 500) attempt.current = null;
  }, []);

  return { keyFor, settleFailure };
}
