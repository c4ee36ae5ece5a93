import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { demoOrder } from '../test/demo-order';
import { preorderWaitingText, readyTimeText, slotText } from './order-timing';

const BERLIN = 'Europe/Berlin';
// Placed 18:05 in Berlin for 19:30 the same evening.
const preorder = (change: Parameters<typeof demoOrder>[0] = {}) => demoOrder({ preorder_at: '2026-11-22T18:30:00Z', ...change });
const accepted = { status: 'accepted' as const, estimated_minutes: 240, estimated_ready_at: '2026-11-22T18:30:00Z' };

describe('the time of an order on its status page', () => {
  const de = i18n.getFixedT('de');
  const en = i18n.getFixedT('en');

  it("names a pre-order's time alone on the day it was placed, else with the date", () => {
    expect(slotText(preorder(), BERLIN, 'de')).toBe('19:30');
    expect(slotText(preorder({ preorder_at: '2026-11-23T11:00:00Z' }), BERLIN, 'de')).toBe('23.11.2026, 12:00');
    expect(slotText(preorder({ preorder_at: '2026-11-23T11:00:00Z' }), BERLIN, 'en')).toBe('23/11/2026, 12:00');
    expect(slotText(demoOrder(), BERLIN, 'de')).toBeNull();
  });

  it('says a waiting pre-order waits for the restaurant, with its time', () => {
    expect(preorderWaitingText(preorder(), BERLIN, 'de', de)).toBe(
      'Vorbestellung für 19:30 Uhr – wartet auf Bestätigung durch das Restaurant',
    );
    expect(preorderWaitingText(preorder(), BERLIN, 'en', en)).toBe('Pre-order for 19:30 – waiting for restaurant confirmation');
    expect(preorderWaitingText(demoOrder(), BERLIN, 'de', de)).toBeNull();
    expect(preorderWaitingText(preorder(accepted), BERLIN, 'de', de)).toBeNull();
  });

  it('gives an accepted pre-order its time, not minutes', () => {
    expect(readyTimeText(preorder(accepted), BERLIN, 'de', de)).toBe('Vorbestellt für 19:30 Uhr');
    expect(readyTimeText(preorder({ ...accepted, status: 'out_for_delivery' }), BERLIN, 'en', en)).toBe('Pre-ordered for 19:30');
    // The kitchen needs longer than the time asked for.
    expect(readyTimeText(preorder({ ...accepted, estimated_ready_at: '2026-11-22T18:45:00Z' }), BERLIN, 'de', de)).toBe(
      'Vorbestellt für 19:30 Uhr, voraussichtlich um 19:45 Uhr',
    );
  });

  it('gives an accepted order wanted at once its estimate with the minutes, and nothing before', () => {
    const now = demoOrder({ status: 'accepted', estimated_minutes: 20, estimated_ready_at: '2026-11-22T17:25:00Z' });
    expect(readyTimeText(now, BERLIN, 'de', de)).toBe('Voraussichtlich um 18:25 Uhr (ca. 20 Min.)');
    expect(readyTimeText({ ...now, estimated_minutes: null }, BERLIN, 'de', de)).toBe('Voraussichtlich um 18:25 Uhr');
    expect(readyTimeText(demoOrder(), BERLIN, 'de', de)).toBeNull();
    expect(readyTimeText(preorder({ status: 'rejected' }), BERLIN, 'de', de)).toBeNull();
  });
});
