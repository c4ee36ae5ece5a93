import { describe, expect, it } from 'vitest';
import { checkTipText, goodsCents, MAX_TIP_CENTS, percentTipCents, tipCentsOf } from './tip';

describe('tip shares', () => {
  it('are taken of the subtotal less the discount, in whole cents', () => {
    expect(goodsCents({ subtotal: 26.32, discount: 2.63 })).toBe(2369);
    expect(goodsCents({ subtotal: 0.1, discount: 0 })).toBe(10);
    expect(goodsCents({ subtotal: 5, discount: 7 })).toBe(0);
  });

  it('round half up in integer cents, without floating drift', () => {
    expect(percentTipCents(2369, 5)).toBe(118); // 118.45
    expect(percentTipCents(2369, 10)).toBe(237); // 236.9
    expect(percentTipCents(2369, 15)).toBe(355); // 355.35
    expect(percentTipCents(1010, 5)).toBe(51); // 50.5 rounds up
    expect(percentTipCents(1030, 15)).toBe(155); // 154.5 rounds up
    // In euros, 1,45 € × 10 % is 0.14499… as a float and would round down to 0,14 €.
    expect(percentTipCents(145, 10)).toBe(15);
    expect(percentTipCents(190, 15)).toBe(29);
    expect(percentTipCents(0, 15)).toBe(0);
    expect(percentTipCents(1_000_000, 10)).toBe(100_000);
  });
});

describe('another amount', () => {
  it('takes euros with a comma or a dot and at most two decimals; empty is no tip', () => {
    expect(checkTipText('')).toEqual({ ok: true, cents: 0 });
    expect(checkTipText('  ')).toEqual({ ok: true, cents: 0 });
    expect(checkTipText('3')).toEqual({ ok: true, cents: 300 });
    expect(checkTipText('3,5')).toEqual({ ok: true, cents: 350 });
    expect(checkTipText('3.05')).toEqual({ ok: true, cents: 305 });
    expect(checkTipText('4,10 €')).toEqual({ ok: true, cents: 410 });
    expect(checkTipText('0')).toEqual({ ok: true, cents: 0 });
    expect(checkTipText('0,01')).toEqual({ ok: true, cents: 1 });
  });

  it('is refused above 100 € and when it is no amount', () => {
    expect(checkTipText('100')).toEqual({ ok: true, cents: MAX_TIP_CENTS });
    expect(checkTipText('100,01')).toEqual({ ok: false, error: 'too_high' });
    expect(checkTipText('250')).toEqual({ ok: false, error: 'too_high' });
    expect(checkTipText('-3')).toEqual({ ok: false, error: 'format' });
    expect(checkTipText('3,555')).toEqual({ ok: false, error: 'format' });
    expect(checkTipText('drei')).toEqual({ ok: false, error: 'format' });
    expect(checkTipText('1e2')).toEqual({ ok: false, error: 'format' });
  });
});

describe('tipCentsOf', () => {
  it('gives 0 for none, the share of the goods, the typed amount, and null when that cannot be sent', () => {
    expect(tipCentsOf({ kind: 'none' }, 2369)).toBe(0);
    expect(tipCentsOf({ kind: 'percent', percent: 10 }, 2369)).toBe(237);
    expect(tipCentsOf({ kind: 'percent', percent: 10 }, null)).toBe(0);
    expect(tipCentsOf({ kind: 'custom', text: '2,50' }, 2369)).toBe(250);
    expect(tipCentsOf({ kind: 'custom', text: '' }, 2369)).toBe(0);
    expect(tipCentsOf({ kind: 'custom', text: '101' }, 2369)).toBeNull();
  });
});
