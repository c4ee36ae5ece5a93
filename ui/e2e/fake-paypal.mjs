// A fake PayPal for the tests: the REST subset the server uses (OAuth token, Orders v2
// create/get/capture, Payments v2 captures and refunds) with PayPal's JSON shapes and
// error bodies, test-only control endpoints under /__control, and a fake JavaScript
// SDK at /sdk/js that @paypal/react-paypal-js can load instead of www.paypal.com.
//
// In-process:  const paypal = await startFakePaypal(); ... await paypal.close();
// As a child:  node e2e/fake-paypal.mjs [--port N] [--client-id ID] [--client-secret S]
//              prints `FAKE_PAYPAL_LISTENING http://127.0.0.1:<port>` and runs until its
//              stdin ends (so keep stdin piped: a parent that dies takes it along),
//              SIGTERM or SIGINT. --ignore-stdin keeps it running for manual use.
//
// Control API (JSON, CORS open):
//   POST /__control/approve/{order_id}[?expect_currency=EUR&expect_intent=CAPTURE]
//   POST /__control/fail   { endpoint, times?, status?, issue?, name?, description?,
//                            body?, delay_ms?, disconnect?, capture_status?, amount?, currency? }
//   POST /__control/reset, POST /__control/expire_tokens, GET /__control/state
import { createServer } from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MAX_BODY_BYTES = 1024 * 1024;
const TOKEN_LIFETIME_SECONDS = 32400;
const APP_ID = 'APP-80W284485P519543T';
const TOKEN_SCOPE = [
  'https://uri.paypal.com/services/payments/payment',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
  'openid',
].join(' ');

const PAYER = {
  name: { given_name: 'Erika', surname: 'Mustermann' },
  email_address: 'buyer@example.com',
  payer_id: 'FAKEPAYERID',
  address: { country_code: 'DE' },
};
const PAYEE = { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT1' };

/** What POST /__control/fail accepts as `endpoint`. */
const ENDPOINTS = ['token', 'create', 'get', 'capture', 'refund', 'get_capture', 'get_refund', 'sdk'];
const CAPTURE_STATUSES = ['COMPLETED', 'PENDING', 'DECLINED', 'FAILED'];

const ERROR_NAMES = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  401: [
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization parameter.',
  ],
  403: ['NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  409: ['RESOURCE_CONFLICT', 'The server has detected a conflict while processing this request.'],
  422: [
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
  ],
  429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
};

// PayPal's own wording, so error handling can be tested against realistic bodies.
const ISSUE_DESCRIPTIONS = {
  INVALID_RESOURCE_ID: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  ORDER_NOT_APPROVED: 'Payer has not yet approved the Order for payment.',
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED:
    "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED: 'Transaction cannot complete successfully, instruct the buyer to return to PayPal.',
  TRANSACTION_REFUSED: 'The request was refused.',
  DUPLICATE_INVOICE_ID: 'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED:
    'You have exceeded the maximum number of payment attempts.',
  PAYEE_ACCOUNT_RESTRICTED: 'The merchant account is restricted.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded',
  PENDING_CAPTURE:
    'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has paid using an eCheck.',
  REFUND_NOT_ALLOWED: 'Refund cannot be issued for this capture.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
  REFUND_AMOUNT_EXCEEDED:
    'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
  MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
  INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
  INVALID_PARAMETER_SYNTAX: 'The value of a field does not conform to the expected format.',
  INVALID_STRING_MAX_LENGTH: 'The value of a field is too long.',
  INVALID_ARRAY_MAX_ITEMS: 'The number of items in an array parameter is too large.',
  INVALID_CURRENCY_CODE:
    'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.',
  CURRENCY_MISMATCH: 'Currency code should be the same for all amounts.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE:
    'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
  AMOUNT_MISMATCH:
    'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
  ITEM_TOTAL_MISMATCH: 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit',
  TAX_TOTAL_MISMATCH: 'Should equal sum of (tax * quantity) across all items for a given purchase_unit',
  ITEM_TOTAL_REQUIRED:
    'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
};

// ---------------------------------------------------------------------------------
// Small helpers

/** A PayPal-style resource id: 17 random uppercase letters and digits. */
function paypalId() {
  let id = '';
  for (let i = 0; i < 17; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

/** PayPal's timestamps: ISO 8601 without milliseconds. */
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "23.50" → 2350; only called on values already checked against MONEY. */
const MONEY = /^\d{1,17}\.\d{2}$/;
const toCents = (value) => Number(value.replace('.', ''));
const fromCents = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** `{ status, body }` in PayPal's error format. */
function paypalError(status, issue, { name, message, description, field, value, location = 'body' } = {}) {
  const [defaultName, defaultMessage] = ERROR_NAMES[status] ?? ERROR_NAMES[500];
  const body = { name: name ?? defaultName };
  if (issue) {
    const detail = {};
    if (field !== undefined) detail.field = field;
    if (value !== undefined) detail.value = typeof value === 'string' ? value : JSON.stringify(value);
    if (field !== undefined) detail.location = location;
    detail.issue = issue;
    detail.description = description ?? ISSUE_DESCRIPTIONS[issue] ?? `${issue} (injected by the fake PayPal).`;
    body.details = [detail];
  }
  body.message = message ?? defaultMessage;
  body.debug_id = debugId();
  body.links = [
    {
      href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? body.name}`,
      rel: 'information_link',
      method: 'GET',
    },
  ];
  return { status, body };
}

const notFound = () => paypalError(404, 'INVALID_RESOURCE_ID');

/** The OAuth endpoint answers in OAuth's format, not PayPal's. */
const oauthError = (status, error, description) => ({
  status,
  body: { error, error_description: description },
});

/** A request body parsed as JSON; empty means `{}` (capture and refund send none). */
function parseJson(text) {
  if (text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: paypalError(400, 'MALFORMED_REQUEST_JSON') };
  }
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------
// Create-order validation

/** Checks one money object; returns an error or null. `path` is PayPal's field path. */
function checkMoney(money, path, currency) {
  if (!isObject(money)) return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: path });
  if (money.currency_code === undefined) {
    return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: `${path}/currency_code` });
  }
  if (typeof money.currency_code !== 'string' || !/^[A-Z]{3}$/.test(money.currency_code)) {
    return paypalError(422, 'INVALID_CURRENCY_CODE', { field: `${path}/currency_code`, value: money.currency_code });
  }
  if (currency && money.currency_code !== currency) {
    return paypalError(422, 'CURRENCY_MISMATCH', { field: `${path}/currency_code`, value: money.currency_code });
  }
  if (money.value === undefined) {
    return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: `${path}/value` });
  }
  if (typeof money.value !== 'string' || !/^\d{1,17}(\.\d+)?$/.test(money.value)) {
    return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: `${path}/value`, value: money.value });
  }
  // Stricter than PayPal, which also takes "23" or "23.5": the server must always
  // send two decimals for EUR, so anything else is a bug worth failing on.
  if (!MONEY.test(money.value)) {
    return paypalError(422, 'DECIMAL_PRECISION', { field: `${path}/value`, value: money.value });
  }
  return null;
}

function validateCreate(body) {
  if (!isObject(body)) return paypalError(400, 'MALFORMED_REQUEST_JSON');
  if (body.intent === undefined) return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: '/intent' });
  // PayPal also knows AUTHORIZE; the shop only ever captures, so the fake refuses it.
  if (body.intent !== 'CAPTURE') {
    return paypalError(400, 'INVALID_PARAMETER_VALUE', { field: '/intent', value: body.intent });
  }
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) {
    return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: '/purchase_units' });
  }
  // PayPal allows up to ten units; the shop sends one, and the fake models one.
  if (units.length > 1) return paypalError(400, 'INVALID_ARRAY_MAX_ITEMS', { field: '/purchase_units' });
  const unit = units[0];
  if (!isObject(unit)) return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: '/purchase_units/0' });
  const prefix = `/purchase_units/@reference_id=='${unit.reference_id ?? 'default'}'`;
  for (const [key, max] of [
    ['reference_id', 256],
    ['custom_id', 127],
    ['invoice_id', 127],
    ['description', 127],
  ]) {
    if (unit[key] === undefined) continue;
    if (typeof unit[key] !== 'string') {
      return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: `${prefix}/${key}`, value: unit[key] });
    }
    if (unit[key].length > max) {
      return paypalError(400, 'INVALID_STRING_MAX_LENGTH', { field: `${prefix}/${key}`, value: unit[key] });
    }
  }
  const amountError = checkMoney(unit.amount, `${prefix}/amount`);
  if (amountError) return amountError;
  const { currency_code: currency, value } = unit.amount;
  if (toCents(value) <= 0) {
    return paypalError(422, 'CANNOT_BE_ZERO_OR_NEGATIVE', { field: `${prefix}/amount/value`, value });
  }
  return validateBreakdown(unit, prefix, currency);
}

/** The totals checks PayPal makes when a breakdown and items are sent. */
function validateBreakdown(unit, prefix, currency) {
  const breakdown = unit.amount.breakdown;
  const items = unit.items;
  if (breakdown === undefined) {
    if (Array.isArray(items) && items.length > 0) {
      return paypalError(422, 'ITEM_TOTAL_REQUIRED', { field: `${prefix}/amount/breakdown/item_total` });
    }
    return null;
  }
  if (!isObject(breakdown)) {
    return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: `${prefix}/amount/breakdown` });
  }
  const parts = {};
  for (const key of ['item_total', 'tax_total', 'shipping', 'handling', 'insurance', 'shipping_discount', 'discount']) {
    if (breakdown[key] === undefined) {
      parts[key] = 0;
      continue;
    }
    const error = checkMoney(breakdown[key], `${prefix}/amount/breakdown/${key}`, currency);
    if (error) return error;
    parts[key] = toCents(breakdown[key].value);
  }
  const expected =
    parts.item_total + parts.tax_total + parts.shipping + parts.handling + parts.insurance -
    parts.shipping_discount - parts.discount;
  if (expected !== toCents(unit.amount.value)) {
    return paypalError(422, 'AMOUNT_MISMATCH', { field: `${prefix}/amount/value`, value: unit.amount.value });
  }
  if (!Array.isArray(items) || items.length === 0) return null;
  let itemTotal = 0;
  let taxTotal = 0;
  for (const [index, item] of items.entries()) {
    const path = `${prefix}/items/${index}`;
    if (!isObject(item)) return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: path });
    if (typeof item.name !== 'string' || item.name === '') {
      return paypalError(400, 'MISSING_REQUIRED_PARAMETER', { field: `${path}/name` });
    }
    if (typeof item.quantity !== 'string' || !/^\d{1,10}$/.test(item.quantity)) {
      return paypalError(400, 'INVALID_PARAMETER_SYNTAX', { field: `${path}/quantity`, value: item.quantity });
    }
    const unitError = checkMoney(item.unit_amount, `${path}/unit_amount`, currency);
    if (unitError) return unitError;
    itemTotal += toCents(item.unit_amount.value) * Number(item.quantity);
    if (item.tax !== undefined) {
      const taxError = checkMoney(item.tax, `${path}/tax`, currency);
      if (taxError) return taxError;
      taxTotal += toCents(item.tax.value) * Number(item.quantity);
    }
  }
  if (itemTotal !== parts.item_total) {
    return paypalError(422, 'ITEM_TOTAL_MISMATCH', { field: `${prefix}/amount/breakdown/item_total` });
  }
  if (taxTotal !== 0 && taxTotal !== parts.tax_total) {
    return paypalError(422, 'TAX_TOTAL_MISMATCH', { field: `${prefix}/amount/breakdown/tax_total` });
  }
  return null;
}

// ---------------------------------------------------------------------------------
// Failure specs from POST /__control/fail

function checkFailSpec(spec) {
  if (!isObject(spec)) return 'the body must be a JSON object';
  if (!ENDPOINTS.includes(spec.endpoint)) return `endpoint must be one of ${ENDPOINTS.join(', ')}`;
  const times = spec.times ?? 1;
  if (!Number.isInteger(times) || times < 1) return 'times must be a positive integer';
  if (spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)) {
    return 'status must be an HTTP error status (400-599)';
  }
  if (spec.delay_ms !== undefined && !(Number.isInteger(spec.delay_ms) && spec.delay_ms >= 0)) {
    return 'delay_ms must be a non-negative integer';
  }
  const captureOnly = ['capture_status', 'amount', 'currency'].filter((key) => spec[key] !== undefined);
  if (captureOnly.length > 0 && spec.endpoint !== 'capture') {
    return `${captureOnly.join(', ')} only apply to the capture endpoint`;
  }
  if (spec.capture_status !== undefined && !CAPTURE_STATUSES.includes(spec.capture_status)) {
    return `capture_status must be one of ${CAPTURE_STATUSES.join(', ')}`;
  }
  if (spec.amount !== undefined && !(typeof spec.amount === 'string' && MONEY.test(spec.amount))) {
    return 'amount must be a decimal string with two decimals, e.g. "1.00"';
  }
  if (spec.currency !== undefined && !(typeof spec.currency === 'string' && /^[A-Z]{3}$/.test(spec.currency))) {
    return 'currency must be three uppercase letters';
  }
  if (spec.status === undefined && (spec.issue !== undefined || spec.body !== undefined)) {
    return 'issue and body need a status';
  }
  return null;
}

/** The error a failure spec with a status answers. */
function injectedError(endpoint, spec) {
  if (spec.body !== undefined) return { status: spec.status, body: spec.body };
  if (endpoint === 'token' && spec.status < 500 && spec.issue === undefined) {
    return oauthError(spec.status, 'invalid_client', 'Client Authentication failed');
  }
  return paypalError(spec.status, spec.issue, {
    name: spec.name,
    message: spec.message,
    description: spec.description,
  });
}

// ---------------------------------------------------------------------------------
// The fake SDK, served as a script. This function runs in the browser: it is sent as
// its source text, so it must not use anything from this module.

function fakePaypalSdk(query, listeningUrl) {
  const doc = globalThis.document;
  const script = doc.currentScript;
  const origin = script && script.src ? new URL(script.src).origin : listeningUrl;
  // The loader passes dataNamespace as the data-namespace attribute.
  const namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  const sdkCurrency = (query.currency || 'USD').toUpperCase();
  const sdkIntent = (query.intent || 'capture').toUpperCase();
  const disabledFunding = (query['disable-funding'] || '').split(',').filter(Boolean);

  // Kept across reloads of the script so counters survive an options change.
  const fake = globalThis.__fakePaypal || {
    loads: 0,
    clicks: 0,
    restarts: 0,
    approvals: [],
    cancels: [],
    errors: [],
    // After actions.restart() the buyer approves again (as after picking another
    // funding source in PayPal's window) and onApprove runs again. Set to false to
    // only count the restart.
    reapproveOnRestart: true,
  };
  globalThis.__fakePaypal = fake;
  fake.query = query;
  fake.origin = origin;
  fake.loads += 1;

  const FUNDING = {
    PAYPAL: 'paypal',
    VENMO: 'venmo',
    CREDIT: 'credit',
    PAYLATER: 'paylater',
    CARD: 'card',
    SEPA: 'sepa',
    GIROPAY: 'giropay',
    SOFORT: 'sofort',
  };
  const AVAILABLE = ['paypal', 'paylater', 'card', 'sepa'];
  const isFundingEligible = (source) => AVAILABLE.includes(source) && !disabledFunding.includes(source);
  const unsupported = (what) => () =>
    Promise.reject(new Error(`fake PayPal: ${what} is not supported; the shop talks to PayPal from its server`));

  function Buttons(initialOptions) {
    const options = Object.assign({}, initialOptions);
    const fundingSource = options.fundingSource || 'paypal';
    let wrapper = null;
    let disabled = false;

    function reportError(error) {
      const err = error instanceof Error ? error : new Error(String(error));
      fake.errors.push(err.message);
      if (typeof options.onError === 'function') options.onError(err);
      else console.error('fake PayPal:', err);
    }

    const run = (flow) => {
      flow().catch(reportError);
    };

    // Like the real SDK: onClick may answer false or actions.reject() to stop, and a
    // disabled button still calls onClick but goes no further.
    async function clickAllowed() {
      fake.clicks += 1;
      if (typeof options.onClick === 'function') {
        const verdict = await options.onClick(
          { fundingSource },
          { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(false) },
        );
        if (verdict === false) return false;
      }
      return !disabled;
    }

    async function createOrder() {
      if (typeof options.createOrder !== 'function') throw new Error('fake PayPal: createOrder is required');
      const id = await options.createOrder(
        { paymentSource: fundingSource },
        { order: { create: unsupported('actions.order.create') } },
      );
      if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
      return id;
    }

    // The buyer approves in "PayPal's window": the fake server marks the order
    // approved, refusing when the order's currency or intent differ from the
    // script's, as the real checkout does.
    async function approve(id) {
      const params = new URLSearchParams({ expect_currency: sdkCurrency, expect_intent: sdkIntent });
      const url = `${origin}/__control/approve/${encodeURIComponent(id)}?${params}`;
      const response = await fetch(url, { method: 'POST' });
      if (!response.ok) {
        const text = await response.text();
        let message = text;
        try {
          message = JSON.parse(text).error || text;
        } catch {
          // not JSON: keep the text
        }
        throw new Error(`fake PayPal could not approve order ${id}: ${message}`);
      }
      fake.approvals.push(id);
    }

    async function approveAndNotify(id) {
      await approve(id);
      if (typeof options.onApprove !== 'function') return;
      const actions = {
        restart() {
          fake.restarts += 1;
          if (fake.reapproveOnRestart) setTimeout(() => run(() => approveAndNotify(id)), 0);
          return Promise.resolve();
        },
        redirect(url) {
          globalThis.location.href = url;
        },
        order: {
          capture: unsupported('actions.order.capture'),
          authorize: unsupported('actions.order.authorize'),
          get: unsupported('actions.order.get'),
          patch: unsupported('actions.order.patch'),
        },
      };
      await options.onApprove(
        {
          orderID: id,
          payerID: 'FAKEPAYERID',
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken: 'FAKE-FACILITATOR-ACCESS-TOKEN',
          paymentSource: fundingSource,
        },
        actions,
      );
    }

    function button(testId, label, onClick) {
      const element = doc.createElement('button');
      element.type = 'button';
      element.setAttribute('data-testid', testId);
      element.textContent = label;
      element.addEventListener('click', () => run(onClick));
      return element;
    }

    function showDisabled() {
      if (!wrapper) return;
      // Not the HTML disabled attribute: PayPal's real button stays clickable (and
      // calls onClick) while disabled, and a browser test can still click it.
      wrapper.setAttribute('data-disabled', String(disabled));
      for (const element of wrapper.querySelectorAll('button')) element.setAttribute('aria-disabled', String(disabled));
    }

    return {
      isEligible: () => isFundingEligible(fundingSource),
      render(container) {
        const element = typeof container === 'string' ? doc.querySelector(container) : container;
        if (!element) {
          return Promise.reject(new Error(`Document is ready and element ${container} does not exist`));
        }
        if (!isFundingEligible(fundingSource)) {
          return Promise.reject(new Error(`${fundingSource} is not eligible`));
        }
        wrapper = doc.createElement('div');
        wrapper.setAttribute('data-testid', 'fake-paypal-buttons');
        wrapper.setAttribute('data-funding-source', fundingSource);
        wrapper.append(
          button('fake-paypal-button', 'PayPal', async () => {
            if (!(await clickAllowed())) return;
            await approveAndNotify(await createOrder());
          }),
          button('fake-paypal-cancel', 'Cancel PayPal', async () => {
            if (!(await clickAllowed())) return;
            const id = await createOrder();
            fake.cancels.push(id);
            if (typeof options.onCancel === 'function') {
              await options.onCancel({ orderID: id }, { redirect: (url) => (globalThis.location.href = url) });
            }
          }),
        );
        element.appendChild(wrapper);
        showDisabled();
        if (typeof options.onInit === 'function') {
          options.onInit(
            {},
            {
              enable() {
                disabled = false;
                showDisabled();
                return Promise.resolve();
              },
              disable() {
                disabled = true;
                showDisabled();
                return Promise.resolve();
              },
            },
          );
        }
        return Promise.resolve();
      },
      updateProps(props) {
        Object.assign(options, props);
        return Promise.resolve();
      },
      close() {
        if (wrapper) wrapper.remove();
        wrapper = null;
        return Promise.resolve();
      },
      hasReturned: () => false,
      resume() {},
    };
  }

  globalThis[namespace] = {
    version: '5.0.0-fake',
    FUNDING,
    Buttons,
    getFundingSources: () => AVAILABLE.filter(isFundingEligible),
    isFundingEligible,
  };
}

/** The script for GET /sdk/js, or a failing one when the query is not what PayPal takes. */
function sdkResponse(query, url, clientId) {
  const fail = (message) => ({
    status: 400,
    script: `throw new Error(${JSON.stringify(`SDK Validation error: '${message}'`)});\n`,
  });
  if (!query['client-id']) return fail('Expected client-id to be passed');
  if (query['client-id'] !== clientId) return fail(`Invalid query value for client-id: ${query['client-id']}`);
  if (query.currency !== undefined && !/^[A-Z]{3}$/.test(query.currency)) {
    return fail(`Invalid query value for currency: ${query.currency}`);
  }
  if (query.intent !== undefined && !['capture', 'authorize', 'subscription', 'tokenize'].includes(query.intent)) {
    return fail(`Invalid query value for intent: ${query.intent}`);
  }
  return {
    status: 200,
    script: `/* fake PayPal JS SDK */\n(${fakePaypalSdk.toString()})(${JSON.stringify(query)}, ${JSON.stringify(url)});\n`,
  };
}

// ---------------------------------------------------------------------------------
// The server

function freshState() {
  return {
    orders: new Map(),
    captures: new Map(),
    refunds: new Map(),
    failures: new Map(), // endpoint → [spec with remaining `times`]
    replays: new Map(), // `${endpoint} ${PayPal-Request-Id}` → Promise<{ status, body }>
    tokenRequests: 0,
    requests: [],
  };
}

export async function startFakePaypal({ port = 0, clientId = 'test-client-id', clientSecret = 'test-secret' } = {}) {
  let state = freshState();
  // Issued tokens survive reset(): the server under test caches its token.
  const tokens = new Set();
  const sleeps = new Set();
  let url = '';

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        sleeps.delete(timer);
        resolve();
      }, ms);
      sleeps.add(timer);
    });

  const link = (path, rel, method = 'GET') => ({ href: `${url}${path}`, rel, method });

  // ---- rendering stored records in PayPal's shapes

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
        rendered.payments = { captures: order.capture_ids.map((id) => renderCapture(state.captures.get(id))) };
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

  // ---- the API handlers; each returns { status, body }

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
    state.orders.set(order.id, order);
    return { status: 201, body: renderOrder(order) };
  }

  function getOrder({ params }) {
    const order = state.orders.get(params.id);
    return order ? { status: 200, body: renderOrder(order) } : notFound();
  }

  function captureOrder({ params, body }, spec) {
    const order = state.orders.get(params.id);
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
    state.captures.set(capture.id, capture);
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
    const capture = state.captures.get(params.id);
    return capture ? { status: 200, body: renderCapture(capture, { withOrderId: true }) } : notFound();
  }

  function refundCapture({ params, body }) {
    const capture = state.captures.get(params.id);
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
    state.refunds.set(refund.id, refund);
    capture.refunded_cents += cents;
    capture.status = capture.refunded_cents >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = refund.create_time;
    return { status: 201, body: renderRefund(refund) };
  }

  function getRefund({ params }) {
    const refund = state.refunds.get(params.id);
    return refund ? { status: 200, body: renderRefund(refund) } : notFound();
  }

  function issueToken({ headers, body }) {
    const [scheme, encoded] = (headers.authorization ?? '').split(' ');
    const credentials = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (credentials !== `${clientId}:${clientSecret}`) {
      return oauthError(401, 'invalid_client', 'Client Authentication failed');
    }
    const grantType = new URLSearchParams(body).get('grant_type');
    if (!grantType) return oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (grantType !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'unsupported grant_type');
    const token = `A21AA${randomBytes(48).toString('base64url')}`;
    tokens.add(token);
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
  // Only these change state, so only these honour PayPal-Request-Id.
  const IDEMPOTENT = new Set(['create', 'capture', 'refund']);

  /** Takes the next failure spec of an endpoint, counting down its `times`. */
  function takeFailure(endpoint) {
    const queue = state.failures.get(endpoint);
    if (!queue || queue.length === 0) return null;
    const spec = queue[0];
    spec.remaining -= 1;
    if (spec.remaining <= 0) queue.shift();
    return spec;
  }

  async function handleApi(request, response, path, body) {
    const requestId = request.headers['paypal-request-id'] ?? null;
    const logEntry = { method: request.method, path, paypal_request_id: requestId, status: null };
    state.requests.push(logEntry);
    const send = ({ status, body: payload }) => {
      logEntry.status = status;
      sendJson(response, status, payload);
    };

    let route = null;
    let params = {};
    for (const [method, pattern, endpoint, handler] of ROUTES) {
      const match = pattern.exec(path);
      if (match && method === request.method) {
        route = { endpoint, handler };
        params = { id: match[1] };
        break;
      }
    }
    if (!route) return send(paypalError(404, null, { name: 'NOT_FOUND', message: `No route for ${request.method} ${path}.` }));
    const { endpoint, handler } = route;

    if (endpoint === 'token') {
      state.tokenRequests += 1;
    } else {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ');
      if (scheme !== 'Bearer' || !tokens.has(token)) {
        return send({
          status: 401,
          body: { name: 'AUTHENTICATION_FAILURE', message: ERROR_NAMES[401][1], links: [] },
        });
      }
    }

    const spec = takeFailure(endpoint);
    if (spec?.delay_ms) await sleep(spec.delay_ms);
    if (spec?.disconnect) {
      request.socket.destroy();
      return undefined;
    }
    if (spec?.status) return send(injectedError(endpoint, spec));

    // A replay answers what the first request answered (waiting for it if it is
    // still running), so a retried capture or refund never happens twice.
    const replayKey = requestId && IDEMPOTENT.has(endpoint) ? `${endpoint} ${requestId}` : null;
    if (replayKey && state.replays.has(replayKey)) return send(await state.replays.get(replayKey));
    const replays = state.replays;
    const result = Promise.resolve().then(() => handler({ params, body, headers: request.headers }, spec));
    if (replayKey) {
      replays.set(replayKey, result);
      // Only successes are remembered; a failed request may be retried for real.
      result.then(({ status }) => status >= 400 && replays.delete(replayKey)).catch(() => replays.delete(replayKey));
    }
    return send(await result);
  }

  // ---- control endpoints

  function snapshot() {
    const failures = {};
    for (const [endpoint, queue] of state.failures) {
      if (queue.length > 0) failures[endpoint] = queue.map(({ remaining, ...spec }) => ({ ...spec, times: remaining }));
    }
    return {
      orders: Object.fromEntries([...state.orders].map(([id, order]) => [id, renderOrder(order)])),
      captures: Object.fromEntries(
        [...state.captures].map(([id, capture]) => [id, renderCapture(capture, { withOrderId: true })]),
      ),
      refunds: [...state.refunds.values()].map((refund) => ({ ...renderRefund(refund), capture_id: refund.capture_id })),
      token_requests: state.tokenRequests,
      requests: state.requests,
      failures,
    };
  }

  function approve(orderId, { expectCurrency, expectIntent } = {}) {
    const order = state.orders.get(orderId);
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

  function fail(spec) {
    const problem = checkFailSpec(spec);
    if (problem) return { status: 400, body: { error: problem } };
    const { endpoint, times = 1, ...rest } = spec;
    const queue = state.failures.get(endpoint) ?? [];
    queue.push({ endpoint, ...rest, remaining: times });
    state.failures.set(endpoint, queue);
    return { status: 200, body: { ok: true } };
  }

  function reset() {
    state = freshState();
  }

  function expireTokens() {
    tokens.clear();
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

  async function handleSdk(request, response, query) {
    const spec = takeFailure('sdk');
    if (spec?.delay_ms) await sleep(spec.delay_ms);
    if (spec?.disconnect) {
      request.socket.destroy();
      return;
    }
    const params = Object.fromEntries(query);
    const { status, script } = spec?.status
      ? { status: spec.status, script: `throw new Error("fake PayPal: injected ${spec.status}");\n` }
      : sdkResponse(params, url, clientId);
    response.writeHead(status, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
    });
    response.end(script);
  }

  async function handle(request, response) {
    const parsed = new URL(request.url, 'http://127.0.0.1');
    const path = parsed.pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS_HEADERS);
      response.end();
      return;
    }
    const body = await readBody(request);
    if (path.startsWith('/__control/')) return handleControl(request, response, path, parsed.searchParams, body);
    if (request.method === 'GET' && path === '/sdk/js') return handleSdk(request, response, parsed.searchParams);
    // The approve link of an order, for trying the fake by hand in a browser.
    if (request.method === 'GET' && path === '/checkoutnow') {
      const { status } = approve(parsed.searchParams.get('token') ?? '');
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(status === 200 ? 'Approved by the fake PayPal buyer.\n' : 'No such order.\n');
      return;
    }
    return handleApi(request, response, path, body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error('fake PayPal:', error);
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
      else response.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  url = `http://127.0.0.1:${actualPort}`;

  return {
    url,
    port: actualPort,
    sdkUrl: `${url}/sdk/js`,
    clientId,
    clientSecret,
    /** Stops listening, drops open connections and pending delays. */
    close() {
      for (const timer of sleeps) clearTimeout(timer);
      sleeps.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    reset,
    state: snapshot,
    /** Same as POST /__control/approve/{id}: returns the order; throws for an unknown one. */
    approve(orderId) {
      const { status, body } = approve(orderId);
      if (status !== 200) throw new Error(body.error);
      return body;
    },
    /** Same as POST /__control/fail; throws on an invalid spec. */
    fail(spec) {
      const { status, body } = fail(spec);
      if (status !== 200) throw new Error(body.error);
    },
    expireTokens,
  };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, PayPal-Request-Id',
  'Access-Control-Max-Age': '600',
};

function sendJson(response, status, payload, { cors = false } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (payload && typeof payload.debug_id === 'string') headers['Paypal-Debug-Id'] = payload.debug_id;
  if (cors) Object.assign(headers, CORS_HEADERS);
  response.writeHead(status, headers);
  response.end(JSON.stringify(payload));
}

// ---------------------------------------------------------------------------------
// Run directly

function parseArgs(argv) {
  const options = {};
  let ignoreStdin = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--ignore-stdin') ignoreStdin = true;
    else if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--client-id') options.clientId = argv[++i];
    else if (arg === '--client-secret') options.clientSecret = argv[++i];
    else throw new Error(`unknown argument ${arg}`);
  }
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port < 65536)) {
    throw new Error('--port needs a port number');
  }
  return { options, ignoreStdin };
}

async function main() {
  const { options, ignoreStdin } = parseArgs(process.argv.slice(2));
  const paypal = await startFakePaypal(options);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    paypal.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (!ignoreStdin) {
    // The parent holds our stdin; when it closes it (or dies), we stop.
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.on('error', stop);
    process.stdin.resume();
  }
  process.stdout.write(`FAKE_PAYPAL_LISTENING ${paypal.url}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`fake PayPal: ${error.message}`);
    process.exit(1);
  });
}
