import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import { buildCartItem } from '../../../lib/cart-lines';
import i18n from '../../../lib/i18n';
import { fetchLiveProducts, forgetLiveProducts } from '../../../lib/live-menu';
import type { Product } from '../../../lib/menu-api';
import { StoreProvider } from '../../../lib/store-context';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { AgeConfirmation, highestAge, useCartAgeRestriction, type MinimumAge } from './age-confirmation';
import { CartProvider } from './cart-provider';

const menu = demoProducts as unknown as Product[];
const cola = menu.find((product) => product.id === 30)!;
const beer: Product = { ...cola, id: 32, name: 'Peroni 0,33 l', age_restriction: 16 };
const grappa: Product = { ...cola, id: 33, name: 'Grappa 2 cl', age_restriction: 18 };
const line = (product: Product) => buildCartItem(product, { variantId: null, extras: [] }, 'de');

function ShowAge() {
  return <output data-testid="age">{String(useCartAgeRestriction())}</output>;
}

function renderAge(cart: unknown[]) {
  localStorage.setItem('cartItems', JSON.stringify(cart));
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider verify={false}>
          <StoreProvider>
            <ToastProvider>
              <CartProvider>
                <ShowAge />
              </CartProvider>
            </ToastProvider>
          </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(() => {
  forgetLiveProducts();
});

describe('highestAge', () => {
  it('takes the highest given age, ignoring none', () => {
    expect(highestAge()).toBeNull();
    expect(highestAge(null, undefined)).toBeNull();
    expect(highestAge(16, null)).toBe(16);
    expect(highestAge(16, 18, undefined)).toBe(18);
    expect(highestAge(18, 16)).toBe(18);
  });
});

describe('useCartAgeRestriction', () => {
  it('is the highest age of the products in the cart', () => {
    mockFetch({ '/stores/14': { body: demoStore } });
    renderAge([line(cola), line(beer), line(grappa)]);
    expect(screen.getByTestId('age')).toHaveTextContent('18');
  });

  it('is null without age-restricted products', () => {
    mockFetch({ '/stores/14': { body: demoStore } });
    renderAge([line(cola)]);
    expect(screen.getByTestId('age')).toHaveTextContent('null');
  });

  it('follows the newest menu for a line stored before the product got its age', async () => {
    const storedBefore = { ...line(beer), age_restriction: undefined };
    mockFetch({ '/stores/14': { body: demoStore }, '/products/?store_id=14': { body: [...menu, beer] } });
    renderAge([storedBefore]);
    expect(screen.getByTestId('age')).toHaveTextContent('null');
    await act(async () => {
      await fetchLiveProducts(14);
    });
    expect(screen.getByTestId('age')).toHaveTextContent('16');
  });
});

describe('AgeConfirmation', () => {
  function Box({ age }: { age: MinimumAge }) {
    const [checked, setChecked] = useState(false);
    return (
      <I18nextProvider i18n={i18n}>
        <AgeConfirmation age={age} checked={checked} onChange={setChecked} />
        <output data-testid="checked">{String(checked)}</output>
      </I18nextProvider>
    );
  }

  it('is a required checkbox naming the age, in German and English', async () => {
    render(<Box age={16} />);
    const box = screen.getByRole('checkbox', {
      name: 'Ich bestätige, dass ich mindestens 16 Jahre alt bin. Bei der Übergabe kann ein Ausweis verlangt werden.',
    });
    expect(box).toBeRequired();
    await act(async () => {
      fireEvent.click(box);
    });
    expect(screen.getByTestId('checked')).toHaveTextContent('true');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(
      screen.getByRole('checkbox', { name: 'I confirm that I am at least 16 years old. An ID may be requested on handover.' }),
    ).toBeChecked();
  });
});
