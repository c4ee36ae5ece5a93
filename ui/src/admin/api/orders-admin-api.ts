import { apiFetch, logged } from '../../lib/api-client';
import type { AdminOrder, AdminOrderPage, OrderRequestLine, OrderStatus } from '../../lib/order-types';

/** What the day's history lists of an order; `getOrder` has the rest. */
export type OrderSummary = Pick<
  AdminOrder,
  'id' | 'number' | 'created_at' | 'status' | 'order_type' | 'payment_method' | 'payment_status' | 'total' | 'source'
>;

/**
 * GET /admin/orders/summaries?date=…: a page of one business day's order summaries,
 * newest first; count and revenue are the whole day's and leave out rejected orders.
 */
export interface OrdersOfDay {
  date: string;
  orders: OrderSummary[];
  count: number;
  revenue: number;
  /** The id to ask `before` for the older orders; null on the day's last page. */
  next_before: number | null;
}

/** How many orders wait for an answer, and how many may (then new online orders are refused). */
export interface WaitingCounts {
  waiting: number;
  waiting_limit: number;
}

/** GET /admin/orders/open: a page of the orders not finished yet, oldest first. */
export interface OpenOrdersPage extends WaitingCounts {
  orders: AdminOrder[];
  /** The id to ask `after` for the next page; null on the last page. */
  next_after: number | null;
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const orderPath = (id: number) => `/admin/orders/${encodeURIComponent(id)}`;

/** GET /admin/orders/open: the first page, or the one after order `after`. */
export function listOpenOrders(after: number | null = null): Promise<OpenOrdersPage> {
  const path = after === null ? '/admin/orders/open' : `/admin/orders/open?${new URLSearchParams({ after: String(after) }).toString()}`;
  return logged('listOpenOrders', apiFetch<OpenOrdersPage>(path));
}

/** GET /admin/orders/summaries?date=yyyy-MM-dd (the store-local business date): the newest page, or the one before order `before`. */
export function listOrdersOn(date: string, before: number | null = null): Promise<OrdersOfDay> {
  const query = new URLSearchParams({ date });
  if (before !== null) query.set('before', String(before));
  return logged('listOrdersOn', apiFetch<OrdersOfDay>(`/admin/orders/summaries?${query.toString()}`));
}

/** GET /admin/orders/{id}: the order, and whether its business day is closed. */
export function getOrder(id: number): Promise<AdminOrderPage> {
  return logged('getOrder', apiFetch<AdminOrderPage>(orderPath(id)));
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

/**
 * Cancels an accepted order (not completed yet) with a reason the customer sees; a
 * PayPal payment is refunded in full first (503 `refund_failed`: nothing changed).
 */
export function cancelOrder(id: number, reason: string): Promise<AdminOrder> {
  return logged('cancelOrder', apiFetch<AdminOrder>(`${orderPath(id)}/cancel`, post({ reason })));
}

/**
 * Changes an accepted order's lines (every line it shall have) with a reason; the server
 * reprices and refunds what was paid too much (409 `paid_total_raised`: an online order
 * may not get dearer).
 */
export function changeOrderLines(id: number, lines: OrderRequestLine[], reason: string): Promise<AdminOrder> {
  return logged(
    'changeOrderLines',
    apiFetch<AdminOrder>(`${orderPath(id)}/lines`, { ...post({ lines, reason }), method: 'PUT' }),
  );
}

/** Which of an order's documents to print again: the kitchen ticket or the customer's receipt. */
export type OrderDocument = 'kitchen' | 'receipt';

/**
 * Prints an accepted order's document again on every printer switched on that prints it,
 * marked as a reprint; answers how many were queued. 409 `no_printer` when none prints it.
 */
export function printOrderAgain(id: number, document: OrderDocument): Promise<{ queued: number }> {
  return logged('printOrderAgain', apiFetch<{ queued: number }>(`${orderPath(id)}/print`, post({ document })));
}
