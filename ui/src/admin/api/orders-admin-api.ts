import { apiFetch, logged } from '../../lib/api-client';
import type { AdminOrder, OrderStatus } from '../../lib/order-types';

/** GET /admin/orders?date=…: one business day, newest first; count and revenue leave out rejected orders. */
export interface OrdersOfDay {
  date: string;
  orders: AdminOrder[];
  count: number;
  revenue: number;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const orderPath = (id: number) => `/admin/orders/${encodeURIComponent(id)}`;

/** GET /admin/orders/open: every order not finished yet, oldest first. */
export function listOpenOrders(): Promise<AdminOrder[]> {
  return logged('listOpenOrders', apiFetch<AdminOrder[]>('/admin/orders/open'));
}

/** GET /admin/orders?date=yyyy-MM-dd (the store-local business date). */
export function listOrdersOn(date: string): Promise<OrdersOfDay> {
  const query = new URLSearchParams({ date });
  return logged('listOrdersOn', apiFetch<OrdersOfDay>(`/admin/orders?${query.toString()}`));
}

export function getOrder(id: number): Promise<AdminOrder> {
  return logged('getOrder', apiFetch<AdminOrder>(orderPath(id)));
}

/** Accepts a waiting order with the estimated minutes until it is ready (5–240). */
export function acceptOrder(id: number, minutes: number): Promise<AdminOrder> {
  return logged('acceptOrder', apiFetch<AdminOrder>(`${orderPath(id)}/accept`, post({ minutes })));
}

/**
 * Accepts every pre-order still waiting, each ready at its time; answers the ones
 * accepted (none: an empty list).
 */
export function acceptAllPreorders(): Promise<AdminOrder[]> {
  return logged('acceptAllPreorders', apiFetch<AdminOrder[]>('/admin/orders/accept-preorders', { method: 'POST' }));
}

/** Rejects a waiting order with a reason (1–300 characters); a paid order is refunded. */
export function rejectOrder(id: number, reason: string): Promise<AdminOrder> {
  return logged('rejectOrder', apiFetch<AdminOrder>(`${orderPath(id)}/reject`, post({ reason })));
}

/** Moves an accepted order forward: preparing, out_for_delivery / ready_for_pickup, completed. */
export function setOrderStatus(id: number, status: OrderStatus): Promise<AdminOrder> {
  return logged('setOrderStatus', apiFetch<AdminOrder>(`${orderPath(id)}/status`, post({ status })));
}
