// PayPal's error bodies: the REST API's `{ name, message, details, debug_id, links }`
// and the OAuth endpoint's `{ error, error_description }`.
import { debugId } from './formats.mjs';

export const ERROR_NAMES = {
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

/** `{ status, body }` in PayPal's error format. */
export function paypalError(status, issue, { name, message, description, field, value, location = 'body' } = {}) {
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

export const notFound = () => paypalError(404, 'INVALID_RESOURCE_ID');

/** The OAuth endpoint answers in OAuth's format, not PayPal's. */
export const oauthError = (status, error, description) => ({
  status,
  body: { error, error_description: description },
});
