import { act, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { GuestForm } from './guest-form';

const postcode = { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 15, delivery_fee: 2.5, delivery_time: 40 };

/** happy-dom has no window.alert. */
function stubAlert() {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  return alert;
}

function renderGuest({ cartIsEmpty = false } = {}) {
  return renderAt(<GuestForm cartIsEmpty={cartIsEmpty} />, { path: '/guest-login', history: ['/menu-before'] });
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.input(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Continue to checkout|Weiter zur Kasse/ }));
const location = () => screen.getByTestId('location').textContent;

describe('GuestForm', () => {
  it("is titled 'update your info' with a shipping address section and links to login and register", async () => {
    await i18n.changeLanguage('en');
    renderGuest();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^update your info$/);
    expect(screen.getByRole('group', { name: 'Shipping address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login/checkout');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('for delivery requires name, street, zip and phone: a gap shows form_fill_message', () => {
    const alert = stubAlert();
    renderGuest();
    fill({ Name: 'Max Gast', 'Straße und Hausnummer': 'Hauptstraße 1', Telefon: '030123' });
    submit();
    expect(alert).toHaveBeenCalledWith('Bitte füllen Sie alle Pflichtfelder aus.');
    expect(screen.getByLabelText(/^Postleitzahl/)).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('guestShippingAddress')).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('for pickup the street and the zip are optional', () => {
    localStorage.setItem('order_type', 'pickup');
    const alert = stubAlert();
    renderGuest();
    expect(screen.getByLabelText(/^Straße und Hausnummer/)).not.toHaveAttribute('aria-required', 'true');
    fill({ Name: 'Max Gast', Telefon: '030123' });
    submit();
    expect(alert).not.toHaveBeenCalled();
    expect(location()).toBe('/checkout?isGuestLogin=true {"from":"/guest-login"}');
  });

  it('requires the name and phone whatever the order type', () => {
    localStorage.setItem('order_type', 'pickup');
    const alert = stubAlert();
    renderGuest();
    fill({ Name: 'Max Gast', 'Straße und Hausnummer': 'Hauptstraße 1' });
    submit();
    expect(alert).toHaveBeenCalledWith('Bitte füllen Sie alle Pflichtfelder aus.');
  });

  it('keeps a leading + and the digits in the phone field, at most 15 digits', () => {
    renderGuest();
    const phone = screen.getByLabelText(/^Telefon/) as HTMLInputElement;
    fireEvent.input(phone, { target: { value: 'tel: 0176 / 123-45' } });
    expect(phone.value).toBe('017612345');
    fireEvent.input(phone, { target: { value: '0049 176 1234 5678 999' } });
    expect(phone.value).toBe('004917612345678');
    fireEvent.input(phone, { target: { value: '+49 176 1234-567' } });
    expect(phone.value).toBe('+491761234567');
  });

  it('with an empty cart alerts your_cart_is_empty and goes back', () => {
    const alert = stubAlert();
    localStorage.setItem('postcode-data', JSON.stringify(postcode));
    renderGuest({ cartIsEmpty: true });
    fill({ Name: 'Max Gast', 'Straße und Hausnummer': 'Hauptstraße 1', Telefon: '030123' });
    submit();
    expect(alert).toHaveBeenCalledWith('Ihr Warenkorb ist leer');
    expect(location()).toBe('/menu-before');
    expect(localStorage.getItem('guestShippingAddress')).toBeNull();
  });

  it('opened directly with an empty cart, goes to the menu instead of leaving the shop', () => {
    const alert = stubAlert();
    localStorage.setItem('postcode-data', JSON.stringify(postcode));
    renderAt(<GuestForm cartIsEmpty />, { path: '/guest-login' });
    fill({ Name: 'Max Gast', 'Straße und Hausnummer': 'Hauptstraße 1', Telefon: '030123' });
    submit();
    expect(alert).toHaveBeenCalledWith('Ihr Warenkorb ist leer');
    expect(location()).toBe('/');
  });

  it('prefills the chosen delivery postcode, stores the address and opens checkout with the origin state', () => {
    const alert = stubAlert();
    localStorage.setItem('postcode-data', JSON.stringify(postcode));
    renderGuest();
    expect(screen.getByLabelText(/^Postleitzahl/)).toHaveValue('10115');
    fill({
      Name: ' Max Gast ',
      'Straße und Hausnummer': 'Hauptstraße 1',
      Ort: 'Berlin',
      Telefon: '030 123',
      'E-Mail': 'max@example.com',
    });
    submit();
    expect(alert).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('guestShippingAddress') ?? 'null')).toEqual({
      type: 'shipping',
      customer_name: 'Max Gast',
      line1: 'Hauptstraße 1',
      city: 'Berlin',
      zip: '10115',
      country: 'DE',
      phone: '030123',
      email: 'max@example.com',
    });
    expect(location()).toBe('/checkout?isGuestLogin=true {"from":"/guest-login"}');
  });

  it('for delivery refuses a postcode the store does not serve', async () => {
    await i18n.changeLanguage('de');
    localStorage.clear();
    const alert = stubAlert();
    const fetchMock = mockFetch({ '/postcodes/store/14': { body: [postcode] } });
    localStorage.setItem('order_type', 'delivery');
    renderGuest();
    // Let the postcode list arrive.
    await act(async () => {
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    fill({ Name: 'Max', 'Straße und Hausnummer': 'Weg 1', Postleitzahl: '99999', Telefon: '030' });
    submit();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText(/Wir liefern leider nicht in die Postleitzahl 99999/)).toBeInTheDocument();
    expect(localStorage.getItem('guestShippingAddress')).toBeNull();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it("makes the address's served postcode the chosen delivery postcode, over the header's", async () => {
    await i18n.changeLanguage('de');
    localStorage.clear();
    stubAlert();
    const zone10405 = { id: 2, store_id: 14, postcode: '10405', minimum_order_amount: 20, delivery_fee: 3, delivery_time: 45 };
    const fetchMock = mockFetch({ '/postcodes/store/14': { body: [postcode, zone10405] } });
    localStorage.setItem('order_type', 'delivery');
    localStorage.setItem('postcode-data', JSON.stringify(postcode));
    renderGuest();
    await act(async () => {
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.getByLabelText(/^Postleitzahl/)).toHaveValue('10115');
    fill({ Name: 'Max', 'Straße und Hausnummer': 'Weg 1', Postleitzahl: '10405', Telefon: '030' });
    submit();
    expect(location()).toBe('/checkout?isGuestLogin=true {"from":"/guest-login"}');
    expect(JSON.parse(localStorage.getItem('postcode-data') ?? 'null')).toEqual(zone10405);
    expect(localStorage.getItem('delivery_postcode')).toBe('10405');
    expect(localStorage.getItem('delivery_fee')).toBe('3');
  });

  it("prefills a stored address with its own postcode, not the header's", () => {
    localStorage.setItem('order_type', 'delivery');
    localStorage.setItem('postcode-data', JSON.stringify(postcode));
    localStorage.setItem(
      'guestShippingAddress',
      JSON.stringify({
        type: 'shipping', customer_name: 'Max Gast', line1: 'Kollwitzstraße 7', city: 'Berlin', zip: '10405',
        country: 'DE', phone: '030123', email: '',
      }),
    );
    renderGuest();
    expect(screen.getByLabelText(/^Straße und Hausnummer/)).toHaveValue('Kollwitzstraße 7');
    expect(screen.getByLabelText(/^Postleitzahl/)).toHaveValue('10405');
  });
});
