// The test-only control endpoints under /__control (JSON, CORS open), and the same
// actions for tests that run the fake in-process.
import { now } from './formats.mjs';
import { checkFailSpec } from './failures.mjs';
import { sendJson } from './http.mjs';
import { freshState } from './state.mjs';

/** What a pending capture can become (POST /__control/settle/{capture_id}). */
const SETTLED_STATUSES = ['COMPLETED', 'DECLINED', 'FAILED'];

export function createControl(paypal, { renderCapture, renderRefund, renderOrder }) {
  function snapshot() {
    const failures = {};
    for (const [endpoint, queue] of paypal.state.failures) {
      if (queue.length > 0) failures[endpoint] = queue.map(({ remaining, ...spec }) => ({ ...spec, times: remaining }));
    }
    return {
      orders: Object.fromEntries([...paypal.state.orders].map(([id, order]) => [id, renderOrder(order)])),
      captures: Object.fromEntries(
        [...paypal.state.captures].map(([id, capture]) => [id, renderCapture(capture, { withOrderId: true })]),
      ),
      refunds: [...paypal.state.refunds.values()].map((refund) => ({
        ...renderRefund(refund),
        capture_id: refund.capture_id,
      })),
      token_requests: paypal.state.tokenRequests,
      requests: paypal.state.requests,
      failures,
    };
  }

  function approve(orderId, { expectCurrency, expectIntent } = {}) {
    const order = paypal.state.orders.get(orderId);
    if (!order) return { status: 404, body: { error: `no order ${orderId}` } };
    const currency = order.purchase_units[0].amount.currency_code;
    // The real checkout refuses an order whose currency or intent differ from the
    // SDK's query (currency defaults to USD there, so forgetting it fails too).
    if (expectCurrency && expectCurrency !== currency) {
      return {
        status: 422,
        body: {
          error: `Unexpected currency: ${currency} passed to order create. Please ensure you are passing /sdk/js?currency=${currency} in the paypal script tag.`,
        },
      };
    }
    if (expectIntent && expectIntent !== order.intent) {
      return {
        status: 422,
        body: {
          error: `Unexpected intent: ${order.intent} passed to order create. Please ensure you are passing /sdk/js?intent=${order.intent.toLowerCase()} in the paypal script tag.`,
        },
      };
    }
    if (order.status === 'COMPLETED') return { status: 422, body: { error: `order ${orderId} is already completed` } };
    if (order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.update_time = now();
    }
    return { status: 200, body: renderOrder(order) };
  }

  /**
   * A pending capture comes to its end at PayPal (what PayPal does after its review):
   * `COMPLETED` takes the money, `DECLINED` or `FAILED` does not.
   */
  function settle(captureId, status) {
    const capture = paypal.state.captures.get(captureId);
    if (!capture) return { status: 404, body: { error: `no capture ${captureId}` } };
    if (!SETTLED_STATUSES.includes(status)) {
      return { status: 400, body: { error: `status must be one of ${SETTLED_STATUSES.join(', ')}` } };
    }
    if (capture.status !== 'PENDING') {
      return { status: 422, body: { error: `capture ${captureId} is ${capture.status}, not PENDING` } };
    }
    capture.status = status;
    capture.update_time = now();
    return { status: 200, body: renderCapture(capture, { withOrderId: true }) };
  }

  function fail(spec) {
    const problem = checkFailSpec(spec);
    if (problem) return { status: 400, body: { error: problem } };
    const { endpoint, times = 1, ...rest } = spec;
    const queue = paypal.state.failures.get(endpoint) ?? [];
    queue.push({ endpoint, ...rest, remaining: times });
    paypal.state.failures.set(endpoint, queue);
    return { status: 200, body: { ok: true } };
  }

  function reset() {
    paypal.state = freshState();
  }

  function expireTokens() {
    paypal.tokens.clear();
  }

  async function handleControl(request, response, path, query, body) {
    const send = ({ status, body: payload }) => sendJson(response, status, payload, { cors: true });
    const approveMatch = /^\/__control\/approve\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && approveMatch) {
      return send(
        approve(decodeURIComponent(approveMatch[1]), {
          expectCurrency: query.get('expect_currency'),
          expectIntent: query.get('expect_intent'),
        }),
      );
    }
    const settleMatch = /^\/__control\/settle\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && settleMatch) {
      let parsed;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send({ status: 400, body: { error: 'the body must be JSON' } });
      }
      return send(settle(decodeURIComponent(settleMatch[1]), parsed?.status));
    }
    if (request.method === 'POST' && path === '/__control/fail') {
      let spec;
      try {
        spec = JSON.parse(body);
      } catch {
        return send({ status: 400, body: { error: 'the body must be JSON' } });
      }
      return send(fail(spec));
    }
    if (request.method === 'POST' && path === '/__control/reset') {
      reset();
      return send({ status: 200, body: { ok: true } });
    }
    if (request.method === 'POST' && path === '/__control/expire_tokens') {
      expireTokens();
      return send({ status: 200, body: { ok: true } });
    }
    if (request.method === 'GET' && path === '/__control/state') return send({ status: 200, body: snapshot() });
    return send({ status: 404, body: { error: `no control endpoint ${request.method} ${path}` } });
  }

  return { snapshot, approve, settle, fail, reset, expireTokens, handleControl };
}
