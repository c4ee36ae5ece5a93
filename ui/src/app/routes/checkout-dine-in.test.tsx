import { screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOrder } from '../../features/orders/test/demo-order';
import { demoQuote } from '../../features/orders/test/demo-quote';
import { clearRuntimeConfig } from '../../features/orders/test/runtime-config';
import { DINE_IN_KEY } from '../../lib/orders-api';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
import { click, postedBodies, renderGuestCheckout } from './test/guest-checkout';

const quote = demoQuote({ order_type: 'dine_in', table: '12', subtotal: 5, total: 5 });
const placed = demoOrder({ token: 'tok-table', order_type: 'dine_in', table: '12' });

/** A guest who scanned table 12's code, at the checkout. */
function atTable() {
  sessionStorage.setItem(DINE_IN_KEY, JSON.stringify({ id: 3, key: 'secret-of-12', label: '12' }));
  return renderGuestCheckout(
    { '/orders/guest/quote': { body: quote }, '/orders/guest': { status: 201, body: placed } },
    [{ path: '/orders/:token', element: <p data-testid="page">order</p> }],
  );
}

beforeEach(() => {
  FakeSocket.reset();
  setVisibility('visible');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  sessionStorage.clear();
  clearRuntimeConfig();
});

describe('the checkout at the table', () => {
  it('names the table, offers no time and cash at the counter, and orders dine_in with the table for now', async () => {
    const { fetchMock, router } = atTable();
    await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
    expect(screen.getByTestId('checkout-order-type')).toHaveTextContent(/^Am Tisch 12 Stattdessen liefern oder abholen$/);
    expect(screen.getByTestId('dine-in-now')).toHaveTextContent('wir bringen es an Ihren Tisch');
    expect(screen.queryByLabelText('Ich zahle mit')).toBeNull();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Bar an der Theke' })).toBeChecked());

    const [asked] = postedBodies(fetchMock, (path) => path.endsWith('/quote'));
    expect(asked).toMatchObject({ order_type: 'dine_in', table: { id: 3, key: 'secret-of-12' }, preorder_at: null });

    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-table'));
    const [order] = postedBodies(fetchMock, (path) => path.endsWith('/orders/guest'));
    expect(order).toMatchObject({
      order_type: 'dine_in',
      table: { id: 3, key: 'secret-of-12' },
      payment_method: 'cash',
      preorder_at: null,
    });
    expect(order).not.toHaveProperty('cash_given');
  });

  it('leaves dine-in mode on request: the order is for pickup again, without the table', async () => {
    const { fetchMock } = atTable();
    await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
    await click(screen.getByRole('button', { name: 'Stattdessen liefern oder abholen' }));
    expect(sessionStorage.getItem(DINE_IN_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('checkout-order-type')).toHaveTextContent('Abholung'));
    await waitFor(() => {
      const asked = postedBodies(fetchMock, (path) => path.endsWith('/quote')).at(-1);
      expect(asked).toMatchObject({ order_type: 'pickup' });
      expect(asked).not.toHaveProperty('table');
    });
    expect(screen.getByRole('radio', { name: 'Barzahlung' })).toBeInTheDocument();
  });
});
