import { describe, expect, it } from 'vitest';
import { requestLine } from '../../lib/orders-api';
import type { Product } from '../../lib/menu-api';
import type { OrderLine } from '../../lib/order-types';
import { demoProducts } from '../../test/fetch-mock';
import { repeatOrder } from './repeat-order';

const products = demoProducts as unknown as Product[];

/** A line as the server sold it (only what the repeat reads matters). */
function sold(productId: number, variantId: number | null, extras: [number, number][], quantity: number, name: string): OrderLine {
  return {
    product_id: productId,
    variant_id: variantId,
    name,
    unit_price: 1,
    quantity,
    extras: extras.map(([id, count]) => ({ topping_id: id, name: `Extra ${id}`, price: 1, quantity: count, allergens: [] })),
    tax_percentage: 7,
    allergens: [],
    total: 1,
    deposit: 0,
  };
}

describe('repeatOrder', () => {
  it('takes every line again with its size, extras and quantity at today’s prices', () => {
    const repeated = repeatOrder(
      products,
      [sold(9, 102, [[3, 2]], 2, 'Pizza Margherita (Ø 32 cm)'), sold(20, null, [[31, 1]], 1, 'Gemischter Salat'), sold(30, null, [], 3, 'Cola 0,33 l')],
      'de',
    );
    expect(repeated.missing).toEqual([]);
    expect(repeated.items.map(requestLine)).toEqual([
      { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 2 }], quantity: 2 },
      { product_id: 20, variant_id: null, extras: [{ topping_id: 31, quantity: 1 }], quantity: 1 },
      { product_id: 30, variant_id: null, extras: [], quantity: 3 },
    ]);
    expect(repeated.items[0]?.price).toBe(9.9);
    expect(repeated.items[0]?.displayName).toBe('Pizza Margherita (Ø 32 cm)');
  });

  it('names the lines the menu no longer offers so and adds the others', () => {
    const repeated = repeatOrder(
      products,
      [
        sold(31, null, [], 1, 'Apfelschorle'),
        sold(77, null, [], 1, 'Tiramisu'),
        sold(9, 199, [], 1, 'Pizza Margherita (Ø 40 cm)'),
        sold(9, 101, [[99, 1]], 1, 'Pizza Margherita (Ø 26 cm) + Sardellen'),
        sold(9, 101, [[3, 2], [4, 1]], 1, 'Pizza Margherita (Ø 26 cm) + 3 Beläge'),
        sold(20, null, [], 1, 'Gemischter Salat ohne Dressing'),
        sold(9, 101, [], 1, 'Pizza Margherita (Ø 26 cm)'),
      ],
      'de',
    );
    expect(repeated.missing).toEqual([
      'Apfelschorle',
      'Tiramisu',
      'Pizza Margherita (Ø 40 cm)',
      'Pizza Margherita (Ø 26 cm) + Sardellen',
      'Pizza Margherita (Ø 26 cm) + 3 Beläge',
      'Gemischter Salat ohne Dressing',
    ]);
    expect(repeated.items.map(requestLine)).toEqual([{ product_id: 9, variant_id: 101, extras: [], quantity: 1 }]);
  });

  it('merges equal lines like the cart', () => {
    const pizza = sold(9, 101, [], 1, 'Pizza Margherita (Ø 26 cm)');
    const repeated = repeatOrder(products, [pizza, { ...pizza, quantity: 2 }], 'de');
    expect(repeated.items.map((item) => item.quantity)).toEqual([3]);
  });
});
