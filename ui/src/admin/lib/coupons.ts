import type { Coupon, CouponBody, CouponKind, CouponOrderTypes } from '../api/coupons-api';
import { formatDecimalInput, formatPriceInput, parseDecimal } from './price';

/** The most a coupon's amount or minimum order may be, in euros (as the server checks). */
export const MAX_COUPON_EUROS = 1000;
/** The most uses a limit may name (as the server checks). */
export const MAX_COUPON_LIMIT = 1_000_000;

/** The coupon form as typed. */
export interface CouponFormValues {
  code: string;
  kind: CouponKind;
  percent: string;
  amount: string;
  minimum_order: string;
  valid_from: string;
  valid_to: string;
  order_types: CouponOrderTypes;
  first_order_only: boolean;
  per_customer_limit: string;
  total_limit: string;
  paused: boolean;
}

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  minimum_order: '',
  valid_from: '',
  valid_to: '',
  order_types: 'both',
  first_order_only: false,
  per_customer_limit: '',
  total_limit: '',
  paused: false,
};

/** A saved coupon's terms in the form. */
export function couponFormValues(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.kind === 'percent' ? formatDecimalInput(coupon.percent) : '',
    amount: coupon.kind === 'amount' ? formatPriceInput(coupon.amount) : '',
    minimum_order: coupon.minimum_order > 0 ? formatPriceInput(coupon.minimum_order) : '',
    valid_from: coupon.valid_from ?? '',
    valid_to: coupon.valid_to ?? '',
    order_types: coupon.order_types,
    first_order_only: coupon.first_order_only,
    per_customer_limit: coupon.per_customer_limit === null ? '' : String(coupon.per_customer_limit),
    total_limit: coupon.total_limit === null ? '' : String(coupon.total_limit),
    paused: coupon.paused,
  };
}

/** What is wrong with a field, as a key under `coupons.errors` (or `required`). */
export type CouponFieldProblem = 'required' | 'code' | 'percent' | 'amount' | 'minimum_order' | 'limit' | 'valid_to';

export type CouponFormCheck =
  | { ok: true; body: CouponBody }
  | { ok: false; problems: Partial<Record<keyof CouponFormValues, CouponFieldProblem>> };

const CODE = /^[A-Za-z0-9-]{3,24}$/;

function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_COUPON_LIMIT ? count : undefined;
}

/** The body to send for the form, or what keeps it back; the server checks again. */
export function checkCouponForm(values: CouponFormValues): CouponFormCheck {
  const problems: Partial<Record<keyof CouponFormValues, CouponFieldProblem>> = {};
  const code = values.code.trim();
  if (code === '') problems.code = 'required';
  else if (!CODE.test(code)) problems.code = 'code';

  let percent: number | null = null;
  if (values.kind === 'percent') {
    const parsed = parseDecimal(values.percent, { min: 0, max: 100, decimals: 2 });
    if (!parsed.ok) problems.percent = parsed.error === 'required' ? 'required' : 'percent';
    else if (parsed.value <= 0) problems.percent = 'percent';
    else percent = parsed.value;
  }
  let amount: number | null = null;
  if (values.kind === 'amount') {
    const parsed = parseDecimal(values.amount, { min: 0, max: MAX_COUPON_EUROS, decimals: 2 });
    if (!parsed.ok) problems.amount = parsed.error === 'required' ? 'required' : 'amount';
    else if (parsed.value <= 0) problems.amount = 'amount';
    else amount = parsed.value;
  }
  let minimum = 0;
  if (values.minimum_order.trim() !== '') {
    const parsed = parseDecimal(values.minimum_order, { min: 0, max: MAX_COUPON_EUROS, decimals: 2 });
    if (parsed.ok) minimum = parsed.value;
    else problems.minimum_order = 'minimum_order';
  }
  if (values.valid_from !== '' && values.valid_to !== '' && values.valid_to < values.valid_from) {
    problems.valid_to = 'valid_to';
  }
  const perCustomer = limitOf(values.per_customer_limit);
  if (perCustomer === undefined) problems.per_customer_limit = 'limit';
  const total = limitOf(values.total_limit);
  if (total === undefined) problems.total_limit = 'limit';

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      code,
      kind: values.kind,
      percent,
      amount,
      minimum_order: minimum,
      valid_from: values.valid_from === '' ? null : values.valid_from,
      valid_to: values.valid_to === '' ? null : values.valid_to,
      order_types: values.order_types,
      first_order_only: values.first_order_only,
      per_customer_limit: perCustomer ?? null,
      total_limit: total ?? null,
      paused: values.paused,
    },
  };
}
