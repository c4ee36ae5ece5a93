// Stored orders, captures and refunds rendered in PayPal's JSON shapes.
import { fromCents, toCents } from './formats.mjs';

export const PAYER = {
  name: { given_name: 'Erika', surname: 'Mustermann' },
  email_address: 'buyer@example.com',
  payer_id: 'FAKEPAYERID',
  address: { country_code: 'DE' },
};
const PAYEE = { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT1' };

/**
 * The renderers of one fake PayPal: links point at its `url`, an order's captures are
 * looked up in its current `state`.
 */
export function createRecords(paypal) {
  const link = (path, rel, method = 'GET') => ({ href: `${paypal.url}${path}`, rel, method });

  function renderCapture(capture, { withOrderId = false } = {}) {
    const body = { id: capture.id, status: capture.status };
    if (capture.status === 'PENDING') body.status_details = { reason: 'PENDING_REVIEW' };
    body.amount = capture.amount;
    body.final_capture = true;
    body.seller_protection = {
      status: 'ELIGIBLE',
      dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
    };
    if (capture.status !== 'DECLINED' && capture.status !== 'FAILED') {
      const gross = toCents(capture.amount.value);
      const fee = Math.min(gross, Math.round(gross * 0.0249) + 35);
      const money = (cents) => ({ currency_code: capture.amount.currency_code, value: fromCents(cents) });
      body.seller_receivable_breakdown = {
        gross_amount: money(gross),
        paypal_fee: money(fee),
        net_amount: money(gross - fee),
      };
    }
    if (capture.custom_id !== undefined) body.custom_id = capture.custom_id;
    if (capture.invoice_id !== undefined) body.invoice_id = capture.invoice_id;
    body.links = [
      link(`/v2/payments/captures/${capture.id}`, 'self'),
      link(`/v2/payments/captures/${capture.id}/refund`, 'refund', 'POST'),
      link(`/v2/checkout/orders/${capture.order_id}`, 'up'),
    ];
    body.create_time = capture.create_time;
    body.update_time = capture.update_time;
    if (withOrderId) body.supplementary_data = { related_ids: { order_id: capture.order_id } };
    return body;
  }

  function renderRefund(refund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      create_time: refund.create_time,
      update_time: refund.update_time,
      links: [link(`/v2/payments/refunds/${refund.id}`, 'self'), link(`/v2/payments/captures/${refund.capture_id}`, 'up')],
    };
  }

  function renderOrder(order) {
    const body = { id: order.id, intent: order.intent, status: order.status };
    if (order.status !== 'CREATED') {
      body.payment_source = {
        paypal: {
          email_address: PAYER.email_address,
          account_id: PAYER.payer_id,
          account_status: 'VERIFIED',
          name: PAYER.name,
          address: PAYER.address,
        },
      };
    }
    body.purchase_units = order.purchase_units.map((unit) => {
      const rendered = { ...unit, payee: PAYEE };
      if (order.capture_ids.length > 0) {
        rendered.payments = { captures: order.capture_ids.map((id) => renderCapture(paypal.state.captures.get(id))) };
      }
      return rendered;
    });
    if (order.status !== 'CREATED') body.payer = PAYER;
    body.create_time = order.create_time;
    if (order.update_time) body.update_time = order.update_time;
    const self = `/v2/checkout/orders/${order.id}`;
    body.links = [link(self, 'self')];
    if (order.status === 'CREATED') body.links.push(link(`/checkoutnow?token=${order.id}`, 'approve'));
    if (order.status !== 'COMPLETED') {
      body.links.push(link(self, 'update', 'PATCH'), link(`${self}/capture`, 'capture', 'POST'));
    }
    return body;
  }

  return { link, renderCapture, renderRefund, renderOrder };
}
