import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type AdminDiscount, type DiscountCode } from '../types';

function discountServer(initial: AdminDiscount[]) {
  let current = initial;
  const put = (code: DiscountCode) => (init: RequestInit | undefined) => {
    const body = JSON.parse(String(init?.body)) as { value: number; expires_on: string | null };
    const saved = { code, ...body, active: body.expires_on === null || body.expires_on >= '2026-01-01' };
    current = [...current.filter((discount) => discount.code !== code), saved];
    return { body: saved };
  };
  const remove = (code: DiscountCode) => () => {
    current = current.filter((discount) => discount.code !== code);
    return { status: 204 };
  };
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /admin/discounts': () => ({ body: current }),
    'PUT /discounts/14/DELIVERY_DISCOUNT': put('DELIVERY_DISCOUNT'),
    'PUT /discounts/14/PICKUP_DISCOUNT': put('PICKUP_DISCOUNT'),
    'DELETE /discounts/14/DELIVERY_DISCOUNT': remove('DELIVERY_DISCOUNT'),
    'DELETE /discounts/14/PICKUP_DISCOUNT': remove('PICKUP_DISCOUNT'),
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim()));

describe('discount screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the current discounts with percent, expiry and whether they are active', async () => {
    discountServer([
      { code: 'PICKUP_DISCOUNT', value: 7.5, expires_on: '2020-01-31', active: false },
      { code: 'DELIVERY_DISCOUNT', value: 10, expires_on: null, active: true },
    ]);
    renderAdminAt('/admin/disscount');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discounts' })).toBeInTheDocument();
    expect(document.title).toBe('Discounts | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/disscount"]')).toHaveTextContent('Discounts');
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['Delivery discount DELIVERY_DISCOUNT', '10 %', 'no expiry', 'Active'],
      ['Pickup discount PICKUP_DISCOUNT', '7,5 %', expect.stringMatching(/31.*2020/), 'Expired'],
    ]);
    expect(screen.getByLabelText(/^Discount \(%\)/, { selector: '#discount-pickup-value' })).toHaveValue('7,5');
    expect(screen.getByLabelText('Expires after', { selector: '#discount-pickup-expires_on' })).toHaveValue('2020-01-31');
  });

  it('checks the percentage, then sets it with or without an expiry date', async () => {
    const fetchMock = discountServer([]);
    renderAdminAt('/admin/disscount');
    expect(await screen.findByText('No discounts are set.')).toBeInTheDocument();
    const value = screen.getByLabelText(/^Discount \(%\)/, { selector: '#discount-delivery-value' });
    const saveDelivery = screen.getByRole('button', { name: 'Save Delivery discount' });

    fireEvent.click(saveDelivery);
    expect(await screen.findByText('Please fill in this field.')).toBeInTheDocument();
    fireEvent.input(value, { target: { value: '120' } });
    fireEvent.click(saveDelivery);
    expect(await screen.findByText('The percentage must be between 0 and 100.')).toBeInTheDocument();
    fireEvent.input(value, { target: { value: 'zehn' } });
    fireEvent.click(saveDelivery);
    expect(await screen.findByText('Enter a percentage like 10 or 7,5.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/discounts/14/DELIVERY_DISCOUNT')).toHaveLength(0);

    fireEvent.input(value, { target: { value: '12,5' } });
    await act(async () => {
      fireEvent.click(saveDelivery);
    });
    expect(sent(fetchMock, 'PUT', '/discounts/14/DELIVERY_DISCOUNT')).toEqual([{ value: 12.5, expires_on: null }]);
    expect(await screen.findByText('Delivery discount saved.')).toBeInTheDocument();
    await vi.waitFor(() => expect(rows()).toEqual([['Delivery discount DELIVERY_DISCOUNT', '12,5 %', 'no expiry', 'Active']]));

    fireEvent.input(screen.getByLabelText(/^Discount \(%\)/, { selector: '#discount-pickup-value' }), { target: { value: '15' } });
    fireEvent.input(screen.getByLabelText('Expires after', { selector: '#discount-pickup-expires_on' }), {
      target: { value: '2099-12-31' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Pickup discount' }));
    });
    expect(sent(fetchMock, 'PUT', '/discounts/14/PICKUP_DISCOUNT')).toEqual([{ value: 15, expires_on: '2099-12-31' }]);
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('shows a refusal next to the field it names', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /admin/discounts': () => ({ body: [] }),
      'PUT /discounts/14/PICKUP_DISCOUNT': () => ({
        status: 400,
        body: { detail: 'expires_on: must be YYYY-MM-DD', code: 'invalid', field: 'expires_on' },
      }),
    });
    renderAdminAt('/admin/disscount');
    fireEvent.input(await screen.findByLabelText(/^Discount \(%\)/, { selector: '#discount-pickup-value' }), {
      target: { value: '5' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Pickup discount' }));
    });
    expect(await screen.findByText('Please check this entry.')).toBeInTheDocument();
    expect(screen.queryByText(/expires_on/)).toBeNull();
    expect(screen.getByLabelText('Expires after', { selector: '#discount-pickup-expires_on' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('removes a discount after confirming', async () => {
    const fetchMock = discountServer([{ code: 'DELIVERY_DISCOUNT', value: 10, expires_on: null, active: true }]);
    renderAdminAt('/admin/disscount');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Delivery discount' }));
    expect(sent(fetchMock, 'DELETE', '/discounts/14/DELIVERY_DISCOUNT')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    expect(sent(fetchMock, 'DELETE', '/discounts/14/DELIVERY_DISCOUNT')).toHaveLength(1);
    expect(await screen.findByText('Delivery discount removed.')).toBeInTheDocument();
    expect(screen.getByText('No discounts are set.')).toBeInTheDocument();
  });
});
