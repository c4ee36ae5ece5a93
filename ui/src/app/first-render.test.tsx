import { act, render, renderHook, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '../components/footer/footer';
import { TermsDetails } from '../features/terms/components/terms-details';
import i18n from '../lib/i18n';
import { termsLinks } from '../lib/legal-texts';
import { StoreProvider } from '../lib/store-context';
import { useAsync } from '../lib/use-async';
import { demoStore, mockFetch } from '../test/fetch-mock';

describe("the first render from the page's data", () => {
  it('succeeds at once with what the page carries and asks the server only on reload', async () => {
    const load = vi.fn(async () => 'from the server');
    const { result } = renderHook(() => useAsync(load, 'key', () => 'from the page'));
    expect(result.current).toMatchObject({ status: 'success', data: 'from the page' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();

    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'from the server' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads as before when the page has nothing', async () => {
    const load = vi.fn(async () => 'from the server');
    const { result } = renderHook(() => useAsync(load, 'key', () => undefined));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'from the server' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("links the legal texts the page's store names in the first render, and the terms page asks for them", async () => {
    await i18n.changeLanguage('de');
    const pageStore: Record<string, unknown> = { ...demoStore, legal_texts: ['impressum_text', 'terms_text', 'withdrawal_text'] };
    delete pageStore.impressum_text;
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'initial-data';
    element.textContent = JSON.stringify({ '/stores/14': pageStore });
    document.body.append(element);
    const fetchMock = mockFetch({
      '/stores/14': { body: { ...demoStore, terms_text: 'Unsere AGB', withdrawal_text: 'Ihr Widerrufsrecht' } },
    });

    render(
      <I18nextProvider i18n={i18n}>
        <StoreProvider>
          <MemoryRouter initialEntries={['/terms']}>
            <Footer />
            <TermsDetails />
          </MemoryRouter>
        </StoreProvider>
      </I18nextProvider>,
    );
    // No waiting: the footer stands in the first render.
    expect(screen.getByText('Pizzeria Bella Napoli GmbH')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^AGB/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /^Widerrufsbelehrung/ })).toHaveAttribute('href', '/terms#withdrawal');
    expect(screen.getByRole('link', { name: /Impressum/ })).toBeInTheDocument();

    expect(await screen.findByText('Ihr Widerrufsrecht')).toBeInTheDocument();
    expect(screen.getByText('Unsere AGB')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    element.remove();
  });

  it('names links as the visitor reads them: English where it is set, else German', () => {
    const store = { ...demoStore, legal_texts: ['terms_text_en', 'withdrawal_text'] };
    expect(termsLinks(store, 'en')).toEqual({ terms: true, withdrawal: true });
    expect(termsLinks(store, 'de')).toEqual({ terms: false, withdrawal: true });
    expect(termsLinks({ ...demoStore, legal_texts: [] }, 'en')).toEqual({ terms: false, withdrawal: false });
    // A full record decides by its texts, blank ones count as missing.
    expect(termsLinks({ ...demoStore, terms_text: ' ', withdrawal_text: 'W' }, 'de')).toEqual({ terms: false, withdrawal: true });
  });
});
