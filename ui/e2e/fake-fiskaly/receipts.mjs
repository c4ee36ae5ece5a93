// A transaction's `schema` as fiskaly checks it (standard_v1 receipt, order or other;
// raw), and what the QR code of DSFinV-K Appendix I makes of it: the processType and the
// processData, e.g. `Beleg^12.50_8.40_0.00_0.00_0.00^20.90:Bar`.
import { isObject } from './http.mjs';

/** The DSFinV-K order of the VAT rates in processData. */
const VAT_RATES = ['NORMAL', 'REDUCED_1', 'SPECIAL_RATE_1', 'SPECIAL_RATE_2', 'NULL'];
/** The quoted percentages fiskaly still accepts (deprecated). */
const DEPRECATED_VAT_RATES = { 19: 'NORMAL', 7: 'REDUCED_1', '10.7': 'SPECIAL_RATE_1', '5.5': 'SPECIAL_RATE_2', 0: 'NULL' };
/** receipt_type → DSFinV-K's BON_TYP. */
const RECEIPT_TYPES = {
  RECEIPT: 'Beleg',
  TRAINING: 'AVTraining',
  TRANSFER: 'AVTransfer',
  ORDER: 'AVBestellung',
  CANCELLATION: 'AVBelegabbruch',
  ABORT: 'AVBelegabbruch',
  BENEFIT_IN_KIND: 'AVSachbezug',
  INVOICE: 'AVRechnung',
  OTHER: 'AVSonstige',
  ANNULATION: 'AVBelegstorno',
};
const AMOUNT = /^-?\d+(\.\d{2,5})$/;
const QUANTITY = /^-?\d+(\.\d{1,5})?$/;
const CURRENCY = /^[a-zA-Z]{3}$/;

function vatRateName(rate) {
  if (VAT_RATES.includes(rate)) return rate;
  return typeof rate === 'string' && Object.hasOwn(DEPRECATED_VAT_RATES, rate) ? DEPRECATED_VAT_RATES[rate] : undefined;
}

function onlyKey(object, allowed, path) {
  const keys = Object.keys(object);
  if (keys.length !== 1 || !allowed.includes(keys[0])) return `${path} must have exactly one of ${allowed.join(', ')}`;
  return null;
}

function receiptProblem(receipt) {
  const path = 'body/schema/standard_v1/receipt';
  if (!isObject(receipt)) return `${path} must be object`;
  if (!Object.hasOwn(RECEIPT_TYPES, receipt.receipt_type)) {
    return `${path}/receipt_type must be equal to one of the allowed values: ${Object.keys(RECEIPT_TYPES).join(', ')}`;
  }
  if (!Array.isArray(receipt.amounts_per_vat_rate)) return `${path} must have required property 'amounts_per_vat_rate'`;
  for (const [index, item] of receipt.amounts_per_vat_rate.entries()) {
    const at = `${path}/amounts_per_vat_rate/${index}`;
    if (!isObject(item) || vatRateName(item.vat_rate) === undefined) return `${at}/vat_rate must be one of ${VAT_RATES.join(', ')}`;
    if (typeof item.amount !== 'string' || !AMOUNT.test(item.amount)) return `${at}/amount must match pattern "${AMOUNT.source}"`;
  }
  const payments = receipt.amounts_per_payment_type ?? [];
  if (!Array.isArray(payments)) return `${path}/amounts_per_payment_type must be array`;
  for (const [index, item] of payments.entries()) {
    const at = `${path}/amounts_per_payment_type/${index}`;
    if (!isObject(item) || !['CASH', 'NON_CASH'].includes(item.payment_type)) return `${at}/payment_type must be CASH or NON_CASH`;
    if (typeof item.amount !== 'string' || !AMOUNT.test(item.amount)) return `${at}/amount must match pattern "${AMOUNT.source}"`;
    if (item.currency_code !== undefined && !CURRENCY.test(item.currency_code)) return `${at}/currency_code must be 3 letters`;
  }
  return null;
}

function orderProblem(order) {
  const path = 'body/schema/standard_v1/order';
  if (!isObject(order) || !Array.isArray(order.line_items)) return `${path} must have required property 'line_items'`;
  for (const [index, item] of order.line_items.entries()) {
    const ok =
      isObject(item) &&
      typeof item.quantity === 'string' &&
      QUANTITY.test(item.quantity) &&
      typeof item.text === 'string' &&
      item.text.length <= 255 &&
      typeof item.price_per_unit === 'string' &&
      AMOUNT.test(item.price_per_unit);
    if (!ok) return `${path}/line_items/${index} must have quantity, text and price_per_unit`;
  }
  return null;
}

/** What is wrong with a transaction's `schema` (absent is fine), or null. */
export function schemaProblem(schema) {
  if (schema === undefined) return null;
  if (!isObject(schema)) return 'body/schema must be object';
  const kind = onlyKey(schema, ['standard_v1', 'dsfinvtw_v1', 'raw'], 'body/schema');
  if (kind) return kind;
  if (schema.raw !== undefined) {
    const raw = schema.raw;
    const ok = isObject(raw) && typeof raw.process_type === 'string' && typeof raw.process_data === 'string';
    return ok ? null : "body/schema/raw must have required properties 'process_type' and 'process_data'";
  }
  if (schema.dsfinvtw_v1 !== undefined) return 'body/schema/dsfinvtw_v1 is not known to this fake';
  const v1 = schema.standard_v1;
  if (!isObject(v1)) return 'body/schema/standard_v1 must be object';
  const part = onlyKey(v1, ['receipt', 'order', 'other'], 'body/schema/standard_v1');
  if (part) return part;
  if (v1.receipt !== undefined) return receiptProblem(v1.receipt);
  if (v1.order !== undefined) return orderProblem(v1.order);
  return isObject(v1.other) ? null : 'body/schema/standard_v1/other must be object';
}

/** An amount in hundred-thousandths (fiskaly allows up to five decimals). */
function units(amount) {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100000n + BigInt(fraction.padEnd(5, '0'));
  return negative ? -value : value;
}

/** Hundred-thousandths as a decimal with two places, rounded half away from zero. */
function twoPlaces(value) {
  const negative = value < 0n;
  const cents = ((negative ? -value : value) + 500n) / 1000n;
  return `${negative && cents > 0n ? '-' : ''}${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** The processType and processData of a transaction's schema, for its QR code. */
export function processOf(schema) {
  const receipt = schema?.standard_v1?.receipt;
  if (receipt) {
    const sums = VAT_RATES.map((rate) =>
      receipt.amounts_per_vat_rate
        .filter((item) => vatRateName(item.vat_rate) === rate)
        .reduce((sum, item) => sum + units(item.amount), 0n),
    );
    const payments = (receipt.amounts_per_payment_type ?? []).map((item) => {
      const kind = item.payment_type === 'CASH' ? 'Bar' : 'Unbar';
      const currency = (item.currency_code ?? 'EUR').toUpperCase();
      return `${twoPlaces(units(item.amount))}:${kind}${currency === 'EUR' ? '' : `:${currency}`}`;
    });
    const data = `${RECEIPT_TYPES[receipt.receipt_type]}^${sums.map(twoPlaces).join('_')}^${payments.join('_')}`;
    return { processType: 'Kassenbeleg-V1', processData: data };
  }
  if (schema?.standard_v1?.order) {
    const lines = schema.standard_v1.order.line_items.map((item) => `${item.quantity};"${item.text}";${item.price_per_unit}`);
    return { processType: 'Bestellung-V1', processData: lines.join('\r') };
  }
  if (schema?.raw) {
    return { processType: schema.raw.process_type, processData: Buffer.from(schema.raw.process_data, 'base64').toString('utf8') };
  }
  return { processType: schema?.standard_v1?.other ? 'SonstigerVorgang' : '', processData: '' };
}
