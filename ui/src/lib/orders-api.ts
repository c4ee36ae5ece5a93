import { apiFetch, logged } from './api-client';
import { fromCents } from './money';
import { pageQuery } from './paged-list';
import type {
  GuestShippingAddress,
  Order,
  OrderRequest,
  OrderRequestLine,
  OrderQuote,
  OrderType,
  PaymentMethod,
  PaypalOrderCreated,
} from './order-types';

/** Placing, paying and following orders (contract: orders-api.md). */

/** The parts of a cart line an order is made of. */
export interface OrderableItem {
  id: number;
  quantity: number;
  selectedVariant: { id: number } | null;
  /** Topping id and units per item. */
  extras: readonly { id: number; quantity: number }[];
}

/** When the order is wanted: now, or the UTC start of a pre-order slot. */
export type OrderTimeChoice = { kind: 'immediately' } | { kind: 'preorder'; startsAt: string };

/** A signed-in customer's saved address, or the guest's stored shipping address. */
export type OrderAddress =
  | { kind: 'saved'; addressId: number }
  | { kind: 'guest'; address: GuestShippingAddress };

export interface OrderRequestInput {
  items: readonly OrderableItem[];
  orderType: OrderType;
  orderTime: OrderTimeChoice;
  note: string;
  address: OrderAddress;
  paymentMethod: PaymentMethod;
  /** The customer ticked the age confirmation; sent as `age_confirmed: true` only then. */
  ageConfirmed?: boolean;
  /** The tip for the team in cents; sent (in euros) only with online payment and when above 0. */
  tipCents?: number;
}

/** Exactly the address fields the server takes (it refuses unknown ones). */
function shippingAddress(address: GuestShippingAddress): GuestShippingAddress {
  const { customer_name, line1, city, zip, country, phone, email } = address;
  return { type: 'shipping', customer_name, line1, city, zip, country, phone, email };
}

/** A cart line as an order request takes it: product, variant, extras with their units, quantity. */
export function requestLine(item: OrderableItem): OrderRequestLine {
  return {
    product_id: item.id,
    variant_id: item.selectedVariant?.id ?? null,
    extras: item.extras.map((extra) => ({ topping_id: extra.id, quantity: extra.quantity })),
    quantity: item.quantity,
  };
}

/** The request body for the customer's choices; prices and totals are the server's business. */
export function buildOrderRequest(input: OrderRequestInput): OrderRequest {
  const request: OrderRequest = {
    order_type: input.orderType,
    lines: input.items.map(requestLine),
    payment_method: input.paymentMethod,
    preorder_at: input.orderTime.kind === 'immediately' ? null : input.orderTime.startsAt,
    note: input.note.trim(),
  };
  if (input.address.kind === 'saved') request.address_id = input.address.addressId;
  else request.shipping_address = shippingAddress(input.address.address);
  if (input.ageConfirmed === true) request.age_confirmed = true;
  if (input.paymentMethod === 'online' && input.tipCents !== undefined && input.tipCents > 0) {
    request.tip = fromCents(input.tipCents);
  }
  return request;
}

/**
 * The body to place with what the customer pays with: `cash_given` in euros for a cash
 * order when said (`cents` not null), never for online payment, which has no change.
 */
export function withCashGiven(request: OrderRequest, cents: number | null): OrderRequest {
  const body: OrderRequest = { ...request };
  delete body.cash_given;
  if (cents !== null && body.payment_method === 'cash') body.cash_given = fromCents(cents);
  return body;
}

/**
 * A random key for the Idempotency-Key header. crypto.randomUUID exists only in
 * secure contexts (HTTPS, localhost); an appliance reached over plain HTTP in the
 * LAN still gets a random version-4 UUID from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const postJson = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/**
 * Places the order: POST /orders/ (signed in) or /orders/guest. The same key
 * with the same body answers the first order again instead of a second one.
 */
export function placeOrder(
  request: OrderRequest,
  { guest, idempotencyKey }: { guest: boolean; idempotencyKey: string },
): Promise<Order> {
  return logged(
    'placeOrder',
    apiFetch<Order>(guest ? '/orders/guest' : '/orders/', postJson(request, { 'Idempotency-Key': idempotencyKey })),
  );
}

/**
 * The server's price for exactly this order body: POST /orders/quote (signed in) or
 * /orders/guest/quote. Refused with the same codes the order would be.
 */
export function quoteOrder(request: OrderRequest, { guest }: { guest: boolean }): Promise<OrderQuote> {
  const body: OrderRequest = { ...request };
  delete body.paypal_order_id;
  delete body.quote_id;
  // What the customer pays with does not change the price.
  delete body.cash_given;
  return logged('quoteOrder', apiFetch<OrderQuote>(guest ? '/orders/guest/quote' : '/orders/quote', postJson(body)));
}

/**
 * Checks the order and opens a PayPal order for its total; the id goes to the PayPal
 * buttons. With a quote_id, refused (409 quote_changed) unless the total is still that.
 */
export function createPaypalOrder(request: OrderRequest, { guest }: { guest: boolean }): Promise<PaypalOrderCreated> {
  const body: OrderRequest = { ...request, payment_method: 'online' };
  delete body.paypal_order_id;
  delete body.cash_given;
  return logged(
    'createPaypalOrder',
    apiFetch<PaypalOrderCreated>(
      guest ? '/orders/guest/paypal' : '/orders/paypal',
      postJson(body),
    ),
  );
}

/** An order by its secret token (no sign-in needed). */
export function trackOrder(token: string): Promise<Order> {
  return logged('trackOrder', apiFetch<Order>(`/orders/track/${encodeURIComponent(token)}`));
}

/** How many of the customer's orders `listMyOrders` asks for at a time (the server allows 1–100). */
export const MY_ORDERS_PAGE_SIZE = 20;

/**
 * The signed-in customer's orders, newest first, a page at a time: the newest page,
 * or the one placed before order `before`. A page shorter than the page size is the last.
 */
export function listMyOrders(before?: number): Promise<Order[]> {
  return logged('listMyOrders', apiFetch<Order[]>(`/orders/?${pageQuery(MY_ORDERS_PAGE_SIZE, before)}`));
}

// Dine-in: kept here, beside the order requests, so the checkout and the table link
// share one chunk they load anyway.

/** The table a guest scanned: ordering at it until they leave dine-in mode or close the tab. */
export interface DineInTable {
  id: number;
  /** The secret from the table's QR code. */
  key: string;
  /** What the guest and the kitchen read: "12", "Terrasse 3". */
  label: string;
}

/** Session storage key of the table (this tab only: another guest's phone never inherits it). */
export const DINE_IN_KEY = 'dine_in_table';

function isTable(value: unknown): value is DineInTable {
  if (typeof value !== 'object' || value === null) return false;
  const { id, key, label } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof key === 'string' && typeof label === 'string';
}

export function loadDineInTable(storage: Storage = sessionStorage): DineInTable | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DINE_IN_KEY) ?? 'null');
    return isTable(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDineInTable(table: DineInTable, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(DINE_IN_KEY, JSON.stringify(table));
  } catch (error) {
    console.error('Failed to store the table', error);
  }
}

export function leaveDineIn(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(DINE_IN_KEY);
  } catch {
    // Nothing stored.
  }
}

/** The table a QR code names; refused with 404 `table_unknown` for a wrong, rotated or inactive one. */
export async function lookupTable(id: number, key: string): Promise<DineInTable> {
  const found = await apiFetch<{ id: number; label: string }>(`/tables/${id}?key=${encodeURIComponent(key)}`);
  return { id: found.id, key, label: found.label };
}
