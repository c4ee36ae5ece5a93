import { describe, expect, it } from 'vitest';
import { closingsPage, formatCents, formatVatRate } from './closings';
import type { DailyClosing } from '../types';

describe('closing figures', () => {
  it('formats integer cents as euros without float errors', () => {
    expect(formatCents(0)).toBe('0,00 €');
    expect(formatCents(29)).toBe('0,29 €');
    expect(formatCents(1005)).toBe('10,05 €');
    expect(formatCents(123456789)).toBe('1234567,89 €');
    expect(formatCents(-250)).toBe('-2,50 €');
  });

  it('names a VAT rate in basis points as a percentage', () => {
    expect(formatVatRate(700)).toBe('7 %');
    expect(formatVatRate(1900)).toBe('19 %');
    expect(formatVatRate(1950)).toBe('19,5 %');
    expect(formatVatRate(0)).toBe('0 %');
  });

  it('pages by closing number: a full page continues before its last number', () => {
    const numbered = (numbers: number[]) => numbers.map((number) => ({ number }) as DailyClosing);
    expect(closingsPage(numbered([5, 4, 3]), 3).next).toBe(3);
    expect(closingsPage(numbered([2, 1]), 3).next).toBeNull();
    expect(closingsPage([], 3).next).toBeNull();
  });
});
