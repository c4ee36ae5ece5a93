// The checks PayPal makes on a request body: JSON, money objects, and the create-order
// request with its breakdown and items.
import { paypalError } from './errors.mjs';
import { MONEY, toCents } from './formats.mjs';

export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A request body parsed as JSON; empty means `{}` (capture and refund send none). */
export function parseJson(text) {
  if (text.trim() === '') return { value: {} };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: paypalError(400, 'MALFORMED_REQUEST_JSON') };
  }
}

/** Checks one money object; returns an error or null. `path` is PayPal's field path. */
export function checkMoney(money, path, currency) {
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

export function validateCreate(body) {
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
