import { act, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOrder } from '../../features/orders/test/demo-order';
import { demoQuote } from '../../features/orders/test/demo-quote';
import { clearRuntimeConfig, setRuntimeConfig } from '../../features/orders/test/runtime-config';
import i18n from '../../lib/i18n';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
import { demoStore } from '../../test/fetch-mock';
import { click, renderGuestCheckout, typeInto, type Answers, type FetchMock } from './test/guest-checkout';

/** The server's quote: 26,32 € for pickup. */
const quote = demoQuote({ subtotal: 26.32, total: 26.32 });

const placed = demoOrder({ token: 'tok-123', payment_method: 'cash', payment_status: 'cash_due' });

/** A guest at the checkout, paying cash by default; `extra` answers beside the quote and the order. */
function guestCheckout(extra: Answers = {}) {
  return renderGuestCheckout(
    { '/orders/guest/quote': { body: quote }, '/orders/guest': { status: 201, body: placed }, ...extra },
    [
      { path: '/', element: <p>home</p> },
      { path: '/orders/:token', element: <p data-testid="page">order</p> },
    ],
    ['/'],
  );
}

/** A guest from /guest-login at checkout for pickup, paying cash by default. */
function allPosts(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ path: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> }));
}

const orderPosts = (fetchMock: FetchMock) => allPosts(fetchMock).filter((post) => !post.path.endsWith('/quote'));
const quotePosts = (fetchMock: FetchMock) => allPosts(fetchMock).filter((post) => post.path.endsWith('/quote'));

/** Waits until the quote for the current choices is shown. */
async function quoted() {
  await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
  await waitFor(() => expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('26,32 €'));
}

const payWith = () => screen.getByLabelText('Ich zahle mit');
const placeButton = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

beforeEach(() => {
  FakeSocket.reset();
  setVisibility('visible');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  clearRuntimeConfig();
});

describe('"Ich zahle mit" at checkout', () => {
  it('offers the next round notes and the exact amount, shows the change and sends cash_given without asking a new quote', async () => {
    const { router, fetchMock } = guestCheckout();
    await quoted();
    const field = payWith();
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription('Optional: damit wir passendes Wechselgeld bereithalten.');
    const choices = screen.getByRole('group', { name: 'Betrag wählen' });
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual([
      '30 €',
      '50 €',
      '100 €',
      'Passend',
    ]);
    expect(screen.getByTestId('cash-given-change')).toBeEmptyDOMElement();
    const asked = quotePosts(fetchMock).length;

    await click(within(choices).getByRole('button', { name: '50 €' }));
    expect(field).toHaveValue('50');
    expect(within(choices).getByRole('button', { name: '50 €' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('cash-given-change')).toHaveTextContent(/^Wechselgeld: 23,68 €$/);
    await click(within(choices).getByRole('button', { name: 'Passend' }));
    expect(field).toHaveValue('26,32');
    expect(screen.getByTestId('cash-given-change')).toHaveTextContent(/^Wechselgeld: 0,00 €$/);
    await typeInto(field, '50.5');
    expect(screen.getByTestId('cash-given-change')).toHaveTextContent(/^Wechselgeld: 24,18 €$/);

    // Typing changes no price: the quote stays, and the button with it.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(quotePosts(fetchMock)).toHaveLength(asked);
    expect(placeButton()).toBeEnabled();
    await click(placeButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    const [post, ...more] = orderPosts(fetchMock);
    expect(more).toHaveLength(0);
    expect(post?.body).toMatchObject({ payment_method: 'cash', quote_id: 'quote-1', cash_given: 50.5 });
    for (const asking of quotePosts(fetchMock)) expect(asking.body).not.toHaveProperty('cash_given');
  });

  it('refuses an amount below the total before ordering, naming the total at the field', async () => {
    const { fetchMock } = guestCheckout();
    await quoted();
    await typeInto(payWith(), '20');
    expect(screen.getByTestId('cash-given-change')).toBeEmptyDOMElement();
    await click(placeButton());
    const error = 'Der Betrag, mit dem Sie zahlen, ist kleiner als die Summe von 26,32 €.';
    expect(payWith()).toHaveAccessibleDescription(expect.stringContaining(error));
    expect(payWith()).toHaveAttribute('aria-invalid', 'true');
    expect(payWith()).toHaveFocus();
    expect(screen.getByTestId('order-error')).toBeEmptyDOMElement();
    expect(orderPosts(fetchMock)).toEqual([]);

    // Typing again takes the message away.
    await typeInto(payWith(), 'zwanzig');
    expect(payWith()).not.toHaveAttribute('aria-invalid');
    await click(placeButton());
    expect(payWith()).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie einen Betrag in Euro ein, z. B. 50 oder 50,00.'),
    );
    expect(orderPosts(fetchMock)).toEqual([]);
  });

  it("shows the server's refusal at the field in English, with the total it names", async () => {
    await i18n.changeLanguage('en');
    const { router, fetchMock } = guestCheckout({
      '/orders/guest': {
        status: 400,
        body: {
          detail: 'cash_given: is less than the total of 27,00 €',
          code: 'cash_given_below_total',
          field: 'cash_given',
          params: { total: '27,00 €' },
        },
      },
    });
    await quoted();
    const field = screen.getByLabelText("I'll pay with");
    expect(field).toHaveAccessibleDescription('Optional: so we have the right change ready.');
    await typeInto(field, '26,50');
    expect(screen.getByTestId('cash-given-change')).toHaveTextContent(/^Change: 0,18 €$/);
    await click(screen.getByRole('button', { name: 'Place binding order' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('The amount you pay with is less than the total of 27,00 €.'),
      ),
    );
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByTestId('order-error')).toBeEmptyDOMElement();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(orderPosts(fetchMock)[0]?.body).toMatchObject({ cash_given: 26.5 });
  });

  it('is not asked for online payment, and the quote for it has no cash_given', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
    const { fetchMock } = guestCheckout();
    await quoted();
    await typeInto(payWith(), '50');
    await click(screen.getByRole('radio', { name: 'Online bezahlen' }));
    expect(screen.queryByLabelText('Ich zahle mit')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Betrag wählen' })).toBeNull();
    await waitFor(() => expect(quotePosts(fetchMock).at(-1)?.body).toMatchObject({ payment_method: 'online' }));
    for (const asking of quotePosts(fetchMock)) expect(asking.body).not.toHaveProperty('cash_given');

    // Back to cash, the amount is still there.
    await click(screen.getByRole('radio', { name: 'Barzahlung' }));
    expect(payWith()).toHaveValue('50');
  });

  it('is not offered in a shop that takes no cash', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
    guestCheckout({ '/stores/14': { body: { ...demoStore, cash_payment: false } } });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Online bezahlen' })).toBeChecked());
    expect(screen.queryByLabelText('Ich zahle mit')).toBeNull();
  });
});
