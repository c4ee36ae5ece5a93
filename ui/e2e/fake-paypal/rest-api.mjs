// The REST subset the server uses: OAuth token, Orders v2 create/get/capture and
// Payments v2 captures and refunds. Each handler returns { status, body }.
import { randomBytes } from 'node:crypto';
import { notFound, oauthError, paypalError } from './errors.mjs';
import { fromCents, now, paypalId, toCents } from './formats.mjs';
import { PAYER } from './records.mjs';
import { checkMoney, isObject, parseJson, validateCreate } from './validation.mjs';

const TOKEN_LIFETIME_SECONDS = 32400;
const APP_ID = 'APP-80W284485P519543T';
const TOKEN_SCOPE = [
  'https://uri.paypal.com/services/payments/payment',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
  'openid',
].join(' ');

// Only these change state, so only these honour PayPal-Request-Id.
export const IDEMPOTENT = new Set(['create', 'capture', 'refund']);

/**
 * The routes of one fake PayPal as [method, path pattern, endpoint, handler]; the
 * handlers keep their records in its current `state` and its issued `tokens`.
 */
export function createRestApi(paypal, { link, renderCapture, renderRefund, renderOrder }) {
  function createOrder({ body }) {
    const parsed = parseJson(body);
    if (parsed.error) return parsed.error;
    const invalid = validateCreate(parsed.value);
    if (invalid) return invalid;
    const unit = { reference_id: 'default', ...parsed.value.purchase_units[0] };
    const order = {
      id: paypalId(),
      intent: parsed.value.intent,
      status: 'CREATED',
      purchase_units: [unit],
      create_time: now(),
      update_time: null,
      capture_ids: [],
    };
    paypal.state.orders.set(order.id, order);
    return { status: 201, body: renderOrder(order) };
  }

  function getOrder({ params }) {
    const order = paypal.state.orders.get(params.id);
    return order ? { status: 200, body: renderOrder(order) } : notFound();
  }

  function captureOrder({ params, body }, spec) {
    const order = paypal.state.orders.get(params.id);
    if (!order) return notFound();
    const parsed = parseJson(body);
    if (parsed.error) return parsed.error;
    if (order.status === 'CREATED') return paypalError(422, 'ORDER_NOT_APPROVED');
    if (order.status === 'COMPLETED') return paypalError(422, 'ORDER_ALREADY_CAPTURED');
    const unit = order.purchase_units[0];
    const capture = {
      id: paypalId(),
      order_id: order.id,
      status: spec?.capture_status ?? 'COMPLETED',
      amount: {
        currency_code: spec?.currency ?? unit.amount.currency_code,
        value: spec?.amount ?? unit.amount.value,
      },
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      create_time: now(),
      update_time: now(),
      refunded_cents: 0,
    };
    paypal.state.captures.set(capture.id, capture);
    order.capture_ids.push(capture.id);
    // PayPal completes the order even when the capture itself is PENDING or DECLINED;
    // the capture's status is what tells whether money moved.
    order.status = 'COMPLETED';
    order.update_time = capture.create_time;
    return {
      status: 201,
      body: {
        id: order.id,
        status: order.status,
        payment_source: renderOrder(order).payment_source,
        purchase_units: [
          {
            reference_id: unit.reference_id,
            payments: { captures: [renderCapture(capture)] },
          },
        ],
        payer: PAYER,
        links: [link(`/v2/checkout/orders/${order.id}`, 'self')],
      },
    };
  }

  function getCapture({ params }) {
    const capture = paypal.state.captures.get(params.id);
    return capture ? { status: 200, body: renderCapture(capture, { withOrderId: true }) } : notFound();
  }

  function refundCapture({ params, body }) {
    const capture = paypal.state.captures.get(params.id);
    if (!capture) return notFound();
    const parsed = parseJson(body);
    if (parsed.error) return parsed.error;
    if (!isObject(parsed.value)) return paypalError(400, 'MALFORMED_REQUEST_JSON');
    if (capture.status === 'REFUNDED') return paypalError(422, 'CAPTURE_FULLY_REFUNDED');
    if (capture.status === 'PENDING') return paypalError(422, 'PENDING_CAPTURE');
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') return paypalError(422, 'REFUND_NOT_ALLOWED');
    const captured = toCents(capture.amount.value);
    const remaining = captured - capture.refunded_cents;
    let cents = remaining;
    if (parsed.value.amount !== undefined) {
      const error = checkMoney(parsed.value.amount, '/amount');
      if (error) return error;
      if (parsed.value.amount.currency_code !== capture.amount.currency_code) {
        return paypalError(422, 'REFUND_CAPTURE_CURRENCY_MISMATCH');
      }
      cents = toCents(parsed.value.amount.value);
      if (cents <= 0) return paypalError(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', { field: '/amount/value' });
      if (cents > remaining) return paypalError(422, 'REFUND_AMOUNT_EXCEEDED');
    }
    const refund = {
      id: paypalId(),
      capture_id: capture.id,
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: fromCents(cents) },
      create_time: now(),
      update_time: now(),
    };
    paypal.state.refunds.set(refund.id, refund);
    capture.refunded_cents += cents;
    capture.status = capture.refunded_cents >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = refund.create_time;
    return { status: 201, body: renderRefund(refund) };
  }

  function getRefund({ params }) {
    const refund = paypal.state.refunds.get(params.id);
    return refund ? { status: 200, body: renderRefund(refund) } : notFound();
  }

  function issueToken({ headers, body }) {
    const [scheme, encoded] = (headers.authorization ?? '').split(' ');
    const credentials = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (credentials !== `${paypal.clientId}:${paypal.clientSecret}`) {
      return oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    const grantType = new URLSearchParams(body).get('grant_type');
    if (!grantType) return oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'unsupported grant_type');
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    paypal.tokens.add(token);
    return {
      status: 200,
      body: {
        scope: TOKEN_SCOPE,
        access_token: token,
        token_type: 'Bearer',
        app_id: APP_ID,
        expires_in: TOKEN_LIFETIME_SECONDS,
        nonce: `${now()}${randomBytes(24).toString('base64url')}`,
      },
    };
  }

  const ID = '([A-Za-z0-9-]+)';
  const ROUTES = [
    ['POST', /^\/v1\/oauth2\/token$/, 'token', issueToken],
    ['POST', /^\/v2\/checkout\/orders$/, 'create', createOrder],
    ['GET', new RegExp(`^/v2/checkout/orders/${ID}$`), 'get', getOrder],
    ['POST', new RegExp(`^/v2/checkout/orders/${ID}/capture$`), 'capture', captureOrder],
    ['GET', new RegExp(`^/v2/payments/captures/${ID}$`), 'get_capture', getCapture],
    ['POST', new RegExp(`^/v2/payments/captures/${ID}/refund$`), 'refund', refundCapture],
    ['GET', new RegExp(`^/v2/payments/refunds/${ID}$`), 'get_refund', getRefund],
  ];
  return ROUTES;
}
