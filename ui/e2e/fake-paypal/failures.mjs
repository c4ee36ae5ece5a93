// Failure specs from POST /__control/fail: what they may say, and the error they answer.
import { oauthError, paypalError } from './errors.mjs';
import { MONEY } from './formats.mjs';
import { isObject } from './validation.mjs';

/** What POST /__control/fail accepts as `endpoint`. */
const ENDPOINTS = ['token', 'create', 'get', 'capture', 'refund', 'get_capture', 'get_refund', 'sdk'];
const CAPTURE_STATUSES = ['COMPLETED', 'PENDING', 'DECLINED', 'FAILED'];

export function checkFailSpec(spec) {
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
export function injectedError(endpoint, spec) {
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
