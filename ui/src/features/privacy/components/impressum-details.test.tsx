import { render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { ImpressumDetails } from './impressum-details';

const bilingualStore = {
  ...demoStore,
  impressum_text: 'Geschäftsführer: Mario Rossi',
  impressum_text_en: 'Managing director: Mario Rossi',
  privacy_text: 'Wir speichern nur, was die Bestellung braucht.',
  privacy_text_en: 'We only store what the order needs.',
};

async function renderImpressum(store: object, language: 'de' | 'en') {
  await i18n.changeLanguage(language);
  mockFetch({ '/stores/14': { body: store } });
  render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <ImpressumDetails />
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('ImpressumDetails', () => {
  it('shows the English Impressum and privacy policy in English', async () => {
    await renderImpressum(bilingualStore, 'en');
    expect(await screen.findByText('Managing director: Mario Rossi')).toBeInTheDocument();
    expect(screen.getByText('We only store what the order needs.')).toBeInTheDocument();
    expect(screen.queryByText('Geschäftsführer: Mario Rossi')).toBeNull();
    expect(screen.queryByText('Wir speichern nur, was die Bestellung braucht.')).toBeNull();
  });

  it('always shows the German texts in German', async () => {
    await renderImpressum(bilingualStore, 'de');
    expect(await screen.findByText('Geschäftsführer: Mario Rossi')).toBeInTheDocument();
    expect(screen.getByText('Wir speichern nur, was die Bestellung braucht.')).toBeInTheDocument();
    expect(screen.queryByText(/Managing director|We only store/)).toBeNull();
  });

  it('falls back to the German texts in English when the English ones are empty or missing', async () => {
    await renderImpressum({ ...bilingualStore, impressum_text_en: '', privacy_text_en: undefined }, 'en');
    expect(await screen.findByText('Geschäftsführer: Mario Rossi')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('Wir speichern nur, was die Bestellung braucht.')).toBeInTheDocument();
  });
});
