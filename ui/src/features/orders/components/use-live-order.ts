import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import type { Order } from '../../../lib/order-types';
import { trackOrder } from '../../../lib/orders-api';
import { isSettled } from '../lib/order-progress';
import { connectOrder, orderSocketUrl } from '../lib/order-socket';

export type LiveOrder =
  | { status: 'loading' }
  | { status: 'not_found' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; order: Order };

type Settled = { status: 'not_found' } | { status: 'error' } | { status: 'ready'; order: Order };

/**
 * The order behind `token`: fetched once, then kept current by the live
 * connection until nothing more changes (completed, or rejected and, if it was
 * paid, refunded).
 */
export function useLiveOrder(token: string): LiveOrder {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; value: Settled } | null>(null);
  const key = `${token}#${attempt}`;

  useEffect(() => {
    let active = true;
    trackOrder(token).then(
      (order) => {
        if (active) setSettled({ key, value: { status: 'ready', order } });
      },
      (error: unknown) => {
        if (!active) return;
        const missing = error instanceof ApiError && error.status === 404;
        setSettled({ key, value: missing ? { status: 'not_found' } : { status: 'error' } });
      },
    );
    return () => {
      active = false;
    };
  }, [token, key]);

  const current = settled !== null && settled.key === key ? settled.value : null;
  const following = current?.status === 'ready' && !isSettled(current.order);

  useEffect(() => {
    if (!following) return;
    return connectOrder({
      url: orderSocketUrl(token),
      onOrder: (order) => setSettled({ key, value: { status: 'ready', order } }),
      onRefused: (detail) => console.error('Order status connection refused', detail),
    });
  }, [following, token, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (current === null) return { status: 'loading' };
  if (current.status === 'error') return { status: 'error', retry };
  return current;
}
