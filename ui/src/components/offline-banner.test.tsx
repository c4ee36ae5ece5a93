import { act, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { OfflineBanner } from './offline-banner';

/** The browser's connection as `navigator.onLine` tells it, with the event that says so. */
function connection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const renderBanner = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <OfflineBanner />
    </I18nextProvider>,
  );

describe('OfflineBanner', () => {
  it('shows nothing while the browser is online', () => {
    connection(true);
    renderBanner();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says ordering needs a connection while offline and goes when the connection is back', () => {
    connection(false);
    renderBanner();
    expect(screen.getByRole('status')).toHaveTextContent('Keine Verbindung – Bestellen ist erst wieder mit Internet möglich.');
    connection(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    connection(false);
    expect(screen.getByTestId('offline-banner')).toBeInTheDocument();
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    connection(false);
    renderBanner();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('No connection – ordering needs an internet connection.');
  });
});
