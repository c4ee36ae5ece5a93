import { screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoQuote } from '../../features/orders/test/demo-quote';
import { clearRuntimeConfig, setRuntimeConfig } from '../../features/orders/test/runtime-config';
import i18n from '../../lib/i18n';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
import { click, postedBodies, renderGuestCheckout, typeInto, type FetchMock } from './test/guest-checkout';

/**
 * The server's quote for the body asked about: 26,32 € less 10 % (2,63 €) for pickup,
 * so 23,69 € of goods, plus the tip asked for (its total includes it).
 */
function quoteFor(init?: RequestInit) {
  const body = JSON.parse(String(init?.body)) as { tip?: number };
  const tip = body.tip ?? 0;
  return {
    body: demoQuote({
      quote_id: `quote-tip-${tip}`,
      subtotal: 26.32,
      discount_percentage: 10,
      discount: 2.63,
      tip,
      total: Math.round((23.69 + tip) * 100) / 100,
    }),
  };
}

/** A guest from /guest-login at checkout for pickup in a shop with PayPal and cash. */
/** A guest at the checkout who may pay online. */
function guestCheckout() {
  setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
  return renderGuestCheckout({ '/orders/guest/quote': quoteFor }).fetchMock;
}

const quoteBodies = (fetchMock: FetchMock) => postedBodies(fetchMock, (path) => path.endsWith('/quote'));

/** Waits until the quote shown has this total (and is the current one). */
async function quotedTotal(total: string) {
  await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
  await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent(total));
  expect(screen.getByTestId('order-essentials-total')).toHaveTextContent(total);
}

const tipGroup = () => screen.getByRole('group', { name: 'Trinkgeld für das Team' });

/** Chooses online payment once the shop is known to take cash too (else online is the only one). */
async function payOnline() {
  await waitFor(() => expect(screen.getByRole('radio', { name: 'Barzahlung' })).toBeEnabled());
  await click(screen.getByRole('radio', { name: 'Online bezahlen' }));
}

beforeEach(() => {
  FakeSocket.reset();
  setVisibility('visible');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  clearRuntimeConfig();
});

describe('the tip at checkout', () => {
  it('is offered with online payment only: none by default, 5, 10 and 15 % of the goods less discount, another amount', async () => {
    const fetchMock = guestCheckout();
    await quotedTotal('23,69 €');
    expect(screen.queryByTestId('tip-choice')).toBeNull();

    await payOnline();
    await quotedTotal('23,69 €');
    const options = within(tipGroup()).getAllByRole('radio');
    expect(options.map((option) => option.closest('label')?.textContent)).toEqual([
      'Kein Trinkgeld',
      '5 % (1,18 €)',
      '10 % (2,37 €)',
      '15 % (3,55 €)',
      'Anderer Betrag',
    ]);
    expect(within(tipGroup()).getByRole('radio', { name: 'Kein Trinkgeld' })).toBeChecked();
    expect(screen.queryByTestId('cart-tip')).toBeNull();
    for (const body of quoteBodies(fetchMock)) expect(body).not.toHaveProperty('tip');
  });

  it('asks the quote with the share and shows the tip above the total the server quoted', async () => {
    const fetchMock = guestCheckout();
    await payOnline();
    await quotedTotal('23,69 €');
    await click(within(tipGroup()).getByRole('radio', { name: '10 % (2,37 €)' }));
    await quotedTotal('26,06 €');
    expect(quoteBodies(fetchMock).at(-1)).toMatchObject({ payment_method: 'online', tip: 2.37 });
    expect(screen.getByTestId('cart-tip')).toHaveTextContent('2,37 €');
    const rows = within(screen.getByTestId('checkout-quote')).getAllByRole('term').map((term) => term.textContent);
    expect(rows.slice(-2)).toEqual(['Trinkgeld', 'Gesamt']);

    await click(within(tipGroup()).getByRole('radio', { name: '15 % (3,55 €)' }));
    await quotedTotal('27,24 €');
    expect(quoteBodies(fetchMock).at(-1)).toMatchObject({ tip: 3.55 });
  });

  it('takes another amount from 0 to 100 € and keeps the order back while it cannot be sent', async () => {
    const fetchMock = guestCheckout();
    await payOnline();
    await quotedTotal('23,69 €');
    await click(within(tipGroup()).getByRole('radio', { name: 'Anderer Betrag' }));
    const field = screen.getByLabelText('Trinkgeld in Euro');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAccessibleDescription('0 bis 100,00 €');

    await typeInto(field, '100,50');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Bitte geben Sie höchstens 100,00 € an.'));
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Bitte prüfen Sie den Betrag des Trinkgelds.');
    await typeInto(field, '3,555');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('z. B. 3 oder 3,50'));

    await typeInto(field, '4,50');
    expect(field).not.toHaveAttribute('aria-invalid');
    await quotedTotal('28,19 €');
    expect(screen.queryByTestId('place-order-blocked')).toBeNull();
    expect(quoteBodies(fetchMock).at(-1)).toMatchObject({ tip: 4.5 });
    await typeInto(field, '100');
    await quotedTotal('123,69 €');
    expect(quoteBodies(fetchMock).map((body) => body.tip).filter((tip) => tip !== undefined)).toEqual([4.5, 100]);
  });

  it('is removed by switching to cash, and not chosen again by switching back', async () => {
    const fetchMock = guestCheckout();
    await payOnline();
    await quotedTotal('23,69 €');
    await click(within(tipGroup()).getByRole('radio', { name: '5 % (1,18 €)' }));
    await quotedTotal('24,87 €');

    await click(screen.getByRole('radio', { name: 'Barzahlung' }));
    expect(screen.queryByTestId('tip-choice')).toBeNull();
    await quotedTotal('23,69 €');
    expect(screen.queryByTestId('cart-tip')).toBeNull();
    expect(quoteBodies(fetchMock).at(-1)).toMatchObject({ payment_method: 'cash' });
    expect(quoteBodies(fetchMock).at(-1)).not.toHaveProperty('tip');

    await payOnline();
    expect(within(tipGroup()).getByRole('radio', { name: 'Kein Trinkgeld' })).toBeChecked();
    await quotedTotal('23,69 €');
    expect(quoteBodies(fetchMock).at(-1)).not.toHaveProperty('tip');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    guestCheckout();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Cash' })).toBeEnabled());
    await click(screen.getByRole('radio', { name: 'Pay online' }));
    await quotedTotal('23,69 €');
    const group = screen.getByRole('group', { name: 'Tip for the team' });
    await click(within(group).getByRole('radio', { name: '10% (2,37 €)' }));
    await quotedTotal('26,06 €');
    expect(within(screen.getByTestId('checkout-quote')).getByText('Tip')).toBeInTheDocument();
  });
});
