import { describe, expect, it } from 'vitest';
import { orderSearchQuery } from '../api/customers-api';
import { orderSearchFrom } from './order-search';

const TODAY = '2026-11-23';
const parse = (query: string) => orderSearchFrom(new URLSearchParams(query), TODAY);

describe('orderSearchFrom', () => {
  it('reads a number (today’s unless a day is given), a name or phone, or two days', () => {
    expect(parse('number=3')).toEqual({ kind: 'number', number: 3, date: TODAY });
    expect(parse('number=3&date=2026-11-20')).toEqual({ kind: 'number', number: 3, date: '2026-11-20' });
    expect(parse('q=%20Gina%20')).toEqual({ kind: 'text', q: 'Gina', from: '', to: '' });
    expect(parse('q=0305&from=2026-11-01&to=2026-11-30')).toEqual({
      kind: 'text',
      q: '0305',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parse('from=2026-11-01&to=2026-11-30')).toEqual({ kind: 'dates', from: '2026-11-01', to: '2026-11-30' });
  });

  it('is the day’s list for anything else', () => {
    for (const query of ['', 'date=2026-11-20', 'number=0', 'number=x', 'q=%20', 'from=2026-11-01', 'from=1.11.2026&to=2026-11-30']) {
      expect(parse(query), query).toBeNull();
    }
  });

  it('gives back the query it was read from', () => {
    for (const query of ['number=3&date=2026-11-20', 'q=Gina', 'q=0305&from=2026-11-01&to=2026-11-30', 'from=2026-11-01&to=2026-11-30']) {
      const search = parse(query);
      expect(search && orderSearchQuery(search).toString(), query).toBe(query);
    }
  });
});
