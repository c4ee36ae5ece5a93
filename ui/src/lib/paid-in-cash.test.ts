import { describe, expect, it } from 'vitest';
import { paidInCash } from './paid-in-cash';

describe('paidInCash', () => {
  it('is a completed cash delivery or pickup only', () => {
    const cash = { payment_method: 'cash', payment_status: 'cash_due' } as const;
    expect(paidInCash({ ...cash, status: 'completed', order_type: 'delivery' })).toBe(true);
    expect(paidInCash({ ...cash, status: 'completed', order_type: 'pickup' })).toBe(true);
    expect(paidInCash({ ...cash, status: 'completed', order_type: 'dine_in' }), 'a table pays as the restaurant runs it').toBe(false);
    expect(paidInCash({ ...cash, status: 'out_for_delivery', order_type: 'delivery' })).toBe(false);
    expect(paidInCash({ status: 'completed', order_type: 'delivery', payment_method: 'online', payment_status: 'paid' })).toBe(false);
    expect(paidInCash({ status: 'cancelled', order_type: 'delivery', payment_method: 'cash', payment_status: 'refunded' })).toBe(false);
  });
});
