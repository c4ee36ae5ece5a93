import { act, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { STORE_STATUS_REFRESH_MS } from '../../../lib/ui-constants';
import { createFakeSocket, FakeSocket } from '../../../test/fake-websocket';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { StoreStatusBadge } from './store-status-badge';

let clock = 0;

const monday = {
  today_hours: [
    { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' },
    { open_time: '17:00', close_time: '22:30', label: 'morning time' },
  ],
  local_time: '2026-11-23 11:29:57',
  timezone: 'Europe/Berlin',
  is_open: false,
  paused: false,
  error: null,
};

function renderBadge() {
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <StoreStatusBadge createSocket={createFakeSocket} />
      </StoreProvider>
    </I18nextProvider>,
  );
}

async function receive(data: unknown) {
  await act(async () => {
    FakeSocket.latest().receive(data);
  });
}

const badge = () => screen.getByTestId('store-status');

describe('StoreStatusBadge', () => {
  beforeEach(() => {
    FakeSocket.reset();
    clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    mockFetch({ '/stores/14': { body: { ...demoStore, store_hours: [] } } });
  });

  it('shows Closed and the next opening from the live message', async () => {
    renderBadge();
    await receive(monday);
    expect(badge()).toHaveTextContent('Geschlossen');
    expect(screen.getByTestId('store-hours')).toHaveTextContent('Öffnet um 11:30');
  });

  it('recomputes every 6 s from the server time plus the elapsed time', async () => {
    renderBadge();
    await receive(monday);
    clock += STORE_STATUS_REFRESH_MS;
    await act(async () => {
      vi.advanceTimersByTime(STORE_STATUS_REFRESH_MS);
    });
    expect(badge()).toHaveTextContent('Geöffnet');
    expect(screen.getByTestId('store-hours')).toHaveTextContent('11:30 - 14:30');
    expect(badge()).toHaveTextContent('Mittagstisch');
  });

  it('hides the label "morning time"', async () => {
    renderBadge();
    await receive({ ...monday, local_time: '2026-11-23 18:00:00' });
    expect(screen.getByTestId('store-hours')).toHaveTextContent('17:00 - 22:30');
    expect(badge()).not.toHaveTextContent('morning time');
  });

  it('shows Closed with "Ordering paused" while paused', async () => {
    await i18n.changeLanguage('en');
    renderBadge();
    await receive({ ...monday, local_time: '2026-11-23 12:00:00', paused: true });
    expect(badge()).toHaveTextContent('Closed');
    expect(screen.getByTestId('store-hours')).toHaveTextContent('Ordering paused');
  });

  it('says "Closed for today" after the last slot', async () => {
    await i18n.changeLanguage('en');
    renderBadge();
    await receive({ ...monday, local_time: '2026-11-23 23:00:00' });
    expect(badge()).toHaveTextContent('Closed');
    expect(screen.getByTestId('store-hours')).toHaveTextContent('Closed for today');
  });

  it('shows the English label of the current slot in English only, else the German one', async () => {
    const lunch = (label_en?: string) => ({
      ...monday,
      local_time: '2026-11-23 12:00:00',
      today_hours: [{ open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', ...(label_en ? { label_en } : {}) }],
    });
    await i18n.changeLanguage('en');
    renderBadge();
    await receive(lunch('Lunch menu'));
    expect(badge()).toHaveTextContent('Lunch menu');
    expect(badge()).not.toHaveTextContent('Mittagstisch');

    await act(async () => {
      await i18n.changeLanguage('de');
    });
    expect(badge()).toHaveTextContent('Mittagstisch');
    expect(badge()).not.toHaveTextContent('Lunch menu');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await receive(lunch());
    expect(badge()).toHaveTextContent('Mittagstisch');
  });

  it('marks the store closed on a message that fails to parse or carries an error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBadge();
    await receive({ ...monday, local_time: '2026-11-23 12:00:00' });
    expect(badge()).toHaveTextContent('Geöffnet');
    await receive('{"today_hours": [');
    expect(badge()).toHaveTextContent('Geschlossen');

    await receive({ ...monday, local_time: '2026-11-23 12:00:00' });
    expect(badge()).toHaveTextContent('Geöffnet');
    await receive({ ...monday, error: 'There is no store with id 14.' });
    expect(badge()).toHaveTextContent('Geschlossen');
  });
});
