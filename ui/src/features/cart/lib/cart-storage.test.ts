import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../lib/menu-api';
import { demoProducts } from '../../../test/fetch-mock';
import { buildCartItem } from '../../../lib/cart-lines';
import {
  loadCartItems,
  loadOrderNote,
  markOrderPlaced,
  saveCartItems,
  saveOrderNote,
  takeOrderPlacedFlag,
} from './cart-storage';

const cola = buildCartItem(demoProducts[2] as unknown as Product, { variantId: null, extras: [] }, 'de');

describe('cart storage', () => {
  it('keeps the items as JSON under cartItems and the note under orderNote', () => {
    saveCartItems([cola]);
    saveOrderNote('Bitte klingeln');
    expect(JSON.parse(localStorage.getItem('cartItems')!)).toEqual([cola]);
    expect(localStorage.getItem('orderNote')).toBe('Bitte klingeln');
    expect(loadCartItems()).toEqual([cola]);
    expect(loadOrderNote()).toBe('Bitte klingeln');
  });

  it('removes the keys for an empty cart and an empty note', () => {
    saveCartItems([cola]);
    saveOrderNote('x');
    saveCartItems([]);
    saveOrderNote('');
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('orderNote')).toBeNull();
  });

  it('ignores unparsable data with a console.error', () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('cartItems', '{broken');
    expect(loadCartItems()).toEqual([]);
    expect(errorSpy).toHaveBeenCalledWith('Failed to parse cartItems', expect.any(SyntaxError));

    localStorage.setItem('cartItems', '{"a":1}');
    expect(loadCartItems()).toEqual([]);
    expect(errorSpy).toHaveBeenCalledTimes(2);
  });

  it('drops entries that are not cart lines', () => {
    localStorage.setItem('cartItems', JSON.stringify([cola, { uniqueKey: 'x' }, null]));
    expect(loadCartItems()).toEqual([cola]);
  });

  it("reports the order_placed flag once and removes it", () => {
    expect(takeOrderPlacedFlag()).toBe(false);
    localStorage.setItem('order_placed', 'false');
    expect(takeOrderPlacedFlag()).toBe(false);
    localStorage.setItem('order_placed', 'true');
    expect(takeOrderPlacedFlag()).toBe(true);
    expect(localStorage.getItem('order_placed')).toBeNull();
    expect(takeOrderPlacedFlag()).toBe(false);
  });

  it("marks a placed order with order_placed = 'true'", () => {
    markOrderPlaced();
    expect(localStorage.getItem('order_placed')).toBe('true');
    expect(takeOrderPlacedFlag()).toBe(true);
  });
});
