import { describe, expect, it } from 'vitest';
import { isAcceptedOrLater, isFinal, isSettled, progressSteps, stepStates } from './order-progress';

describe('order progress', () => {
  it('has the delivery or pickup step by order type', () => {
    expect(progressSteps('delivery')).toEqual(['accepted', 'preparing', 'out_for_delivery', 'completed']);
    expect(progressSteps('pickup')).toEqual(['accepted', 'preparing', 'ready_for_pickup', 'completed']);
  });

  it('marks earlier steps done (also skipped ones), the status current and later ones upcoming', () => {
    expect(stepStates('pickup', 'ready_for_pickup').map((entry) => entry.state)).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
    ]);
    expect(stepStates('delivery', 'completed').map((entry) => entry.state)).toEqual(['done', 'done', 'done', 'current']);
    expect(stepStates('delivery', 'waiting_for_confirmation').every((entry) => entry.state === 'upcoming')).toBe(true);
  });

  it('knows accepted-or-later and final statuses', () => {
    expect(isAcceptedOrLater('waiting_for_confirmation')).toBe(false);
    expect(isAcceptedOrLater('rejected')).toBe(false);
    expect(isAcceptedOrLater('preparing')).toBe(true);
    expect(isFinal('completed')).toBe(true);
    expect(isFinal('rejected')).toBe(true);
    expect(isFinal('accepted')).toBe(false);
  });

  it('waits for the refund of a paid order that was rejected', () => {
    expect(isSettled({ status: 'rejected', payment_status: 'paid' })).toBe(false);
    expect(isSettled({ status: 'rejected', payment_status: 'refunded' })).toBe(true);
    expect(isSettled({ status: 'rejected', payment_status: 'refund_failed' })).toBe(true);
    expect(isSettled({ status: 'rejected', payment_status: 'cash_due' })).toBe(true);
    expect(isSettled({ status: 'completed', payment_status: 'paid' })).toBe(true);
    expect(isSettled({ status: 'accepted', payment_status: 'paid' })).toBe(false);
  });
});
