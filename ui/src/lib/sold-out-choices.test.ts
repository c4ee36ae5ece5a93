import { describe, expect, it } from 'vitest';
import { demoProducts } from '../test/fetch-mock';
import type { Product } from './menu-api';
import { selectionProblems } from './product-choice';
import { isSoldOut, problemKey, soldOutProblems } from './sold-out-choices';

const pizza = (demoProducts as unknown as Product[]).find((product) => product.id === 9)!;

/** The pizza with its 32 cm size and its salami marked sold out. */
const markedPizza: Product = {
  ...pizza,
  variants: pizza.variants.map((variant) => (variant.id === 102 ? { ...variant, available: false } : variant)),
  enriched_topping_groups: pizza.enriched_topping_groups.map((group) => ({
    ...group,
    toppings: group.toppings.map((topping) => (topping.id === 3 ? { ...topping, available: false } : topping)),
  })),
};

describe('a selection with sold-out sizes and toppings', () => {
  it('reads a missing mark as on sale (carts kept from before)', () => {
    expect(isSoldOut({})).toBe(false);
    expect(isSoldOut({ available: true })).toBe(false);
    expect(isSoldOut({ available: false })).toBe(true);
  });

  it('names a chosen sold-out size or topping as a problem, and nothing else', () => {
    expect(soldOutProblems(markedPizza, { variantId: 101, extras: [{ groupId: 1, toppingId: 4, quantity: 1 }] })).toEqual([]);
    const selection = { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 1 }] };
    const problems = soldOutProblems(markedPizza, selection);
    expect(selectionProblems(markedPizza, selection)).toEqual([]);
    expect(problems.map(problemKey)).toEqual(['sold_out-102', 'sold_out-3']);
    expect(problems.map((problem) => (problem.kind === 'sold_out' ? problem.item.name : null))).toEqual([
      'Ø 32 cm',
      'Salami',
    ]);
  });
});
