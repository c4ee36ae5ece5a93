import type { Order } from '../../../lib/order-types';

export const DEMO_TOKEN = 'Jx8qZ3kV7c2mNw0pLr5tYb9uHd1eFg4sAi6oKj8xMzQ';

/** An order in the customer view of the contract: a delivery paid online, waiting for the restaurant. */
export function demoOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 57,
    number: 3,
    token: DEMO_TOKEN,
    created_at: '2026-11-22T17:05:00Z',
    business_date: '2026-11-22',
    status: 'waiting_for_confirmation',
    order_type: 'delivery',
    payment_method: 'online',
    payment_status: 'paid',
    preorder_at: null,
    note: 'Bitte klingeln',
    customer: {
      customer_name: 'Gina Gast',
      line1: 'Hauptstraße 1',
      city: 'Berlin',
      zip: '10115',
      country: 'DE',
      phone: '030123',
      email: 'gina@example.com',
    },
    lines: [
      {
        product_id: 3,
        variant_id: 7,
        name: 'Pizza Salami (Groß)',
        unit_price: 9.5,
        quantity: 2,
        extras: [{ topping_id: 5, name: 'Extra Käse', price: 1, quantity: 1, allergens: [{ code: 'G', name: 'Milch' }] }],
        tax_percentage: 7,
        allergens: [{ code: 'A', name: 'Gluten' }],
        total: 21,
        deposit: 0,
      },
    ],
    subtotal: 21,
    discount_percentage: 10,
    discount: 2.1,
    delivery_fee: 2.5,
    deposit: 0,
    tip: 0,
    total: 21.4,
    vat: [{ percentage: 7, gross: 21.4, net: 20, vat: 1.4 }],
    estimated_minutes: null,
    estimated_ready_at: null,
    rejection_reason: null,
    history: [{ status: 'waiting_for_confirmation', at: '2026-11-22T17:05:00Z', note: '' }],
    source: 'online',
    anonymised_at: null,
    ...overrides,
  };
}
