import { describe, expect, it } from 'vitest';
import type { Product } from '../../../lib/menu-api';
import { demoProducts } from '../../../test/fetch-mock';
import { reorderLines, type PastOrderLine } from './reorder';

const menu = demoProducts as unknown as Product[];
const withProduct = (id: number, change: Partial<Product>) =>
  menu.map((product) => (product.id === id ? { ...product, ...change } : product));

const line = (overrides: Partial<PastOrderLine>): PastOrderLine => ({
  product_id: 30, variant_id: null, name: 'Cola 0,33 l', quantity: 1, extras: [], ...overrides,
});
const bigMargherita = line({
  product_id: 9, variant_id: 102, name: 'Pizza Margherita (Ø 32 cm)', quantity: 2,
  extras: [{ topping_id: 3, quantity: 1 }, { topping_id: 4, quantity: 1 }],
});

describe('reorderLines', () => {
  it("rebuilds product, variant, extras and quantities at today's prices", () => {
    const { items, missing } = reorderLines([bigMargherita, line({ quantity: 3 })], menu, 'de');
    expect(missing).toEqual([]);
    expect(items.map((item) => [item.uniqueKey, item.quantity, item.price, item.displayName])).toEqual([
      ['9|102|3x1,4x1', 2, 9.9, 'Pizza Margherita (Ø 32 cm)'],
      ['30|base|', 3, 2.5, 'Cola 0,33 l'],
    ]);
    expect(items[0]?.extras.map((extra) => [extra.id, extra.price, extra.quantity, extra.group_id])).toEqual([
      [3, 1.5, 1, 1],
      [4, 1, 1, 1],
    ]);
    // 9,90 € + 1,50 € + 1,00 € per pizza.
    expect(items[0]?.displayPrice).toBe('12,40 €');
  });

  it('takes the price the menu has now, never the one ordered at', () => {
    const raised = withProduct(30, { price: 2.9 });
    expect(reorderLines([line({})], raised, 'de').items[0]?.price).toBe(2.9);
  });

  it('leaves out sold-out or vanished products, variants and extras and names them as ordered', () => {
    const today = withProduct(9, {
      variants: [{ id: 101, name: 'Ø 26 cm', name_en: 'Ø 26 cm', price: 7.9 }],
    });
    const { items, missing } = reorderLines(
      [
        bigMargherita,
        line({ product_id: 31, name: 'Apfelschorle' }),
        line({ product_id: 77, name: 'Tagessuppe' }),
        line({ product_id: 9, variant_id: 101, name: 'Pizza Margherita (Ø 26 cm)', extras: [{ topping_id: 99, quantity: 1 }] }),
        line({}),
      ],
      today,
      'en',
    );
    expect(items.map((item) => item.uniqueKey)).toEqual(['30|base|']);
    expect(missing).toEqual(['Pizza Margherita (Ø 32 cm)', 'Apfelschorle', 'Tagessuppe', 'Pizza Margherita (Ø 26 cm)']);
  });

  it('leaves out a line whose choice the product no longer allows (a required dressing missing, too many toppings)', () => {
    const saladWithout = line({ product_id: 20, name: 'Gemischter Salat' });
    const saladWith = line({ product_id: 20, name: 'Gemischter Salat', extras: [{ topping_id: 31, quantity: 1 }] });
    const loaded = { ...bigMargherita, extras: [{ topping_id: 3, quantity: 2 }, { topping_id: 4, quantity: 1 }] };
    const { items, missing } = reorderLines([saladWithout, saladWith, loaded], menu, 'de');
    expect(items.map((item) => item.uniqueKey)).toEqual(['20|base|31x1']);
    expect(missing).toEqual(['Gemischter Salat', 'Pizza Margherita (Ø 32 cm)']);
  });

  it('merges equal lines and names a missing one once', () => {
    const gone = line({ product_id: 77, name: 'Tagessuppe' });
    const { items, missing } = reorderLines([line({ quantity: 2 }), gone, line({ quantity: 1 }), gone], menu, 'de');
    expect(items.map((item) => [item.uniqueKey, item.quantity])).toEqual([['30|base|', 3]]);
    expect(missing).toEqual(['Tagessuppe']);
  });
});
