import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Postcode } from '../types';

const zone = (id: number, postcode: string, fee = 2.5, minimum = 15, time = 40): Postcode => ({
  id,
  store_id: 14,
  postcode,
  minimum_order_amount: minimum,
  delivery_fee: fee,
  delivery_time: time,
});

function postcodeServer(initial: Postcode[]) {
  let current = initial;
  let nextId = 100;
  type Body = Omit<Postcode, 'id' | 'store_id'>;
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /postcodes/store/14': () => ({ body: current }),
    'POST /postcodes/': (init) => {
      const body = JSON.parse(String(init?.body)) as Body;
      if (current.some((item) => item.postcode === body.postcode)) {
        return { status: 409, body: { detail: `Postcode ${body.postcode} already exists.`, code: 'duplicate' } };
      }
      nextId += 1;
      const created = { id: nextId, store_id: 14, ...body };
      current = [...current, created];
      return { status: 201, body: created };
    },
    'PUT /postcodes/1': (init) => {
      const updated = { id: 1, store_id: 14, ...(JSON.parse(String(init?.body)) as Body) };
      current = current.map((item) => (item.id === 1 ? updated : item));
      return { body: updated };
    },
    'DELETE /postcodes/2': () => {
      current = current.filter((item) => item.id !== 2);
      return { status: 204 };
    },
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));

const field = (label: RegExp) => screen.getByLabelText(label);

describe('postcode screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists and searches the delivery zones', async () => {
    postcodeServer([zone(2, '10117', 3, 20, 45), zone(1, '10115')]);
    renderAdminAt('/admin/postcodes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Postcodes' })).toBeInTheDocument();
    expect(document.title).toBe('Postcodes | Heimservice Heimservice');
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['10115', '15,00 €', '2,50 €', '40 min'],
      ['10117', '20,00 €', '3,00 €', '45 min'],
    ]);
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: '117' } });
    expect(rows()).toEqual([['10117', '20,00 €', '3,00 €', '45 min']]);
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
  });

  it('uses the German labels', async () => {
    await i18n.changeLanguage('de');
    postcodeServer([]);
    renderAdminAt('/admin/postcodes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Postleitzahlen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/postcodes"]')).toHaveTextContent('Postleitzahlen');
  });

  it('checks the form, accepts comma or dot prices and shows the duplicate refusal', async () => {
    const fetchMock = postcodeServer([zone(1, '10115')]);
    renderAdminAt('/admin/postcodes');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(3);

    fireEvent.input(field(/^Postcode/), { target: { value: '1!' } });
    fireEvent.input(field(/^Minimum order/), { target: { value: '15,999' } });
    fireEvent.input(field(/^Delivery fee/), { target: { value: '1000' } });
    fireEvent.input(field(/^Delivery time/), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Use 3 to 10 letters, digits, spaces or dashes.')).toBeInTheDocument();
    expect(screen.getByText('Enter a price like 1,20 or 1.20.')).toBeInTheDocument();
    expect(screen.getByText('The price must be between 0,00 and 999,99 €.')).toBeInTheDocument();
    expect(screen.getByText('This number is out of range.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/postcodes/')).toHaveLength(0);

    fireEvent.input(field(/^Postcode/), { target: { value: '12345' } });
    fireEvent.input(field(/^Minimum order/), { target: { value: '15,00' } });
    fireEvent.input(field(/^Delivery fee/), { target: { value: '2.5' } });
    fireEvent.input(field(/^Delivery time/), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    expect(sent(fetchMock, 'POST', '/postcodes/')).toEqual([
      { postcode: '12345', minimum_order_amount: 15, delivery_fee: 2.5, delivery_time: 0 },
    ]);
    expect(await screen.findByText('Postcode 12345 created.')).toBeInTheDocument();
    await vi.waitFor(() => expect(rows().map((row) => row[0])).toEqual(['10115', '12345']));

    fireEvent.input(field(/^Postcode/), { target: { value: '12345' } });
    fireEvent.input(field(/^Minimum order/), { target: { value: '15' } });
    fireEvent.input(field(/^Delivery fee/), { target: { value: '2,50' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    const message = await screen.findByText('An entry with this name or key already exists.');
    expect(field(/^Postcode/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Postcode/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it('edits a zone and deletes another after confirming', async () => {
    const fetchMock = postcodeServer([zone(1, '10115'), zone(2, '10117')]);
    renderAdminAt('/admin/postcodes');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 10115' }));
    expect(screen.getByRole('heading', { name: 'Edit postcode 10115' })).toBeInTheDocument();
    expect(field(/^Delivery fee/)).toHaveValue('2,50');
    fireEvent.input(field(/^Delivery fee/), { target: { value: '3,20' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(sent(fetchMock, 'PUT', '/postcodes/1')).toEqual([
      { postcode: '10115', minimum_order_amount: 15, delivery_fee: 3.2, delivery_time: 40 },
    ]);
    await vi.waitFor(() => expect(rows()[0]).toEqual(['10115', '15,00 €', '3,20 €', '40 min']));
    expect(screen.getByRole('heading', { name: 'New postcode' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete 10117' }));
    expect(sent(fetchMock, 'DELETE', '/postcodes/2')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    await vi.waitFor(() => expect(rows().map((row) => row[0])).toEqual(['10115']));
  });
});
