import { cleanup, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { AdminOrder } from '../../lib/order-types';
import { acceptedOrder, adminOrder } from '../test-orders';
import { OrderCard } from './order-card';

function renderCard(order: AdminOrder) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <OrderCard order={order} timezone="Europe/Berlin" onChanged={vi.fn()} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByTestId('order-card');
}

const lines = (card: HTMLElement) =>
  within(within(card).getByTestId('card-lines'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const DELIVERY_WITH_NOTES = adminOrder({
  payment_method: 'cash',
  payment_status: 'cash_due',
  customer: { ...adminOrder().customer, notes: 'Hinterhaus, 3. OG' },
  lines: [
    { ...adminOrder().lines[0]!, extras: [...adminOrder().lines[0]!.extras, { topping_id: 6, name: 'Oliven', price: 0.5, quantity: 2, allergens: [] }] },
    {
      product_id: 9,
      variant_id: null,
      name: 'Peroni 0,33 l',
      unit_price: 3.2,
      quantity: 1,
      extras: [],
      tax_percentage: 19,
      allergens: [],
      total: 3.2,
      deposit: 0,
    },
  ],
  age_restriction: 16,
});

describe('order card on the board', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  it('shows a dine-in order\'s table in large type instead of an address', () => {
    const card = renderCard(
      adminOrder({
        order_type: 'dine_in',
        table: 'Terrasse 3',
        customer: { ...adminOrder().customer, line1: '', zip: '', city: '', notes: '' },
      }),
    );
    expect(within(card).getByTestId('card-table')).toHaveTextContent(/^Tisch Terrasse 3$/);
    expect(within(card).getByTestId('card-table')).toHaveClass('admin-order-card__table');
    expect(within(card).getByTestId('card-address')).toHaveTextContent(/^Am Tisch$/);
    expect(card.querySelector('.admin-order-type')).toHaveTextContent('Am Tisch');
  });

  it('names no table for a delivery', () => {
    const card = renderCard(DELIVERY_WITH_NOTES);
    expect(within(card).queryByTestId('card-table')).toBeNull();
  });

  it('lists the items, the address, both notes, payment and total without opening the details', () => {
    const card = renderCard(DELIVERY_WITH_NOTES);

    expect(lines(card)).toEqual(['2 × Pizza Salami (Groß) + Extra Käse, + 2 × Oliven', '1 × Peroni 0,33 l']);
    // The extras are the small print under their item.
    expect(card.querySelector('.admin-order-card__extras')?.tagName).toBe('SMALL');
    expect(within(card).getByTestId('card-address')).toHaveTextContent(/^Hauptstraße 1, 10115 Berlin$/);
    expect(within(card).getByTestId('driver-notes')).toHaveTextContent('Hinweis für den Fahrer: Hinterhaus, 3. OG');
    expect(within(card).getByTestId('card-note')).toHaveTextContent('Anmerkung: Bitte klingeln');
    expect(within(card).getByTestId('card-payment')).toHaveTextContent('Bar · nicht bezahlt');
    expect(within(card).getByTestId('card-payment')).toHaveClass('admin-order-card__payment--due');
    expect(within(card).getByTestId('card-total')).toHaveTextContent('21,40 €');
    expect(within(card).getByTestId('age-check')).toHaveTextContent('Alterskontrolle ab 16');
    expect(within(card).queryByTestId('preorder-slot')).toBeNull();
    expect(card).toHaveTextContent('Kim Kunde');
  });

  it('says "Abholung" instead of an address for a pickup order and leaves out the driver', () => {
    const card = renderCard(
      adminOrder({ order_type: 'pickup', note: '', customer: { ...adminOrder().customer, notes: 'Hinterhaus' } }),
    );
    expect(within(card).getByTestId('card-address')).toHaveTextContent(/^Abholung$/);
    expect(card).not.toHaveTextContent('Hauptstraße');
    expect(within(card).queryByTestId('driver-notes')).toBeNull();
    expect(within(card).queryByTestId('card-note')).toBeNull();
    expect(within(card).getByTestId('card-payment')).toHaveTextContent('PayPal · bezahlt');
    expect(within(card).getByTestId('card-payment')).not.toHaveClass('admin-order-card__payment--due');
    expect(within(card).queryByTestId('age-check')).toBeNull();
  });

  it('shows the pre-order time and, in English, the age check of spirits', async () => {
    await i18n.changeLanguage('en');
    const card = renderCard(acceptedOrder({ preorder_at: '2026-11-22T19:15:00Z', age_restriction: 18 }));
    expect(within(card).getByTestId('preorder-slot')).toHaveTextContent('Pre-order for 20:15');
    expect(within(card).getByTestId('age-check')).toHaveTextContent('Age check: 18+');
    expect(within(card).getByTestId('card-payment')).toHaveTextContent('PayPal · paid');
    expect(within(card).getByTestId('card-address')).toHaveTextContent('Hauptstraße 1, 10115 Berlin');
  });

  it('says what the customer pays with in cash and the change to take along, and nothing when not said', async () => {
    const card = renderCard(
      acceptedOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: 50, change_due: 28.6 }),
    );
    expect(within(card).getByTestId('card-cash-given')).toHaveTextContent(/^Zahlt mit 50,00 € · Wechselgeld 28,60 €$/);
    expect(within(card).getByTestId('card-payment')).toHaveTextContent('Bar · nicht bezahlt');
    cleanup();

    await i18n.changeLanguage('en');
    const english = renderCard(acceptedOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: 30, change_due: 8.6 }));
    expect(within(english).getByTestId('card-cash-given')).toHaveTextContent(/^Pays with 30,00 € · change 8,60 €$/);
    cleanup();

    const unsaid = renderCard(acceptedOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: null, change_due: null }));
    expect(within(unsaid).queryByTestId('card-cash-given')).toBeNull();
  });

  it('marks a failed refund as still owed and shows the erased address as such', () => {
    const card = renderCard(
      acceptedOrder({
        payment_status: 'refund_failed',
        anonymised_at: '2026-11-23T10:00:00Z',
        customer: { ...adminOrder().customer, customer_name: 'anonymised', line1: 'anonymised' },
      }),
    );
    expect(within(card).getByTestId('card-payment')).toHaveTextContent('PayPal · Erstattung fehlgeschlagen');
    expect(within(card).getByTestId('card-payment')).toHaveClass('admin-order-card__payment--due');
    expect(within(card).getByTestId('card-address')).toHaveTextContent(/^anonymisiert, 10115 Berlin$/);
  });
});
