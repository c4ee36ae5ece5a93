// Self-test of the fake PayPal: the REST flow, its errors, failure injection,
// PayPal-Request-Id replays, the fake SDK script (run against a tiny DOM stand-in)
// and the command-line mode. Run: node --test e2e/fake-paypal.test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startFakePaypal } from './fake-paypal.mjs';

const SCRIPT = fileURLToPath(new URL('./fake-paypal.mjs', import.meta.url));
const BASIC = `Basic ${Buffer.from('test-client-id:test-secret').toString('base64')}`;
const ORDER_BODY = {
  intent: 'CAPTURE',
  purchase_units: [{ custom_id: 'shop-order-7', amount: { currency_code: 'EUR', value: '23.50' } }],
};

describe('fake PayPal', () => {
  let paypal;
  let token;

  /** Sends a JSON request; returns { status, body, headers }. */
  async function call(method, path, { body, auth = `Bearer ${token}`, requestId, signal } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (auth) headers.Authorization = auth;
    if (requestId) headers['PayPal-Request-Id'] = requestId;
    const response = await fetch(`${paypal.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  async function fetchToken() {
    const response = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    assert.equal(response.status, 200);
    return response.json();
  }

  async function approvedOrder() {
    const created = await call('POST', '/v2/checkout/orders', { body: ORDER_BODY });
    assert.equal(created.status, 201);
    paypal.approve(created.body.id);
    return created.body.id;
  }

  before(async () => {
    paypal = await startFakePaypal();
    token = (await fetchToken()).access_token;
  });
  after(() => paypal.close());
  beforeEach(() => paypal.reset());

  test('the token endpoint checks the client credentials', async () => {
    const wrong = await fetch(`${paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('test-client-id:nope').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    assert.equal(wrong.status, 401);
    assert.deepEqual(await wrong.json(), {
      error: 'invalid_client',
      error_description: 'Client Authentication failed',
    });
    const issued = await fetchToken();
    assert.equal(issued.token_type, 'Bearer');
    assert.equal(issued.expires_in, 32400);
    for (const key of ['scope', 'access_token', 'app_id', 'nonce']) assert.equal(typeof issued[key], 'string', key);
    assert.equal(paypal.state().token_requests, 2);
  });

  test('the API needs an issued bearer token', async () => {
    const missing = await call('POST', '/v2/checkout/orders', { body: ORDER_BODY, auth: null });
    assert.equal(missing.status, 401);
    assert.equal(missing.body.name, 'AUTHENTICATION_FAILURE');
    const unknown = await call('GET', '/v2/checkout/orders/X', { auth: 'Bearer made-up' });
    assert.equal(unknown.status, 401);
  });

  test('create, approve, capture, get and refund', async () => {
    const created = await call('POST', '/v2/checkout/orders', { body: ORDER_BODY });
    assert.equal(created.status, 201);
    const { id } = created.body;
    assert.match(id, /^[A-Z0-9]{17}$/);
    assert.equal(created.body.status, 'CREATED');
    assert.equal(created.body.purchase_units[0].reference_id, 'default');
    assert.deepEqual(created.body.purchase_units[0].amount, { currency_code: 'EUR', value: '23.50' });
    assert.deepEqual(
      created.body.links.map((link) => link.rel),
      ['self', 'approve', 'update', 'capture'],
    );

    const early = await call('POST', `/v2/checkout/orders/${id}/capture`, { body: {} });
    assert.equal(early.status, 422);
    assert.equal(early.body.details[0].issue, 'ORDER_NOT_APPROVED');

    // The approve control endpoint answers the browser's CORS preflight.
    const preflight = await fetch(`${paypal.url}/__control/approve/${id}`, { method: 'OPTIONS' });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const approved = await fetch(`${paypal.url}/__control/approve/${id}`, { method: 'POST' });
    assert.equal(approved.status, 200);
    assert.equal(approved.headers.get('access-control-allow-origin'), '*');
    assert.equal((await call('GET', `/v2/checkout/orders/${id}`)).body.status, 'APPROVED');

    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, { requestId: 'capture-1' });
    assert.equal(captured.status, 201);
    assert.equal(captured.body.status, 'COMPLETED');
    const capture = captured.body.purchase_units[0].payments.captures[0];
    assert.equal(capture.status, 'COMPLETED');
    assert.deepEqual(capture.amount, { currency_code: 'EUR', value: '23.50' });
    assert.equal(capture.final_capture, true);
    assert.equal(capture.custom_id, 'shop-order-7');
    assert.equal(captured.body.payer.payer_id, 'FAKEPAYERID');

    const again = await call('POST', `/v2/checkout/orders/${id}/capture`, { body: {} });
    assert.equal(again.status, 422);
    assert.equal(again.body.details[0].issue, 'ORDER_ALREADY_CAPTURED');

    const order = await call('GET', `/v2/checkout/orders/${id}`);
    assert.equal(order.body.status, 'COMPLETED');
    assert.equal(order.body.purchase_units[0].payments.captures[0].id, capture.id);

    const refund = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { body: {}, requestId: 'r-1' });
    assert.equal(refund.status, 201);
    assert.equal(refund.body.status, 'COMPLETED');
    assert.deepEqual(refund.body.amount, { currency_code: 'EUR', value: '23.50' });
    const replayed = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { body: {}, requestId: 'r-1' });
    assert.deepEqual(replayed, { ...refund, headers: replayed.headers });
    const twice = await call('POST', `/v2/payments/captures/${capture.id}/refund`, { body: {} });
    assert.equal(twice.status, 422);
    assert.equal(twice.body.details[0].issue, 'CAPTURE_FULLY_REFUNDED');
    assert.equal((await call('GET', `/v2/payments/captures/${capture.id}`)).body.status, 'REFUNDED');

    const state = paypal.state();
    assert.equal(state.refunds.length, 1);
    assert.equal(state.captures[capture.id].status, 'REFUNDED');
    assert.equal(state.captures[capture.id].supplementary_data.related_ids.order_id, id);
    assert.ok(state.requests.some((entry) => entry.paypal_request_id === 'capture-1'));
  });

  test('unknown resources answer 404 RESOURCE_NOT_FOUND', async () => {
    const order = await call('GET', '/v2/checkout/orders/NOSUCHORDER000000');
    assert.equal(order.status, 404);
    assert.equal(order.body.name, 'RESOURCE_NOT_FOUND');
    assert.equal(order.body.details[0].issue, 'INVALID_RESOURCE_ID');
    assert.equal(typeof order.body.debug_id, 'string');
    assert.equal((await call('POST', '/v2/payments/captures/NOPE/refund', { body: {} })).status, 404);
    assert.equal((await fetch(`${paypal.url}/__control/approve/NOPE`, { method: 'POST' })).status, 404);
  });

  test('create validates like PayPal', async () => {
    const withAmount = (amount, extra = {}) => ({
      ...ORDER_BODY,
      ...extra,
      purchase_units: [{ amount }],
    });
    const cases = [
      [withAmount({ currency_code: 'EUR', value: '23.5' }), 422, 'DECIMAL_PRECISION'],
      [withAmount({ currency_code: 'EUR', value: '0.00' }), 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
      [withAmount({ currency_code: 'EU', value: '1.00' }), 422, 'INVALID_CURRENCY_CODE'],
      [withAmount({ currency_code: 'EUR', value: 'abc' }), 400, 'INVALID_PARAMETER_SYNTAX'],
      [withAmount({ currency_code: 'EUR', value: '1.00' }, { intent: 'AUTHORIZE' }), 400, 'INVALID_PARAMETER_VALUE'],
      [{ intent: 'CAPTURE', purchase_units: [] }, 400, 'MISSING_REQUIRED_PARAMETER'],
      [{ ...ORDER_BODY, purchase_units: [ORDER_BODY.purchase_units[0], ORDER_BODY.purchase_units[0]] }, 400, 'INVALID_ARRAY_MAX_ITEMS'],
    ];
    for (const [body, status, issue] of cases) {
      const answer = await call('POST', '/v2/checkout/orders', { body });
      assert.equal(answer.status, status, issue);
      assert.equal(answer.body.details[0].issue, issue);
    }
    assert.deepEqual(paypal.state().orders, {});
  });

  test('PayPal-Request-Id makes create and capture idempotent', async () => {
    const first = await call('POST', '/v2/checkout/orders', { body: ORDER_BODY, requestId: 'create-1' });
    const second = await call('POST', '/v2/checkout/orders', { body: ORDER_BODY, requestId: 'create-1' });
    assert.equal(second.status, 201);
    assert.equal(second.body.id, first.body.id);
    assert.equal(Object.keys(paypal.state().orders).length, 1);

    paypal.approve(first.body.id);
    const path = `/v2/checkout/orders/${first.body.id}/capture`;
    const capture = await call('POST', path, { requestId: 'cap-1' });
    const replay = await call('POST', path, { requestId: 'cap-1' });
    assert.equal(replay.status, 201);
    assert.deepEqual(replay.body, capture.body);
    assert.equal(Object.keys(paypal.state().captures).length, 1);
  });

  test('an injected error answers once and changes nothing', async () => {
    const id = await approvedOrder();
    paypal.fail({ endpoint: 'capture', status: 422, issue: 'INSTRUMENT_DECLINED' });
    const declined = await call('POST', `/v2/checkout/orders/${id}/capture`, { body: {}, requestId: 'c' });
    assert.equal(declined.status, 422);
    assert.equal(declined.body.name, 'UNPROCESSABLE_ENTITY');
    assert.equal(declined.body.details[0].issue, 'INSTRUMENT_DECLINED');
    assert.equal(paypal.state().orders[id].status, 'APPROVED');
    // The failure was not remembered for the request id: the retry really captures.
    const retried = await call('POST', `/v2/checkout/orders/${id}/capture`, { body: {}, requestId: 'c' });
    assert.equal(retried.status, 201);
  });

  test('500, pending and altered captures', async () => {
    const control = await fetch(`${paypal.url}/__control/fail`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'get', status: 500 }),
    });
    assert.equal(control.status, 200);
    const broken = await call('GET', '/v2/checkout/orders/ANY');
    assert.equal(broken.status, 500);
    assert.equal(broken.body.name, 'INTERNAL_SERVER_ERROR');
    assert.equal(broken.body.message, 'An internal server error occurred.');

    const pendingId = await approvedOrder();
    paypal.fail({ endpoint: 'capture', capture_status: 'PENDING' });
    const pending = await call('POST', `/v2/checkout/orders/${pendingId}/capture`, { body: {} });
    assert.equal(pending.body.status, 'COMPLETED');
    assert.equal(pending.body.purchase_units[0].payments.captures[0].status, 'PENDING');

    const alteredId = await approvedOrder();
    paypal.fail({ endpoint: 'capture', amount: '1.00', currency: 'USD' });
    const altered = await call('POST', `/v2/checkout/orders/${alteredId}/capture`, { body: {} });
    assert.deepEqual(altered.body.purchase_units[0].payments.captures[0].amount, { currency_code: 'USD', value: '1.00' });

    const bad = await fetch(`${paypal.url}/__control/fail`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'nope' }),
    });
    assert.equal(bad.status, 400);
  });

  test('a pending capture settles later and can be refunded then', async () => {
    const id = await approvedOrder();
    paypal.fail({ endpoint: 'capture', capture_status: 'PENDING' });
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, { body: {} });
    const captureId = captured.body.purchase_units[0].payments.captures[0].id;
    const early = await call('POST', `/v2/payments/captures/${captureId}/refund`, { body: {} });
    assert.equal(early.body.details[0].issue, 'PENDING_CAPTURE');

    const settled = await fetch(`${paypal.url}/__control/settle/${captureId}`, {
      method: 'POST',
      body: JSON.stringify({ status: 'COMPLETED' }),
    });
    assert.equal(settled.status, 200);
    assert.equal((await call('GET', `/v2/payments/captures/${captureId}`)).body.status, 'COMPLETED');
    assert.equal((await call('GET', `/v2/checkout/orders/${id}`)).body.purchase_units[0].payments.captures[0].status, 'COMPLETED');
    const refund = await call('POST', `/v2/payments/captures/${captureId}/refund`, { body: {} });
    assert.equal(refund.status, 201);
    // Only a pending capture settles, and only to an end PayPal knows.
    assert.throws(() => paypal.settle(captureId, 'COMPLETED'), /not PENDING/);
    assert.throws(() => paypal.settle('NOPE', 'COMPLETED'), /no capture/);
    const declinedId = await approvedOrder();
    paypal.fail({ endpoint: 'capture', capture_status: 'PENDING' });
    const other = await call('POST', `/v2/checkout/orders/${declinedId}/capture`, { body: {} });
    const otherId = other.body.purchase_units[0].payments.captures[0].id;
    assert.throws(() => paypal.settle(otherId, 'MAYBE'), /status must be one of/);
    assert.equal(paypal.settle(otherId, 'DECLINED').status, 'DECLINED');
  });

  test('a delayed capture happens although the client gave up', async () => {
    const id = await approvedOrder();
    paypal.fail({ endpoint: 'capture', delay_ms: 300 });
    const path = `/v2/checkout/orders/${id}/capture`;
    await assert.rejects(call('POST', path, { body: {}, requestId: 'slow', signal: AbortSignal.timeout(50) }));
    assert.equal(Object.keys(paypal.state().captures).length, 0);
    // The retry with the same id waits for the first request and answers its capture.
    const retried = await call('POST', path, { body: {}, requestId: 'slow' });
    assert.equal(retried.status, 201);
    assert.equal(Object.keys(paypal.state().captures).length, 1);
  });

  test('the SDK script drives createOrder, approval and onApprove', async () => {
    const query = 'client-id=test-client-id&currency=EUR&intent=capture&disable-funding=card';
    const refused = await fetch(`${paypal.url}/sdk/js?client-id=someone-else`);
    assert.equal(refused.status, 400);
    const response = await fetch(`${paypal.url}/sdk/js?${query}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type'), /^application\/javascript/);

    const { window, container, click } = loadSdk(await response.text(), `${paypal.url}/sdk/js?${query}`);
    assert.deepEqual({ ...window.__fakePaypal.query }, {
      'client-id': 'test-client-id',
      currency: 'EUR',
      intent: 'capture',
      'disable-funding': 'card',
    });
    assert.equal(window.paypal.Buttons({ fundingSource: 'card' }).isEligible(), false);

    const events = [];
    let approvedWith;
    let finished;
    const done = new Promise((resolve) => (finished = resolve));
    const buttons = window.paypal.Buttons({
      createOrder: async () => {
        events.push('createOrder');
        return (await call('POST', '/v2/checkout/orders', { body: ORDER_BODY })).body.id;
      },
      onApprove: async (data, actions) => {
        events.push('onApprove');
        approvedWith = data;
        if (events.filter((event) => event === 'onApprove').length === 1) await actions.restart();
        else finished();
      },
      onCancel: (data) => {
        events.push(`onCancel ${data.orderID}`);
        finished();
      },
      onError: (error) => {
        events.push(`onError ${error.message}`);
        finished();
      },
    });
    assert.equal(buttons.isEligible(), true);
    await buttons.render(container);
    click('fake-paypal-button');
    await done;
    assert.deepEqual(events, ['createOrder', 'onApprove', 'onApprove']);
    assert.equal(approvedWith.payerID, 'FAKEPAYERID');
    assert.equal(paypal.state().orders[approvedWith.orderID].status, 'APPROVED');
    assert.equal(window.__fakePaypal.restarts, 1);

    events.length = 0;
    const cancelled = new Promise((resolve) => (finished = resolve));
    click('fake-paypal-cancel');
    await cancelled;
    assert.equal(events.length, 2);
    assert.match(events[1], /^onCancel [A-Z0-9]{17}$/);
    await buttons.close();
    assert.equal(container.children.length, 0);
  });

  test("the SDK puts the script's data-csp-nonce on the style it adds, as PayPal's does", async () => {
    const url = `${paypal.url}/sdk/js?client-id=test-client-id&currency=EUR`;
    const source = await (await fetch(url)).text();
    const styleOf = async (attributes) => {
      const { window, container } = loadSdk(source, url, attributes);
      await window.paypal.Buttons({ createOrder: async () => 'unused' }).render(container);
      const styles = container.querySelectorAll('style');
      assert.equal(styles.length, 1, 'one style element in the container');
      const wrapper = container.children[0];
      assert.ok(styles[0].textContent.startsWith(`#${wrapper.getAttribute('id')} {`), styles[0].textContent);
      return styles[0];
    };
    const nonced = await styleOf({ 'data-csp-nonce': 'bm9uY2Utb2YtdGhpcy1wYWdl' });
    assert.equal(nonced.getAttribute('nonce'), 'bm9uY2Utb2YtdGhpcy1wYWdl');
    const bare = await styleOf({});
    assert.equal(bare.getAttribute('nonce'), null, 'no nonce without data-csp-nonce');
  });

  test('the SDK reports a currency the order does not have', async () => {
    const url = `${paypal.url}/sdk/js?client-id=test-client-id`; // PayPal's default currency: USD
    const { window, container, click } = loadSdk(await (await fetch(url)).text(), url);
    let failed;
    const errored = new Promise((resolve) => (failed = resolve));
    const buttons = window.paypal.Buttons({
      createOrder: async () => (await call('POST', '/v2/checkout/orders', { body: ORDER_BODY })).body.id,
      onApprove: () => assert.fail('approved in the wrong currency'),
      onError: failed,
    });
    await buttons.render(container);
    click('fake-paypal-button');
    assert.match((await errored).message, /Unexpected currency: EUR/);
  });
});

test('run directly, it prints its URL and exits when stdin closes', async () => {
  const child = spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  assert.match(line, /^FAKE_PAYPAL_LISTENING http:\/\/127\.0\.0\.1:\d+$/);
  const url = line.split(' ')[1];
  assert.equal((await fetch(`${url}/__control/state`)).status, 200);
  const exited = once(child, 'exit');
  child.stdin.end();
  const [code] = await exited;
  assert.equal(code, 0);
});

/**
 * Runs the SDK script in a fresh context with just enough of a DOM for it: a script
 * element (with `attributes`) as document.currentScript, elements that can hold
 * children and be clicked.
 */
function loadSdk(source, src, attributes = {}) {
  class Element {
    constructor(tag) {
      this.tagName = tag.toUpperCase();
      this.attributes = {};
      this.children = [];
      this.listeners = {};
      this.parent = null;
      this.textContent = '';
    }
    setAttribute(name, value) {
      this.attributes[name] = String(value);
    }
    getAttribute(name) {
      return this.attributes[name] ?? null;
    }
    append(...elements) {
      for (const element of elements) this.appendChild(element);
    }
    appendChild(element) {
      element.parent = this;
      this.children.push(element);
      return element;
    }
    remove() {
      if (this.parent) this.parent.children = this.parent.children.filter((child) => child !== this);
      this.parent = null;
    }
    addEventListener(type, listener) {
      (this.listeners[type] ??= []).push(listener);
    }
    querySelectorAll(selector) {
      const found = [];
      const walk = (element) => {
        for (const child of element.children) {
          if (child.tagName === selector.toUpperCase()) found.push(child);
          walk(child);
        }
      };
      walk(this);
      return found;
    }
  }
  const script = new Element('script');
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  const document = {
    currentScript: script,
    createElement: (tag) => new Element(tag),
    querySelector: () => null,
  };
  const window = { document, fetch, URL, URLSearchParams, setTimeout, console };
  runInNewContext(source, window);
  const container = new Element('div');
  const click = (testId) => {
    const button = container
      .querySelectorAll('button')
      .find((element) => element.getAttribute('data-testid') === testId);
    assert.ok(button, `button ${testId}`);
    for (const listener of button.listeners.click ?? []) listener();
  };
  return { window, container, click };
}
