import { act, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { Coupon, CouponBody } from '../api/coupons-api';
import { renderAdminAt, sent, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const TERMS: CouponBody = {
  code: 'SOMMER10',
  kind: 'percent',
  percent: 10,
  amount: null,
  minimum_order: 0,
  valid_from: null,
  valid_to: null,
  order_types: 'both',
  first_order_only: false,
  per_customer_limit: null,
  total_limit: null,
  paused: false,
};

const coupon = (id: number, terms: Partial<CouponBody>, figures: Partial<Coupon> = {}): Coupon => ({
  ...TERMS,
  ...terms,
  id,
  created_at: '2026-11-20T10:00:00Z',
  uses: 0,
  revenue: 0,
  given: 0,
  ...figures,
});

const SOMMER = coupon(1, {}, { uses: 3, revenue: 61.5, given: 6.84 });
const WELCOME = coupon(
  2,
  {
    code: 'WILLKOMMEN',
    kind: 'amount',
    percent: null,
    amount: 5,
    minimum_order: 20,
    valid_from: '2026-12-01',
    valid_to: '2026-12-24',
    order_types: 'delivery',
    first_order_only: true,
    per_customer_limit: 1,
    total_limit: 100,
    paused: true,
  },
  { uses: 1, revenue: 25, given: 5 },
);

function couponsServer(initial: Coupon[]) {
  let current = initial;
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/coupons': () => ({ body: current }),
    'POST /admin/coupons': (init) => {
      const body = JSON.parse(String(init?.body)) as CouponBody;
      const code = body.code.toUpperCase();
      if (current.some((item) => item.code === code)) {
        return {
          status: 409,
          body: { detail: 'Another coupon has this code.', code: 'coupon_code_taken', field: 'code', params: { code } },
        };
      }
      const created = coupon(9, { ...body, code });
      current = [created, ...current];
      return { status: 201, body: created };
    },
    'PUT /admin/coupons/1': (init) => {
      const body = JSON.parse(String(init?.body)) as CouponBody;
      const saved = { ...SOMMER, ...body };
      current = current.map((item) => (item.id === 1 ? saved : item));
      return { body: saved };
    },
    'PUT /admin/coupons/2': (init) => {
      const body = JSON.parse(String(init?.body)) as CouponBody;
      const saved = { ...WELCOME, ...body };
      current = current.map((item) => (item.id === 2 ? saved : item));
      return { body: saved };
    },
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByTestId('coupon-row')
    .map((row) => [...row.querySelectorAll('td')].slice(0, 8).map((cell) => cell.textContent));

const select = (label: RegExp, value: string) => {
  const element = screen.getByLabelText(label) as HTMLSelectElement;
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

const type = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('coupons page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists each code with what it gives, its terms, dates, uses of the limit, revenue, what it took off and its state', async () => {
    couponsServer([SOMMER, WELCOME]);
    renderAdminAt('/admin/coupons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gutscheine' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['SOMMER10', '10 % Rabatt', 'keine', 'immer', '3 / unbegrenzt', '61,50 €', '6,84 €', 'Aktiv'],
      [
        'WILLKOMMEN',
        '5,00 € Rabatt',
        'ab 20,00 € Warenwert, Nur Lieferung, nur erste Bestellung, 1× je Kunde',
        '01.12.2026 – 24.12.2026',
        '1 / 100',
        '25,00 €',
        '5,00 €',
        'Pausiert',
      ],
    ]);
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/coupons"]')).toHaveTextContent('Gutscheine');
    expect(screen.getByTestId('coupon-rule')).toHaveTextContent(
      'Ein Gutschein kommt zum Dauerrabatt (Abhol-/Lieferrabatt) hinzu: Prozent oder Betrag werden vom Warenwert nach dem Dauerrabatt abgezogen',
    );
    expect(screen.getByTestId('coupon-rule')).toHaveTextContent('Pfand und Trinkgeld werden nie gemindert.');
  });

  it('creates a code with all its terms, and says at the code when it is taken', async () => {
    const fetchMock = couponsServer([SOMMER]);
    renderAdminAt('/admin/coupons');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findAllByText('Bitte dieses Feld ausfüllen.')).toHaveLength(2);
    expect(sent(fetchMock, 'POST', '/admin/coupons')).toEqual([]);

    type(/^Code/, 'sommer10');
    select(/^Art/, 'amount');
    expect(screen.queryByLabelText(/^Prozent/)).toBeNull();
    type(/^Betrag in Euro/, '5,50');
    type(/^Mindestbestellwert/, '20');
    type(/^Gültig ab/, '2026-12-01');
    type(/^Gültig bis/, '2026-11-30');
    type(/^Einlösungen je Kunde/, '0');
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(await screen.findByText('Das Ende darf nicht vor dem Anfang liegen.')).toBeInTheDocument();
    expect(screen.getByText('Bitte eine ganze Zahl von 1 bis 1000000 eingeben, oder leer lassen.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/coupons')).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Gültig bis/), { target: { value: '2026-12-24' } });
    type(/^Einlösungen je Kunde/, '1');
    type(/^Einlösungen insgesamt/, '100');
    select(/^Gilt für/, 'delivery');
    fireEvent.click(screen.getByLabelText('Nur für die erste Bestellung'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    });
    const taken = await screen.findByText('Einen Gutschein „SOMMER10“ gibt es schon.');
    const code = screen.getByLabelText(/^Code/);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(taken.id);

    type(/^Code/, 'willkommen');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    });
    await screen.findByText('Gutschein WILLKOMMEN angelegt.');
    expect(sent(fetchMock, 'POST', '/admin/coupons').at(-1)).toEqual({
      code: 'willkommen',
      kind: 'amount',
      percent: null,
      amount: 5.5,
      minimum_order: 20,
      valid_from: '2026-12-01',
      valid_to: '2026-12-24',
      order_types: 'delivery',
      first_order_only: true,
      per_customer_limit: 1,
      total_limit: 100,
      paused: false,
    });
    // The new code stands first, the form is empty again.
    expect(rows()[0]?.slice(0, 2)).toEqual(['WILLKOMMEN', '5,50 € Rabatt']);
    expect(screen.getByLabelText(/^Code/)).toHaveValue('');
  });

  it('pauses and resumes a code with its whole record', async () => {
    const fetchMock = couponsServer([SOMMER, WELCOME]);
    renderAdminAt('/admin/coupons');
    await screen.findByRole('table');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Gutschein SOMMER10 pausieren' }));
    });
    await screen.findByText('Gutschein SOMMER10 pausiert: An der Kasse gilt er jetzt als unbekannt.');
    expect(sent(fetchMock, 'PUT', '/admin/coupons/1')).toEqual([{ ...TERMS, paused: true }]);
    expect(rows()[0]?.[7]).toBe('Pausiert');
    expect(screen.getByRole('button', { name: 'Gutschein SOMMER10 fortsetzen' })).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Gutschein WILLKOMMEN fortsetzen' }));
    });
    await screen.findByText('Gutschein WILLKOMMEN ist wieder einlösbar.');
    const [resumed] = sent(fetchMock, 'PUT', '/admin/coupons/2') as CouponBody[];
    expect(resumed).toMatchObject({ code: 'WILLKOMMEN', kind: 'amount', amount: 5, percent: null, paused: false, total_limit: 100 });
    expect(rows()[1]?.[7]).toBe('Aktiv');
  });

  it('edits a code in the form: its terms filled in, saved with PUT', async () => {
    const fetchMock = couponsServer([SOMMER]);
    renderAdminAt('/admin/coupons');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Gutschein SOMMER10 bearbeiten' }));
    expect(await screen.findByRole('heading', { name: 'Gutschein SOMMER10 bearbeiten' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveValue('SOMMER10');
    expect(screen.getByLabelText(/^Prozent/)).toHaveValue('10');
    type(/^Prozent/, '12,5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    });
    await screen.findByText('Gutschein SOMMER10 gespeichert.');
    expect(sent(fetchMock, 'PUT', '/admin/coupons/1')).toEqual([{ ...TERMS, percent: 12.5 }]);
    expect(rows()[0]?.[1]).toBe('12,5 % Rabatt');
    expect(screen.getByRole('heading', { name: 'Neuer Gutschein' })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    couponsServer([WELCOME]);
    renderAdminAt('/admin/coupons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows()[0]).toEqual([
      'WILLKOMMEN',
      '5,00 € off',
      'goods from 20,00 €, Delivery only, first order only, 1× per customer',
      '01.12.2026 – 24.12.2026',
      '1 / 100',
      '25,00 €',
      '5,00 €',
      'Paused',
    ]);
    expect(screen.getByTestId('coupon-rule')).toHaveTextContent('Deposits and tips are never reduced.');
  });

  it('is the owner’s: staff see no entry and are sent home', async () => {
    signInStaff();
    const fetchMock = couponsServer([SOMMER]);
    renderAdminAt('/admin/coupons');
    await waitFor(() => expect(screen.getByRole('navigation')).toBeInTheDocument());
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/coupons"]')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Gutscheine' })).toBeNull();
    expect(sent(fetchMock, 'GET', '/admin/coupons')).toEqual([]);
  });
});
