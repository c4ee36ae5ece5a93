import { render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { demoStore, mockFetch } from '../../test/fetch-mock';
import { TermsRoute } from './terms';

async function renderRoute(language: 'de' | 'en') {
  await i18n.changeLanguage(language);
  mockFetch({ '/stores/14': { body: { ...demoStore, terms_text: 'AGB', withdrawal_text: 'Widerruf' } } });
  render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <MemoryRouter initialEntries={['/terms']}>
          <TermsRoute />
        </MemoryRouter>
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('/terms', () => {
  it('is titled "AGB und Widerrufsbelehrung", with an English document title like every page', async () => {
    await renderRoute('de');
    expect(screen.getByRole('heading', { level: 1, name: 'AGB und Widerrufsbelehrung' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Terms and Withdrawal Information \| /));
    expect(await screen.findByText('Widerruf')).toBeInTheDocument();
  });

  it('is titled "Terms and withdrawal information" in English', async () => {
    await renderRoute('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and withdrawal information' })).toBeInTheDocument();
  });
});
