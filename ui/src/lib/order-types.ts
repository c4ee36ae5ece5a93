/** Orders as the server sends them (customer and admin views share these shapes). */

/** `dine_in`: eaten at one of the restaurant's tables (the order's `table`). */
export type OrderType = 'delivery' | 'pickup' | 'dine_in';
export type PaymentMethod = 'cash' | 'online';
export type OrderSource = 'online' | 'phone';
/** `cancelled`: a cash order the restaurant cancelled, nothing is due. */
export type PaymentStatus = 'cash_due' | 'paid' | 'refunded' | 'refund_failed' | 'cancelled';

export type RejectedBy = 'staff' | 'no_one';

export type OrderStatus =
  | 'waiting_for_confirmation'
  | 'accepted'
  | 'rejected'
  | 'preparing'
  | 'out_for_delivery'
  | 'ready_for_pickup'
  | 'completed'
  /** Cancelled by the restaurant after it was accepted (see `corrections`). */
  | 'cancelled';

export interface AllergenRef {
  code: string;
  name: string;
}

export interface OrderExtra {
  topping_id: number;
  name: string;
  price: number;
  quantity: number;
  allergens: AllergenRef[];
}

export interface OrderLine {
  product_id: number;
  variant_id: number | null;
  name: string;
  unit_price: number;
  quantity: number;
  extras: OrderExtra[];
  tax_percentage: number;
  allergens: AllergenRef[];
  /** Price × quantity with the extras; the deposit is not in it. */
  total: number;
  /** The deposit (Pfand) per unit in euros, charged on top of `total`; 0 when none. */
  deposit: number;
}

export interface VatLine {
  percentage: number;
  gross: number;
  net: number;
  vat: number;
}

export interface OrderCustomer {
  customer_name: string;
  line1: string;
  city: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  /** The saved address's notes for the driver ("Hinterhaus, 3. OG"); empty when none. */
  notes?: string;
}

/**
 * Who made a step of an order: `customer` (placed it online), `staff` (a restaurant
 * account, owner or staff, with its id and the name it had then) or `automatic`
 * (nobody answered in time).
 */
export interface OrderActor {
  kind: 'customer' | 'staff' | 'automatic';
  user_id: number | null;
  name: string | null;
}

export interface StatusChange {
  status: OrderStatus;
  at: string;
  note: string;
  /** Who made it, in the restaurant's view of the order; null in the customer's and for steps of old orders. */
  by?: OrderActor | null;
}

/**
 * What the cloud TSE did with an order (fiscal mode `tse`): `active` (started when it was
 * placed), `finished` (the signed receipt, once accepted), `cancelled` (rejected), or
 * `failed` (the TSE could not be reached: the receipt says "TSE ausgefallen", with what
 * the start left). The receipt fields of § 6 KassenSichV; times in unix seconds.
 */
export interface OrderTse {
  state: 'active' | 'finished' | 'cancelled' | 'failed';
  /** For `failed`: the step the TSE did not sign. */
  failed_step: 'start' | 'finish' | 'cancel' | null;
  transaction_number: number | null;
  time_start: number | null;
  time_end: number | null;
  tss_serial_number: string | null;
  client_serial_number: string | null;
  signature_counter: number | null;
  /** Base64. */
  signature: string | null;
  signature_algorithm: string | null;
  /** e.g. `unixTime`. */
  log_time_format: string | null;
  /** e.g. `Kassenbeleg-V1`. */
  process_type: string | null;
  process_data: string | null;
  /** The receipt's QR code content. */
  qr_code_data: string | null;
}

/** What the restaurant corrected after accepting an order, oldest first. */
export interface OrderCorrection {
  kind: 'cancelled' | 'changed';
  at: string;
  /** The restaurant's reason, as written. */
  reason: string;
  /** The order's total before the correction. */
  previous_total: number;
  /** Given back: through PayPal for an online payment, in cash from the till for a completed cash order (0 when nothing was paid yet). */
  refunded: number;
  /** Null in the customer's view. */
  by: OrderActor | null;
  /** The TSE data of the Storno receipt (fiscal mode `tse`). */
  storno_tse: OrderTse | null;
  /** A change: the TSE data of the new receipt. */
  receipt_tse: OrderTse | null;
}

export interface Order {
  id: number;
  number: number;
  token: string;
  created_at: string;
  business_date: string;
  status: OrderStatus;
  order_type: OrderType;
  /** A dine-in order: its table's label ("12"); null otherwise (missing from older servers). */
  table?: string | null;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  preorder_at: string | null;
  note: string;
  customer: OrderCustomer;
  lines: OrderLine[];
  subtotal: number;
  discount_percentage: number;
  discount: number;
  delivery_fee: number;
  /** Σ line deposit × quantity: never discounted, not counted towards the minimum; 0 when none. */
  deposit: number;
  /**
   * The tip for the team (online payment only), in euros; outside the VAT base. 0 when
   * none; missing from servers before tips.
   */
  tip?: number;
  /** The coupon code the order was placed with (upper case); null or missing: none. */
  coupon_code?: string | null;
  /** What the coupon took off, in euros; 0 (or missing) when none. */
  coupon?: number;
  /** subtotal − discount − coupon + delivery_fee + deposit + tip. */
  total: number;
  /** Per rate; a drink's deposit is in its rate's figures (the tip is in none). */
  vat: VatLine[];
  estimated_minutes: number | null;
  estimated_ready_at: string | null;
  /**
   * The staff's reason as they wrote it; for an order nobody answered in time the
   * server's fixed English sentence (see `rejected_by`).
   */
  rejection_reason: string | null;
  /**
   * Who rejected the order: `staff` (with their own reason) or `no_one` (nobody
   * answered in time: say so in the reader's language); null while not rejected.
   */
  rejected_by?: RejectedBy | null;
  history: StatusChange[];
  /** Where the order came from: the storefront, or the staff on the phone. */
  source: OrderSource;
  /** When the customer's personal data was removed (name and street then read "anonymised"). */
  anonymised_at: string | null;
  /** The highest minimum age of the ordered products (beer and wine 16, spirits 18): check the ID on handover. */
  age_restriction?: 16 | 18 | null;
  /** The cloud TSE's data of the order; null (or missing) when the shop does not sign with one. */
  tse?: OrderTse | null;
  /** Cash orders: what the customer pays with ("Ich zahle mit"), in euros; null (or missing) when not said. */
  cash_given?: number | null;
  /** The change to bring: cash_given − total; null (or missing) when not said. */
  change_due?: number | null;
  /** Cancellations and changes after the order was accepted; missing or empty for most. */
  corrections?: OrderCorrection[];
}

export interface AdminOrder extends Order {
  user_id: number | null;
  paypal_order_id: string | null;
  capture_id: string | null;
  refund_id: string | null;
  /** Why PayPal refused the refund; the restaurant then refunds by hand. */
  refund_error: string | null;
  auto_reject_at: string | null;
}

/** An order as its page loads it (`GET /admin/orders/{id}`). */
export interface AdminOrderPage extends AdminOrder {
  /** Its business day has its daily closing: it can no longer be cancelled or changed. */
  day_closed: boolean;
}

/** Statuses the restaurant still has to work on. */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  'waiting_for_confirmation',
  'accepted',
  'preparing',
  'out_for_delivery',
  'ready_for_pickup',
];

/** The customer's choices, as POST /orders/ and /orders/guest take them. */
export interface OrderRequestLine {
  product_id: number;
  variant_id: number | null;
  extras: { topping_id: number; quantity: number }[];
  quantity: number;
}

export interface GuestShippingAddress {
  type: 'shipping';
  customer_name: string;
  line1: string;
  city: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
}

export interface OrderRequest {
  order_type: OrderType;
  lines: OrderRequestLine[];
  address_id?: number;
  shipping_address?: GuestShippingAddress;
  payment_method: PaymentMethod;
  paypal_order_id?: string;
  preorder_at: string | null;
  note: string;
  /** The quote the customer was shown: the server places (or charges) only at that price, else 409 quote_changed. */
  quote_id?: string;
  /**
   * The customer confirmed the minimum age of the age-restricted products in the order;
   * without it such an order is refused (422 age_confirmation_required). Sent only then.
   */
  age_confirmed?: boolean;
  /**
   * Cash orders: what the customer pays with, in euros (≤ 1000, at least the total, else
   * 400 cash_given_below_total); never sent with online payment. Not part of the quote.
   */
  cash_given?: number;
  /**
   * Online payment: the tip for the team in euros (two decimals at most, 0 to 100);
   * part of the quote and of what PayPal is asked for. Never sent with cash (400).
   */
  tip?: number;
  /**
   * A coupon code as the customer typed it (any case); the server validates and applies
   * it in the quote, the order and the PayPal order (refusals name `coupon_code`).
   */
  coupon_code?: string | null;
  /** `dine_in` only, and required there: the table and the secret from its QR code. */
  table?: { id: number; key: string };
}

/**
 * What an order would cost if placed now: the server's price for exactly the body it
 * was asked about (POST /orders/quote, /orders/guest/quote). Euros as in Order.
 */
export interface OrderQuote {
  quote_id: string;
  order_type: OrderType;
  /** A dine-in order: its table's label. */
  table?: string | null;
  /** The delivery address's postcode; null for pickup. */
  postcode: string | null;
  preorder_at: string | null;
  lines: OrderLine[];
  subtotal: number;
  discount_percentage: number;
  discount: number;
  delivery_fee: number;
  /** Σ line deposit × quantity; 0 when none. */
  deposit: number;
  /** The tip asked about, in euros; 0 when none (missing from servers before tips). */
  tip?: number;
  /** The coupon code applied (upper case); null or missing: none. */
  coupon_code?: string | null;
  /** What the coupon takes off, in euros; 0 (or missing) when none. */
  coupon?: number;
  /** subtotal − discount − coupon + delivery_fee + deposit + tip. */
  total: number;
  /** The highest minimum age of the quoted products (16 or 18); null or missing: none. */
  age_restriction?: 16 | 18 | null;
}

export interface PaypalOrderCreated {
  paypal_order_id: string;
  amount: number;
  currency: string;
}
