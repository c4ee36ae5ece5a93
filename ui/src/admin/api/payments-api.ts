import { apiFetch, logged } from '../../lib/api-client';

/** Where a PayPal payment stands (the server's payments ledger). */
export type PaymentFate =
  | 'capturing'
  | 'pending'
  | 'completed'
  | 'order'
  | 'refund_due'
  | 'refunded'
  | 'refund_failed'
  | 'failed';

/** Why a payment made no order, or lost it. */
export type PaymentReason =
  | 'order_refused'
  | 'amount_mismatch'
  | 'completed_after_checkout'
  | 'no_order'
  | 'order_rejected'
  | 'declined'
  | 'not_captured';

export interface Payment {
  id: number;
  paypal_order_id: string;
  capture_id: string | null;
  /** What the shop asked PayPal for (the order total), in `currency`. */
  amount: number;
  currency: string;
  /** What PayPal captured, as PayPal stated it. */
  captured_amount: number | null;
  captured_currency: string | null;
  paypal_status: string | null;
  fate: PaymentFate;
  reason: PaymentReason | null;
  needs_attention: boolean;
  first_seen: string;
  last_checked: string;
  order_id: number | null;
  order_number: number | null;
  refund_id: string | null;
  /** The error code of the last refund that failed. */
  refund_error: string | null;
  history: { at: string; fate: PaymentFate }[];
}

/** GET /admin/payments: newest first; `next_before` asks for the next page (null: none). */
export interface PaymentsPage {
  payments: Payment[];
  next_before: number | null;
}

/** One page of the payments, older than `before`; only those needing attention with `attention`. */
export function listPayments({ before, attention }: { before?: number | null; attention: boolean }): Promise<PaymentsPage> {
  const query = new URLSearchParams();
  if (before !== undefined && before !== null) query.set('before', String(before));
  if (attention) query.set('attention', 'true');
  const search = query.toString();
  return logged('listPayments', apiFetch<PaymentsPage>(`/admin/payments${search ? `?${search}` : ''}`));
}
