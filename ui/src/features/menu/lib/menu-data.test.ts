import { describe, expect, it } from 'vitest';
import type { Product } from '../../../lib/menu-api';
import { demoCategories, demoProducts } from '../../../test/fetch-mock';
import { filterProducts, groupByCategory, usedAllergens } from './menu-data';

const products = demoProducts as unknown as Product[];
const names = (list: Product[]) => list.map((p) => p.name);

describe('filterProducts', () => {
  it('keeps everything for a blank query', () => {
    expect(filterProducts(products, '  ')).toHaveLength(products.length);
  });

  it('matches names case-insensitively', () => {
    expect(names(filterProducts(products, 'MARGHERITA'))).toEqual(['Pizza Margherita']);
    expect(names(filterProducts(products, 'cola'))).toEqual(['Cola 0,33 l']);
  });

  it('matches descriptions, German and English', () => {
    expect(names(filterProducts(products, 'gurken'))).toEqual(['Gemischter Salat']);
    expect(names(filterProducts(products, 'tomato sauce'))).toEqual(['Pizza Margherita']);
    expect(names(filterProducts(products, 'apple'))).toEqual(['Apfelschorle']);
  });

  it('finds nothing for an unknown word', () => {
    expect(filterProducts(products, 'sushi')).toEqual([]);
  });
});

describe('groupByCategory', () => {
  it('groups in category order and leaves out empty categories', () => {
    const sections = groupByCategory(demoCategories, filterProducts(products, 'salat'));
    expect(sections.map((s) => [s.category.name, names(s.products)])).toEqual([['Salate', ['Gemischter Salat']]]);
  });
});

describe('usedAllergens', () => {
  it('lists each code once, letters before numbers, toppings included', () => {
    expect(usedAllergens(products).map((a) => a.code)).toEqual(['A', 'G', '2']);
  });
});
