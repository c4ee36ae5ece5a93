import { describe, expect, it } from 'vitest';
import type { Product } from '../../../lib/menu-api';
import { demoProducts } from '../../../test/fetch-mock';
import { addLine, lineKey, removeLine, requestLines, searchProducts, setLineQuantity, subtotalCents } from './phone-order';

const products = demoProducts as unknown as Product[];
const pizza = products[0] as Product;
const cola = products[2] as Product;
const large = { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 2 }] };

describe('phone order lines', () => {
  it('merges equal choices and keeps different sizes or extras apart', () => {
    let lines = addLine([], pizza, large);
    lines = addLine(lines, pizza, { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 2 }] }, 2);
    lines = addLine(lines, pizza, { variantId: 101, extras: [] });
    lines = addLine(lines, cola, { variantId: null, extras: [] });
    expect(lines.map((line) => [line.key, line.quantity])).toEqual([
      ['9|102|3x2', 3],
      ['9|101|', 1],
      ['30|base|', 1],
    ]);
    expect(lineKey(9, { variantId: 102, extras: [{ groupId: 1, toppingId: 4, quantity: 1 }, { groupId: 1, toppingId: 3, quantity: 1 }] })).toBe(
      lineKey(9, { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 1 }, { groupId: 1, toppingId: 4, quantity: 1 }] }),
    );
  });

  it('prices like the cart: (size + each extra × its quantity) × quantity', () => {
    const lines = addLine(addLine([], pizza, large, 3), cola, { variantId: null, extras: [] });
    expect(subtotalCents(lines)).toBe((990 + 2 * 150) * 3 + 250);
  });

  it('keeps quantities within 1 to 99 and removes only on request', () => {
    const [line] = addLine([], cola, { variantId: null, extras: [] }, 120);
    expect(line?.quantity).toBe(99);
    const key = line?.key ?? '';
    expect(setLineQuantity([line!], key, 0)[0]?.quantity).toBe(1);
    expect(removeLine([line!], key)).toEqual([]);
  });

  it('sends what the server takes: product, variant, extras with quantities, quantity', () => {
    expect(requestLines(addLine([], pizza, large, 2))).toEqual([
      { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 2 }], quantity: 2 },
    ]);
  });
});

describe('searchProducts', () => {
  it('finds by name or description in either language, sold-out dishes last', () => {
    expect(searchProducts(products, 'mozzarella').map((p) => p.id)).toEqual([9]);
    expect(searchProducts(products, 'salad').map((p) => p.id)).toEqual([20]);
    expect(searchProducts(products, '').map((p) => p.id)).toEqual([9, 20, 30, 31]);
    expect(searchProducts(products, 'apfel').map((p) => p.available)).toEqual([false]);
  });
});
