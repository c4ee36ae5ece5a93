import { render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { demoStore, mockFetch } from '../../test/fetch-mock';
import { Footer } from './footer';

function renderFooter() {
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <MemoryRouter basename="/order-online/" initialEntries={['/order-online/']}>
          <Footer />
        </MemoryRouter>
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('Footer', () => {
  it('shows company, address and an Impressum link opening in a new tab', async () => {
    mockFetch({ '/stores/14': { body: demoStore } });
    renderFooter();

    expect(await screen.findByText('Pizzeria Bella Napoli GmbH')).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 12, 10115 Berlin')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Impressum/ });
    expect(link).toHaveAttribute('href', '/order-online/privacypolicy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('hides the Impressum link when show_impressum is off', async () => {
    mockFetch({ '/stores/14': { body: { ...demoStore, show_impressum: false } } });
    renderFooter();

    expect(await screen.findByText('Pizzeria Bella Napoli GmbH')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Impressum/ })).not.toBeInTheDocument();
  });

  it('links the terms and the withdrawal information, each opening in a new tab', async () => {
    mockFetch({ '/stores/14': { body: { ...demoStore, terms_text: 'AGB …', withdrawal_text: 'Widerrufsbelehrung …' } } });
    renderFooter();

    const terms = await screen.findByRole('link', { name: /^AGB/ });
    expect(terms).toHaveAttribute('href', '/order-online/terms');
    const withdrawal = screen.getByRole('link', { name: /^Widerrufsbelehrung/ });
    expect(withdrawal).toHaveAttribute('href', '/order-online/terms#withdrawal');
    for (const link of [terms, withdrawal]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveTextContent('(öffnet in neuem Tab)');
    }
  });

  it('links only the texts the store has written, in English too when only the German ones exist', async () => {
    await i18n.changeLanguage('en');
    mockFetch({ '/stores/14': { body: { ...demoStore, terms_text: 'AGB …', terms_text_en: '', withdrawal_text: '  ' } } });
    renderFooter();

    expect(await screen.findByRole('link', { name: /^Terms/ })).toHaveAttribute('href', '/order-online/terms');
    expect(screen.queryByRole('link', { name: /Withdrawal/ })).not.toBeInTheDocument();
  });

  it('links neither without the texts', async () => {
    mockFetch({ '/stores/14': { body: demoStore } });
    renderFooter();

    expect(await screen.findByRole('link', { name: /Impressum/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /AGB|Widerrufsbelehrung/ })).not.toBeInTheDocument();
  });

  it('only logs a failed store fetch', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ '/stores/14': { status: 500, body: { detail: 'boom', code: 'internal' } } });
    renderFooter();

    await vi.waitFor(() => expect(errorSpy).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Impressum/ })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Heimservice');
  });
});
