import { describe, expect, it } from 'vitest';
import { buildCartItem } from '../../../lib/cart-lines';
import type { Product } from '../../../lib/menu-api';
import { demoProducts } from '../../../test/fetch-mock';
import { checkLines, lineProblem } from './line-availability';

const menu = demoProducts as unknown as Product[];
const byId = (id: number) => menu.find((product) => product.id === id)!;
const withProduct = (id: number, change: (product: Product) => Product) =>
  menu.map((product) => (product.id === id ? change(product) : product));

const cola = buildCartItem(byId(30), { variantId: null, extras: [] }, 'de');
const pizza = buildCartItem(byId(9), { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 1 }] }, 'de', 2);
const salad = buildCartItem(byId(20), { variantId: null, extras: [{ groupId: 2, toppingId: 31, quantity: 1 }] }, 'de');

describe('cart lines against the live menu', () => {
  it('counts every line while no menu is known', () => {
    expect(lineProblem(cola, null)).toBeNull();
    expect(checkLines([cola, pizza], null)).toEqual({ problems: new Map(), orderable: [cola, pizza] });
  });

  it('lets a line through whose product, variant and extras are all still offered', () => {
    expect(lineProblem(cola, menu)).toBeNull();
    expect(lineProblem(pizza, menu)).toBeNull();
    expect(lineProblem(salad, menu)).toBeNull();
  });

  it('calls a product the menu lists with available = false sold out', () => {
    expect(lineProblem(cola, withProduct(30, (product) => ({ ...product, available: false })))).toBe('sold_out');
  });

  it('calls a product the menu no longer lists unavailable', () => {
    expect(lineProblem(cola, menu.filter((product) => product.id !== 30))).toBe('unavailable');
  });

  it('calls a line unavailable when its variant or one of its extras was taken off', () => {
    const noLargePizza = withProduct(9, (product) => ({
      ...product,
      variants: product.variants.filter((variant) => variant.id !== 102),
    }));
    expect(lineProblem(pizza, noLargePizza)).toBe('unavailable');

    const noSalami = withProduct(9, (product) => ({
      ...product,
      enriched_topping_groups: product.enriched_topping_groups.map((group) => ({
        ...group,
        toppings: group.toppings.filter((topping) => topping.id !== 3),
      })),
    }));
    expect(lineProblem(pizza, noSalami)).toBe('unavailable');
  });

  it('calls a line sold out when its size or one of its extras is marked sold out', () => {
    const largeSoldOut = withProduct(9, (product) => ({
      ...product,
      variants: product.variants.map((variant) => (variant.id === 102 ? { ...variant, available: false } : variant)),
    }));
    expect(lineProblem(pizza, largeSoldOut)).toBe('sold_out');

    const salamiSoldOut = withProduct(9, (product) => ({
      ...product,
      enriched_topping_groups: product.enriched_topping_groups.map((group) => ({
        ...group,
        toppings: group.toppings.map((topping) => (topping.id === 3 ? { ...topping, available: false } : topping)),
      })),
    }));
    expect(lineProblem(pizza, salamiSoldOut)).toBe('sold_out');
    // Another size, or the line without the extra, is fine.
    const small = buildCartItem(byId(9), { variantId: 101, extras: [] }, 'de');
    expect(lineProblem(small, largeSoldOut)).toBeNull();
    expect(lineProblem(small, salamiSoldOut)).toBeNull();
  });

  it('calls a simple line unavailable once its product needs a variant', () => {
    expect(lineProblem(cola, withProduct(30, (product) => ({ ...product, type: 'variable' })))).toBe('unavailable');
  });

  it('splits the cart into the orderable lines and the problems, by key', () => {
    const live = withProduct(30, (product) => ({ ...product, available: false })).filter((product) => product.id !== 20);
    const checked = checkLines([cola, pizza, salad], live);
    expect(checked.orderable).toEqual([pizza]);
    expect([...checked.problems]).toEqual([
      [cola.uniqueKey, 'sold_out'],
      [salad.uniqueKey, 'unavailable'],
    ]);
  });
});
