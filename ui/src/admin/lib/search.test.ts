import { describe, expect, it } from 'vitest';
import { filterItems } from './search';

const toppings = [{ name: 'Extra Käse' }, { name: 'Salami' }, { name: 'Käse-Rand' }, { name: 'Oliven' }];

describe('filterItems', () => {
  const names = (query: string) => filterItems(toppings, query, (item) => item.name).map((item) => item.name);

  it('keeps everything for an empty query', () => {
    expect(names('  ')).toEqual(['Extra Käse', 'Salami', 'Käse-Rand', 'Oliven']);
  });

  it('matches case- and accent-insensitively', () => {
    expect(names('KASE')).toEqual(['Extra Käse', 'Käse-Rand']);
    expect(names('sal')).toEqual(['Salami']);
  });

  it('needs every word of the query', () => {
    expect(names('käse extra')).toEqual(['Extra Käse']);
    expect(names('käse pilz')).toEqual([]);
  });
});
