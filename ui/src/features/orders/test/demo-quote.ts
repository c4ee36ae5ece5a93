import type { OrderQuote } from '../../../lib/order-types';

/** The server's quote for two Cola (2,50 €) for pickup: 5,00 €. */
export function demoQuote(overrides: Partial<OrderQuote> = {}): OrderQuote {
  return {
    quote_id: 'quote-1',
    order_type: 'pickup',
    postcode: null,
    preorder_at: null,
    lines: [
      {
        product_id: 30,
        variant_id: null,
        name: 'Cola 0,33 l',
        unit_price: 2.5,
        quantity: 2,
        extras: [],
        tax_percentage: 19,
        allergens: [],
        total: 5,
        deposit: 0,
      },
    ],
    subtotal: 5,
    discount_percentage: 0,
    discount: 0,
    delivery_fee: 0,
    deposit: 0,
    tip: 0,
    total: 5,
    ...overrides,
  };
}
