import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { FakeSocket } from '../../test/fake-websocket';
import { demoCategories, demoProducts, mockFetch } from '../../test/fetch-mock';
import { StorefrontProvider } from '../storefront-provider';
import { HomeRoute } from './home';

function renderHome() {
  // The closed banner follows the live status; no message arrives here.
  vi.stubGlobal('WebSocket', FakeSocket);
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <MemoryRouter>
          <StorefrontProvider>
            <HomeRoute />
          </StorefrontProvider>
        </MemoryRouter>
      </StoreProvider>
    </I18nextProvider>,
  );
}

// The menu page also loads products and banners.
const menuRoutes = {
  '/products/?store_id=14': { body: demoProducts },
  '/banners/?store_id=14': { body: [] },
  '/discounts/14': { body: [] },
};

const categoryTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('HomeRoute', () => {
  it('lists the categories from the API with their descriptions', async () => {
    const fetchMock = mockFetch({ ...menuRoutes, '/categories/?store_id=14': { body: demoCategories } });
    renderHome();

    expect(screen.getByRole('status')).toHaveTextContent('Speisekarte wird geladen');
    expect(await screen.findByRole('heading', { name: 'Salate' })).toBeInTheDocument();
    expect(categoryTitles()).toEqual(['Pizza', 'Salate', 'Getränke']);
    expect(screen.getByText('Aus dem Steinofen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Heimservice');
    expect(document.title).toBe('Heimservice Heimservice');
    expect(fetchMock).toHaveBeenCalledWith('/categories/?store_id=14', expect.anything());
  });

  it('shows English names when the language is en, German where none is set', async () => {
    await i18n.changeLanguage('en');
    mockFetch({ ...menuRoutes, '/categories/?store_id=14': { body: demoCategories } });
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Salads' })).toBeInTheDocument();
    expect(categoryTitles()).toEqual(['Pizza', 'Salads', 'Getränke']);
    expect(screen.getByText('Fresh and crisp')).toBeInTheDocument();
    expect(screen.getByText('Kalt serviert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our menu' })).toHaveTextContent('Our menu');
  });

  it('shows a translated error with a retry button that loads again', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockFetch({
      ...menuRoutes,
      '/categories/?store_id=14': () =>
        fail ? { status: 503, body: { detail: 'down', code: 'unavailable' } } : { body: demoCategories },
    });
    renderHome();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die Speisekarte konnte nicht geladen werden.');
    expect(errorSpy).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();

    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    });
    expect(await screen.findByRole('heading', { name: 'Pizza' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
