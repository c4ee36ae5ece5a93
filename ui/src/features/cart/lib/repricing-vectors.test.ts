import { describe, expect, it } from 'vitest';
import vectorFile from '../../../../../assets/test-vectors/order-repricing.json';
import type { Product } from '../../../lib/menu-api';
import { buildOrderRequest } from '../../../lib/orders-api';
import { fromCents } from '../../../lib/money';
import { buildCartItem, lineTotalCents, unitPriceCents, type CartItem } from '../../../lib/cart-lines';
import { orderTotals, totalsLines } from './totals';

// The same carts the server's repricing passes (src/domain/order_pricing/tests.rs):
// what the storefront shows must be what the server charges.

interface VectorTopping {
  key: string;
  name: string;
  price_cents: number;
}
interface VectorGroup {
  key: string;
  name: string;
  min: number;
  max: number;
  toppings: VectorTopping[];
}
interface VectorProduct {
  key: string;
  name: string;
  type: 'simple' | 'variable';
  price_cents: number;
  tax: string;
  variants: { key: string; name: string; price_cents: number }[];
  groups: string[];
}
interface VectorCart {
  name: string;
  discount_percent: number | null;
  lines: { product: string; variant: string | null; extras: { topping: string; quantity: number }[]; quantity: number }[];
  expect: {
    lines: { name: string; unit_cents: number; total_cents: number }[];
    subtotal_cents: number;
    discount_cents: number;
    total_cents: number;
  };
}
interface VectorFile {
  menu: { taxes: { key: string; percentage: number }[]; groups: VectorGroup[]; products: VectorProduct[] };
  carts: VectorCart[];
}

const file = vectorFile as VectorFile;

/** Ids handed out in order, as a server would. */
const ids = new Map<string, number>();
let nextId = 1;
const idFor = (key: string): number => {
  if (!ids.has(key)) ids.set(key, nextId++);
  return ids.get(key)!;
};

const groups = new Map(
  file.menu.groups.map((group) => [
    group.key,
    {
      id: idFor(`group:${group.key}`),
      name: group.name,
      name_en: null,
      min_selections: group.min,
      max_selections: group.max,
      toppings: group.toppings.map((topping) => ({
        id: idFor(`topping:${topping.key}`),
        name: topping.name,
        name_en: null,
        price: fromCents(topping.price_cents),
      })),
    },
  ]),
);

const products = new Map<string, Product>(
  file.menu.products.map((product) => [
    product.key,
    {
      id: idFor(`product:${product.key}`),
      category_id: 1,
      name: product.name,
      name_en: null,
      description: null,
      description_en: null,
      price: fromCents(product.price_cents),
      type: product.type,
      tax: {
        id: idFor(`tax:${product.tax}`),
        name: product.tax,
        percentage: file.menu.taxes.find((tax) => tax.key === product.tax)!.percentage,
      },
      variants: product.variants.map((variant) => ({
        id: idFor(`variant:${product.key}:${variant.key}`),
        name: variant.name,
        name_en: null,
        price: fromCents(variant.price_cents),
      })),
      image_url: null,
      sort_order: 0,
      available: true,
      allergens: [],
      enriched_topping_groups: product.groups.map((key) => groups.get(key)!),
    },
  ]),
);

function groupOf(product: Product, toppingId: number): number {
  return product.enriched_topping_groups.find((group) => group.toppings.some((t) => t.id === toppingId))!.id;
}

function itemsOf(cart: VectorCart): CartItem[] {
  return cart.lines.map((line) => {
    const product = products.get(line.product)!;
    const extras = line.extras.map((extra) => {
      const toppingId = idFor(`topping:${extra.topping}`);
      return { groupId: groupOf(product, toppingId), toppingId, quantity: extra.quantity };
    });
    const variantId = line.variant === null ? null : idFor(`variant:${line.product}:${line.variant}`);
    return buildCartItem(product, { variantId, extras }, 'de', line.quantity);
  });
}

describe('order repricing (shared vectors)', () => {
  it('has carts to check', () => {
    expect(file.carts.length).toBeGreaterThanOrEqual(5);
  });

  it.each(file.carts.map((cart) => [cart.name, cart] as const))('%s', (_name, cart) => {
    const items = itemsOf(cart);
    expect(
      items.map((item) => ({
        name: item.displayName,
        unit_cents: unitPriceCents(item),
        total_cents: lineTotalCents(item),
      })),
    ).toEqual(cart.expect.lines);
    const totals = orderTotals({
      lines: totalsLines(items),
      orderType: 'pickup',
      discountPercent: cart.discount_percent,
      deliveryFeeCents: 0,
      minimumOrderCents: 0,
    });
    expect(totals.subtotalCents).toBe(cart.expect.subtotal_cents);
    expect(totals.discountCents).toBe(cart.expect.discount_cents);
    expect(totals.totalCents).toBe(cart.expect.total_cents);

    // The order the server reprices names exactly these choices.
    const request = buildOrderRequest({
      items,
      orderType: 'pickup',
      paymentMethod: 'cash',
      orderTime: { kind: 'immediately' },
      note: '',
      address: { kind: 'saved', addressId: 1 },
    });
    expect(request.lines).toEqual(
      cart.lines.map((line) => ({
        product_id: idFor(`product:${line.product}`),
        variant_id: line.variant === null ? null : idFor(`variant:${line.product}:${line.variant}`),
        extras: line.extras
          .map((extra) => ({ topping_id: idFor(`topping:${extra.topping}`), quantity: extra.quantity }))
          .sort((a, b) => a.topping_id - b.topping_id),
        quantity: line.quantity,
      })),
    );
  });
});
