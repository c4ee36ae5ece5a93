import { describe, expect, it } from 'vitest';
import { cashGivenFigures, cashInputText, cashQuickChoices, checkCashGiven, noteLabel } from './cash-given';

describe('checkCashGiven', () => {
  it.each([
    ['50', 5000],
    ['50,00', 5000],
    ['50.5', 5050],
    ['50,05', 5005],
    [' 50 € ', 5000],
    ['1000', 100000],
  ])('takes %j as %i cents', (text, cents) => {
    expect(checkCashGiven(text, null)).toEqual({ ok: true, cents });
  });

  it('takes nothing typed as not said', () => {
    expect(checkCashGiven('', 2632)).toEqual({ ok: true, cents: null });
    expect(checkCashGiven('   ', 2632)).toEqual({ ok: true, cents: null });
  });

  it.each(['fünfzig', '50,001', '1.000,00', '-50', '50,', ',5', '5 0 x'])('refuses %j as no amount', (text) => {
    expect(checkCashGiven(text, null)).toEqual({ ok: false, error: 'format' });
  });

  it('refuses more than 1000 €', () => {
    expect(checkCashGiven('1000,01', null)).toEqual({ ok: false, error: 'too_high' });
  });

  it('refuses less than the total, and takes the total itself', () => {
    expect(checkCashGiven('26,31', 2632)).toEqual({ ok: false, error: 'below_total' });
    expect(checkCashGiven('20', 2632)).toEqual({ ok: false, error: 'below_total' });
    expect(checkCashGiven('26,32', 2632)).toEqual({ ok: true, cents: 2632 });
  });
});

describe('cashQuickChoices', () => {
  it.each([
    [2632, [3000, 5000, 10000]],
    [500, [1000, 2000, 5000]],
    [350, [500, 1000, 2000]],
    [1240, [2000, 5000, 10000]],
    [4700, [5000, 10000, 20000]],
    [3000, [4000, 5000, 10000]],
    [52340, [53000, 55000, 60000]],
    [99500, [100000]],
    [0, []],
  ])('offers the next round notes above %i cents', (total, choices) => {
    expect(cashQuickChoices(total)).toEqual(choices);
  });
});

describe('amounts as shown', () => {
  it('fills the field with whole euros plain, else with the decimal comma', () => {
    expect(cashInputText(5000)).toBe('50');
    expect(cashInputText(2632)).toBe('26,32');
    expect(cashInputText(2605)).toBe('26,05');
  });

  it('labels a quick choice "30 €"', () => {
    expect(noteLabel(3000)).toBe('30 €');
    expect(noteLabel(2632)).toBe('26,32 €');
  });

  it("formats what the customer pays with and the change, taking the server's change", () => {
    expect(cashGivenFigures({ cash_given: 50, change_due: 23.68, total: 26.32 })).toEqual({
      given: '50,00 €',
      change: '23,68 €',
    });
    expect(cashGivenFigures({ cash_given: 30, total: 26.32 })).toEqual({ given: '30,00 €', change: '3,68 €' });
    expect(cashGivenFigures({ cash_given: null, change_due: null, total: 26.32 })).toBeNull();
    expect(cashGivenFigures({ total: 26.32 })).toBeNull();
  });
});
