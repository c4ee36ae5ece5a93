import { apiFetch, logged } from '../../lib/api-client';
import type { OrderLine, OrderType } from '../../lib/order-types';
import type { OrderSummary } from './orders-admin-api';

/** How many customers or orders the customer pages and the order search ask for at a time (the server allows 1–200). */
export const CUSTOMERS_PAGE_SIZE = 50;

/** The address of a customer's newest delivery. */
export interface CustomerAddress {
  line1: string;
  zip: string;
  city: string;
  notes: string;
}

/**
 * A customer as their orders show them: a registered customer by the account, a guest
 * by the phone number (else the e-mail address). `orders` and `total` count the
 * orders not rejected; `rejected` the others.
 */
export interface Customer {
  id: number;
  name: string;
  phone: string;
  /** Empty when no order had one. */
  email: string;
  registered: boolean;
  orders: number;
  rejected: number;
  /** Euros. */
  total: number;
  last_order: { id: number; number: number; created_at: string; business_date: string };
  /** Null when they only picked up. */
  address: CustomerAddress | null;
}

/** GET /admin/customers: a page of customers; `next_after` is the cursor of the next page (null: the last). */
export interface CustomersPage {
  customers: Customer[];
  next_after: string | null;
}

/** An order as the search and a customer's list show it. */
export interface FoundOrder extends OrderSummary {
  business_date: string;
  customer_name: string;
  /** The customer's data was erased: the name reads "anonymised". */
  anonymised: boolean;
}

/** A page of orders, newest first; `next_before` asks for the older ones (null: the last page). */
export interface FoundOrders {
  orders: FoundOrder[];
  next_before: number | null;
}

/** GET /admin/orders/search: for a name or phone also how many customers' orders are listed, and whether more match. */
export interface OrderSearchResult extends FoundOrders {
  customers: number;
  more_customers: boolean;
}

/** A customer whose number begins with the digits typed, with their newest order to take again. */
export interface Caller {
  customer: Customer;
  last_order: {
    id: number;
    number: number;
    created_at: string;
    order_type: OrderType;
    total: number;
    lines: OrderLine[];
  } | null;
}

/** One way to search the orders: by the day's number, by a name or phone (optionally some days only), or by days. */
export type OrderSearch =
  | { kind: 'number'; number: number; date: string }
  | { kind: 'text'; q: string; from: string; to: string }
  | { kind: 'dates'; from: string; to: string };

/** GET /admin/customers: whoever ordered last first, or those `q` finds; `after` is a page's `next_after`. */
export function listCustomers(q: string, after: string | null = null): Promise<CustomersPage> {
  const query = new URLSearchParams({ limit: String(CUSTOMERS_PAGE_SIZE) });
  if (q.trim() !== '') query.set('q', q.trim());
  if (after !== null) query.set('after', after);
  return logged('listCustomers', apiFetch<CustomersPage>(`/admin/customers?${query.toString()}`));
}

export function getCustomer(id: number): Promise<Customer> {
  return logged('getCustomer', apiFetch<Customer>(`/admin/customers/${encodeURIComponent(id)}`));
}

/** GET /admin/customers/{id}/orders: the newest page of a customer's orders, or the one before order `before`. */
export function listCustomerOrders(id: number, before: number | null = null): Promise<FoundOrders> {
  const query = new URLSearchParams({ limit: String(CUSTOMERS_PAGE_SIZE) });
  if (before !== null) query.set('before', String(before));
  return logged(
    'listCustomerOrders',
    apiFetch<FoundOrders>(`/admin/customers/${encodeURIComponent(id)}/orders?${query.toString()}`),
  );
}

/** GET /admin/customers/callers: at most five customers whose number begins with `phone` (at least 3 digits). */
export function findCallers(phone: string): Promise<Caller[]> {
  const query = new URLSearchParams({ phone });
  return logged('findCallers', apiFetch<Caller[]>(`/admin/customers/callers?${query.toString()}`));
}

/** The query of an order search (without the page). */
export function orderSearchQuery(search: OrderSearch): URLSearchParams {
  switch (search.kind) {
    case 'number':
      return new URLSearchParams({ number: String(search.number), date: search.date });
    case 'text': {
      const query = new URLSearchParams({ q: search.q });
      if (search.from !== '' && search.to !== '') {
        query.set('from', search.from);
        query.set('to', search.to);
      }
      return query;
    }
    case 'dates':
      return new URLSearchParams({ from: search.from, to: search.to });
  }
}

/** GET /admin/orders/search: the newest page of what `search` finds, or the one before order `before`. */
export function searchOrders(search: OrderSearch, before: number | null = null): Promise<OrderSearchResult> {
  const query = orderSearchQuery(search);
  query.set('limit', String(CUSTOMERS_PAGE_SIZE));
  if (before !== null) query.set('before', String(before));
  return logged('searchOrders', apiFetch<OrderSearchResult>(`/admin/orders/search?${query.toString()}`));
}
