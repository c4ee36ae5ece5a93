import { describe, expect, it } from 'vitest';
import type { Product } from './menu-api';
import { demoProducts } from '../test/fetch-mock';
import {
  addItem,
  buildCartItem,
  cartItemKey,
  depositCents,
  itemCount,
  lineTotalCents,
  MAX_LINE_QUANTITY,
  productOf,
  removeItem,
  replaceItem,
  selectionOf,
  setItemQuantity,
  subtotalCents,
  unitDepositCents,
  type CartItem,
} from './cart-lines';

const products = demoProducts as unknown as Product[];
const pizza = products.find((p) => p.id === 9)!;
const salad = products.find((p) => p.id === 20)!;
const cola = products.find((p) => p.id === 30)!;

const pizzaWith = (variantId: number, extras: [number, number][] = [], quantity = 1): CartItem =>
  buildCartItem(
    pizza,
    { variantId, extras: extras.map(([toppingId, q]) => ({ groupId: 1, toppingId, quantity: q })) },
    'de',
    quantity,
  );

describe('cartItemKey', () => {
  it('joins product id, variant id and the sorted extra id/quantity pairs', () => {
    expect(cartItemKey(9, 101, [{ id: 7, quantity: 2 }, { id: 3, quantity: 1 }])).toBe('9|101|3x1,7x2');
  });

  it("uses 'base' without a variant and an empty list without extras", () => {
    expect(cartItemKey(30, null, [])).toBe('30|base|');
    expect(cartItemKey(30, undefined, [])).toBe('30|base|');
  });

  it('does not depend on the order the extras were picked in', () => {
    const a = cartItemKey(9, 101, [{ id: 4, quantity: 1 }, { id: 3, quantity: 2 }]);
    const b = cartItemKey(9, 101, [{ id: 3, quantity: 2 }, { id: 4, quantity: 1 }]);
    expect(a).toBe(b);
  });

  it('tells apart different extra quantities and variants', () => {
    expect(cartItemKey(9, 101, [{ id: 3, quantity: 1 }])).not.toBe(cartItemKey(9, 101, [{ id: 3, quantity: 2 }]));
    expect(cartItemKey(9, 101, [])).not.toBe(cartItemKey(9, 102, []));
  });
});

describe('buildCartItem', () => {
  it('carries the product fields plus the cart fields of spec §3', () => {
    const item = pizzaWith(102, [[3, 2]]);
    expect(item).toMatchObject({
      id: 9,
      name: 'Pizza Margherita',
      uniqueKey: '9|102|3x2',
      quantity: 1,
      price: 9.9,
      basePrice: 7.9,
      tax: 7,
      selectedVariant: { id: 102, name: 'Ø 32 cm', price: 9.9 },
      displayName: 'Pizza Margherita (Ø 32 cm)',
      displayPrice: '12,90 €',
    });
    expect(item.extras).toEqual([
      { id: 3, name: 'Salami', name_en: 'Salami', price: 1.5, quantity: 2, group_id: 1 },
    ]);
  });

  it('uses the product price and no variant for simple products', () => {
    const item = buildCartItem(cola, { variantId: null, extras: [] }, 'de');
    expect(item).toMatchObject({ uniqueKey: '30|base|', price: 2.5, selectedVariant: null, displayName: 'Cola 0,33 l', tax: 19 });
  });

  it('drops unknown toppings and extras with quantity 0', () => {
    const item = buildCartItem(
      pizza,
      { variantId: 101, extras: [{ groupId: 1, toppingId: 999, quantity: 1 }, { groupId: 1, toppingId: 4, quantity: 0 }] },
      'de',
    );
    expect(item.extras).toEqual([]);
  });

  it('names the line in English when asked', () => {
    const item = buildCartItem(salad, { variantId: null, extras: [{ groupId: 2, toppingId: 30, quantity: 1 }] }, 'en');
    expect(item.displayName).toBe('Mixed salad');
  });

  it('round-trips through selectionOf/productOf for the edit modal', () => {
    const item = pizzaWith(102, [[4, 1], [3, 2]]);
    expect(selectionOf(item)).toEqual({
      variantId: 102,
      extras: [
        { groupId: 1, toppingId: 3, quantity: 2 },
        { groupId: 1, toppingId: 4, quantity: 1 },
      ],
    });
    const rebuilt = buildCartItem(productOf(item), selectionOf(item), 'de');
    expect(rebuilt.uniqueKey).toBe(item.uniqueKey);
    expect(rebuilt.basePrice).toBe(7.9);
    expect(rebuilt.tax).toBe(7);
  });
});

describe('price labels of a cart line', () => {
  const bottled: Product = { ...cola, deposit: 0.25, net_content: { amount: 0.33, unit: 'l' }, unit_price: 7.58 };
  const water: Product = {
    ...cola,
    id: 33,
    type: 'variable',
    price: 1.9,
    deposit: null,
    net_content: null,
    unit_price: null,
    variants: [
      { id: 330, name: '0,25 l', name_en: null, price: 1.9, deposit: 0.08, net_content: { amount: 0.25, unit: 'l' }, unit_price: 7.6 },
      { id: 331, name: '0,75 l', name_en: null, price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' }, unit_price: 4.27 },
    ],
  };

  it("keeps a simple product's deposit, net content and unit price", () => {
    const item = buildCartItem(bottled, { variantId: null, extras: [] }, 'de', 4);
    expect(item).toMatchObject({ deposit: 0.25, net_content: { amount: 0.33, unit: 'l' }, unit_price: 7.58 });
    expect(unitDepositCents(item)).toBe(25);
    expect(depositCents([item, buildCartItem(cola, { variantId: null, extras: [] }, 'de', 2)])).toBe(100);
    // The deposit is charged beside the price, never in it.
    expect(lineTotalCents(item)).toBe(1000);
  });

  it("takes the chosen variant's, like its price, and gives the edit modal the product's own (none)", () => {
    const item = buildCartItem(water, { variantId: 331, extras: [] }, 'de');
    expect(item).toMatchObject({ price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' }, unit_price: 4.27 });
    const product = productOf(item);
    expect(product).toMatchObject({ price: 1.9, deposit: null, net_content: null, unit_price: null });
    expect(product.variants).toEqual(water.variants);
    expect(buildCartItem(product, { variantId: 330, extras: [] }, 'de').deposit).toBe(0.08);
    expect(productOf(buildCartItem(bottled, { variantId: null, extras: [] }, 'de'))).toMatchObject({ deposit: 0.25 });
  });

  it('counts no deposit for a line stored before deposits existed', () => {
    const line = { ...buildCartItem(cola, { variantId: null, extras: [] }, 'de', 3), deposit: undefined };
    const stored = JSON.parse(JSON.stringify(line)) as CartItem;
    expect(stored).not.toHaveProperty('deposit');
    expect(unitDepositCents(stored)).toBe(0);
    expect(depositCents([stored])).toBe(0);
  });
});

describe('adding and changing lines', () => {
  it('raises the quantity when the key already exists, else adds a line', () => {
    let items = addItem([], pizzaWith(101, [[3, 1]]));
    items = addItem(items, pizzaWith(101, [[3, 1]]));
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);

    items = addItem(items, pizzaWith(101, [[3, 2]]));
    items = addItem(items, pizzaWith(102, [[3, 1]]));
    expect(items.map((i) => [i.uniqueKey, i.quantity])).toEqual([
      ['9|101|3x1', 2],
      ['9|101|3x2', 1],
      ['9|102|3x1', 1],
    ]);
    expect(itemCount(items)).toBe(4);
  });

  it('keeps quantities at 1 or more; removing is explicit', () => {
    const items = [pizzaWith(101)];
    expect(setItemQuantity(items, '9|101|', 0)[0]?.quantity).toBe(1);
    expect(setItemQuantity(items, '9|101|', 3)[0]?.quantity).toBe(3);
    expect(removeItem(items, '9|101|')).toEqual([]);
  });

  it('keeps quantities at 99 or fewer, as the server takes them', () => {
    expect(MAX_LINE_QUANTITY).toBe(99);
    expect(setItemQuantity([pizzaWith(101)], '9|101|', 100)[0]?.quantity).toBe(99);
    expect(addItem([], pizzaWith(101, [], 120))[0]?.quantity).toBe(99);
    const full = addItem([pizzaWith(101, [], 98)], pizzaWith(101, [], 5));
    expect(full.map((i) => [i.uniqueKey, i.quantity])).toEqual([['9|101|', 99]]);
    const merged = replaceItem([pizzaWith(101, [], 60), pizzaWith(102, [], 60)], '9|101|', pizzaWith(102));
    expect(merged.map((i) => [i.uniqueKey, i.quantity])).toEqual([['9|102|', 99]]);
  });

  it('merges an edited line into the line it now equals', () => {
    const items = [pizzaWith(101, [], 2), pizzaWith(102, [], 3), buildCartItem(cola, { variantId: null, extras: [] }, 'de')];
    const next = replaceItem(items, '9|101|', pizzaWith(102));
    expect(next.map((i) => [i.uniqueKey, i.quantity])).toEqual([
      ['9|102|', 5],
      ['30|base|', 1],
    ]);
  });

  it('keeps an edited line in place (with its quantity) when nothing collides', () => {
    const items = [pizzaWith(101, [], 2), buildCartItem(cola, { variantId: null, extras: [] }, 'de')];
    const next = replaceItem(items, '9|101|', pizzaWith(102, [[5, 1]]));
    expect(next.map((i) => [i.uniqueKey, i.quantity, i.displayName])).toEqual([
      ['9|102|5x1', 2, 'Pizza Margherita (Ø 32 cm)'],
      ['30|base|', 1, 'Cola 0,33 l'],
    ]);
  });

  it('leaves the cart alone when the edited line is gone', () => {
    const items = [pizzaWith(101)];
    expect(replaceItem(items, 'nope', pizzaWith(102))).toEqual(items);
  });
});

describe('subtotal', () => {
  it('is Σ(price × quantity + Σ(extra price × extra quantity × item quantity))', () => {
    const items = [
      pizzaWith(102, [[3, 2], [4, 1]], 3), // (9.90 + 2×1.50 + 1.00) × 3 = 41.70
      buildCartItem(cola, { variantId: null, extras: [] }, 'de', 2), // 5.00
    ];
    expect(lineTotalCents(items[0]!)).toBe(4170);
    expect(subtotalCents(items)).toBe(4670);
  });

  it('adds in cents, so float sums do not drift', () => {
    const dime = { price: 0.1, extras: [{ id: 1, name: 'x', price: 0.2, quantity: 1 }], quantity: 3 };
    expect(subtotalCents([dime])).toBe(90);
    expect(subtotalCents([])).toBe(0);
  });
});
