import { describe, expect, it } from 'vitest';
import type { Product } from '../../lib/menu-api';
import { requestLine } from '../../lib/orders-api';
import type { ProductSelection } from '../../lib/product-selection';
import { demoProducts } from '../../test/fetch-mock';
import { addItem, buildCartItem, removeItem, setItemQuantity, subtotalCents } from '../../lib/cart-lines';
import { phoneOrderRequest, searchProducts, type PhoneOrderDraft } from './phone-order';

const products = demoProducts as unknown as Product[];
const pizza = products[0] as Product;
const cola = products[2] as Product;
const large = { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 2 }] };
/** A line the way the phone order's dialog makes it. */
const line = (product: Product, selection: ProductSelection, quantity = 1) =>
  buildCartItem(product, selection, 'de', quantity);

describe('phone order lines (cart lines)', () => {
  it('merges equal choices and keeps different sizes or extras apart', () => {
    let lines = addItem([], line(pizza, large));
    lines = addItem(lines, line(pizza, { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 2 }] }, 2));
    lines = addItem(lines, line(pizza, { variantId: 101, extras: [] }));
    lines = addItem(lines, line(cola, { variantId: null, extras: [] }));
    expect(lines.map((item) => [item.uniqueKey, item.quantity])).toEqual([
      ['9|102|3x2', 3],
      ['9|101|', 1],
      ['30|base|', 1],
    ]);
    expect(line(pizza, { variantId: 102, extras: [{ groupId: 1, toppingId: 4, quantity: 1 }, { groupId: 1, toppingId: 3, quantity: 1 }] }).uniqueKey).toBe(
      line(pizza, { variantId: 102, extras: [{ groupId: 1, toppingId: 3, quantity: 1 }, { groupId: 1, toppingId: 4, quantity: 1 }] }).uniqueKey,
    );
  });

  it('prices like the cart: (size + each extra × its quantity) × quantity', () => {
    const lines = addItem(addItem([], line(pizza, large, 3)), line(cola, { variantId: null, extras: [] }));
    expect(subtotalCents(lines)).toBe((990 + 2 * 150) * 3 + 250);
  });

  it('keeps quantities within 1 to 99 and removes only on request', () => {
    const [item] = addItem([], line(cola, { variantId: null, extras: [] }, 120));
    expect(item?.quantity).toBe(99);
    const key = item?.uniqueKey ?? '';
    expect(setItemQuantity([item!], key, 0)[0]?.quantity).toBe(1);
    expect(removeItem([item!], key)).toEqual([]);
  });

  it('sends what the server takes: product, variant, extras with quantities, quantity', () => {
    expect(addItem([], line(pizza, large, 2)).map(requestLine)).toEqual([
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

describe('phoneOrderRequest', () => {
  const caller = { customer_name: 'Paul Anrufer', phone: '0171 2345678', email: '', line1: 'Torstraße 5', zip: '10115', city: 'Berlin' };
  const draft: PhoneOrderDraft = {
    orderType: 'delivery',
    items: addItem([], line(cola, { variantId: null, extras: [] }, 2)),
    caller,
    preorderAt: null,
    note: 'Hinterhaus',
    minutes: 30,
    cashGivenCents: 5000,
  };

  it('carries what the caller pays with as cash_given in euros', () => {
    expect(phoneOrderRequest(draft)).toEqual({
      order_type: 'delivery',
      lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 2 }],
      customer: caller,
      preorder_at: null,
      note: 'Hinterhaus',
      minutes: 30,
      cash_given: 50,
    });
    expect(phoneOrderRequest({ ...draft, cashGivenCents: 2632 }).cash_given).toBe(26.32);
  });

  it('sends no cash_given when the caller did not say, and no address for a pickup', () => {
    const pickup = phoneOrderRequest({ ...draft, orderType: 'pickup', cashGivenCents: null, preorderAt: '2026-11-22T18:30:00Z' });
    expect(pickup).not.toHaveProperty('cash_given');
    expect(pickup.customer).toEqual({ ...caller, line1: '', zip: '', city: '' });
    expect(pickup.preorder_at).toBe('2026-11-22T18:30:00Z');
  });
});
