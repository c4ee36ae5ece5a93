import { render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { TermsDetails } from './terms-details';

const bilingualStore = {
  ...demoStore,
  terms_text: 'Es gelten diese AGB.',
  terms_text_en: 'These terms apply.',
  withdrawal_text: 'Für Speisen besteht kein Widerrufsrecht.',
  withdrawal_text_en: 'There is no right of withdrawal for food.',
};

async function renderTerms(store: object, language: 'de' | 'en', path = '/terms') {
  await i18n.changeLanguage(language);
  mockFetch({ '/stores/14': { body: store } });
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <MemoryRouter initialEntries={[path]}>
          <TermsDetails />
        </MemoryRouter>
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('TermsDetails', () => {
  it('shows the terms and below them the withdrawal information in its own section', async () => {
    const { container } = await renderTerms(bilingualStore, 'de');
    expect(await screen.findByRole('heading', { name: 'Allgemeine Geschäftsbedingungen' })).toBeInTheDocument();
    expect(screen.getByText('Es gelten diese AGB.')).toBeInTheDocument();
    const withdrawal = container.querySelector('section#withdrawal');
    expect(withdrawal).not.toBeNull();
    expect(withdrawal).toHaveTextContent('Widerrufsbelehrung');
    expect(withdrawal).toHaveTextContent('Für Speisen besteht kein Widerrufsrecht.');
    expect(screen.queryByText(/These terms apply|no right of withdrawal/)).toBeNull();
  });

  it('shows the English texts in English', async () => {
    await renderTerms(bilingualStore, 'en');
    expect(await screen.findByText('These terms apply.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Withdrawal information' })).toBeInTheDocument();
    expect(screen.getByText('There is no right of withdrawal for food.')).toBeInTheDocument();
    expect(screen.queryByText(/Es gelten diese AGB|kein Widerrufsrecht/)).toBeNull();
  });

  it('falls back to the German texts in English when the English ones are empty or missing', async () => {
    await renderTerms({ ...bilingualStore, terms_text_en: ' ', withdrawal_text_en: undefined }, 'en');
    expect(await screen.findByText('Es gelten diese AGB.')).toBeInTheDocument();
    expect(screen.getByText('Für Speisen besteht kein Widerrufsrecht.')).toBeInTheDocument();
  });

  it('renders the texts as plain text, line breaks kept and markup not interpreted', async () => {
    const { container } = await renderTerms(
      { ...bilingualStore, terms_text: '§ 1 Geltung\n<b>fett</b><img src=x onerror="alert(1)">' },
      'de',
    );
    const text = await screen.findByText(/§ 1 Geltung/);
    expect(text.textContent).toBe('§ 1 Geltung\n<b>fett</b><img src=x onerror="alert(1)">');
    expect(container.querySelector('b, img')).toBeNull();
  });

  it('shows only the withdrawal information when the terms are empty, and says so when both are', async () => {
    const { unmount } = await renderTerms({ ...bilingualStore, terms_text: '', terms_text_en: '' }, 'de');
    expect(await screen.findByText('Für Speisen besteht kein Widerrufsrecht.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Allgemeine Geschäftsbedingungen' })).toBeNull();
    unmount();
    await renderTerms(demoStore, 'de');
    expect(await screen.findByText(/noch keine AGB und keine Widerrufsbelehrung/)).toBeInTheDocument();
  });

  it('scrolls to the withdrawal information once it is shown when the link names it', async () => {
    const scrolled = vi.fn();
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled(this.id);
    });
    await renderTerms(bilingualStore, 'de', '/terms#withdrawal');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('withdrawal'));
  });
});
