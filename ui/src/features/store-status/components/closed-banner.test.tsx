import { act, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { createFakeSocket, FakeSocket } from '../../../test/fake-websocket';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { ClosedBanner, type ClosedState } from './closed-banner';
import { StoreStatusBadge } from './store-status-badge';

const lunch = {
  today_hours: [
    { open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' },
    { open_time: '17:00', close_time: '22:30', label: '' },
  ],
  local_time: '2026-11-23 12:00:00',
  timezone: 'Europe/Berlin',
  is_open: true,
  paused: false,
  error: null,
};

const night = {
  ...lunch,
  local_time: '2026-11-23 23:00:00',
  is_open: false,
  closed_reason: 'outside_hours',
  next_opening: '2026-11-24T10:30:00Z',
};

const actions: ClosedState[] = [];

function renderBanner() {
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <StoreStatusBadge createSocket={createFakeSocket} />
        <ClosedBanner
          createSocket={createFakeSocket}
          action={(state) => {
            actions.push(state);
            return <button type="button">{state.reason}</button>;
          }}
        />
      </StoreProvider>
    </I18nextProvider>,
  );
}

async function receive(data: unknown) {
  await act(async () => {
    FakeSocket.latest().receive(data);
  });
}

const banner = () => screen.queryByTestId('closed-banner');
/** The banner once its code (a chunk of its own) has loaded. */
const shownBanner = () => screen.findByTestId('closed-banner');

describe('ClosedBanner', () => {
  beforeEach(() => {
    FakeSocket.reset();
    actions.length = 0;
    vi.spyOn(performance, 'now').mockReturnValue(0);
    mockFetch({ '/stores/14': { status: 503, body: { detail: 'down', code: 'unavailable' } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('stays away while the store is open and shares one connection with the badge', async () => {
    renderBanner();
    await receive(lunch);
    expect(screen.getByTestId('store-status')).toHaveTextContent('Geöffnet');
    expect(banner()).toBeNull();
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('follows a pause and the resume live', async () => {
    renderBanner();
    await receive(lunch);
    await receive({ ...lunch, is_open: false, paused: true, closed_reason: 'paused' });
    expect(await shownBanner()).toHaveTextContent('Wir haben gerade geschlossen');
    expect(banner()).toHaveTextContent('Bestellungen pausiert');
    expect(banner()).toHaveAttribute('data-reason', 'paused');
    expect(screen.queryByTestId('next-opening')).toBeNull();
    expect(actions.at(-1)).toEqual({ reason: 'paused', nextOpening: null });

    await receive(lunch);
    expect(banner()).toBeNull();
  });

  it('names the next opening outside the hours, in English too', async () => {
    renderBanner();
    await receive(night);
    expect(await shownBanner()).toHaveTextContent('Außerhalb unserer Öffnungszeiten');
    expect(screen.getByTestId('next-opening')).toHaveTextContent('Wir öffnen wieder morgen um 11:30 Uhr.');
    expect(actions.at(-1)).toEqual({ reason: 'outside_hours', nextOpening: '2026-11-24T10:30:00Z' });
    expect(screen.getByRole('button', { name: 'outside_hours' })).toBeInTheDocument();

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(banner()).toHaveTextContent('We are closed right now');
    expect(screen.getByTestId('next-opening')).toHaveTextContent('We open again tomorrow at 11:30.');
  });

  it('words a closure day, the automatic pause and the guards as the badge does', async () => {
    renderBanner();
    // A closure day has no slots today.
    await receive({
      ...night,
      today_hours: [],
      local_time: '2026-11-23 12:00:00',
      closed_reason: 'closure',
      next_opening: '2026-11-25T10:30:00Z',
    });
    expect(await shownBanner()).toHaveTextContent('Heute geschlossen');
    expect(screen.getByTestId('next-opening')).toHaveTextContent('Wir öffnen wieder am Mittwoch, 25.11., um 11:30 Uhr.');

    await receive({
      ...lunch,
      is_open: false,
      paused: true,
      closed_reason: 'auto_paused',
      auto_pause: { unanswered: 3, since: '2026-11-23T11:00:00Z' },
    });
    expect(banner()).toHaveTextContent('Automatisch pausiert: 3 Bestellungen in Folge blieben unbeantwortet.');

    await receive({ ...lunch, is_open: false, closed_reason: 'not_ready' });
    expect(banner()).toHaveTextContent('Noch keine Bestellungen: Der Shop wird gerade eingerichtet.');
  });

  it('closes by itself when the last slot ends before the next message', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    renderBanner();
    await receive({ ...lunch, local_time: '2026-11-23 22:29:58' });
    expect(banner()).toBeNull();
    clock += 6000;
    await act(async () => {
      vi.advanceTimersByTime(6000);
    });
    expect(await shownBanner()).toHaveAttribute('data-reason', 'outside_hours');
  });

  it('shows the next opening from the store record before the first live message', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T22:00:00Z'));
    mockFetch({
      '/stores/14': {
        body: {
          ...demoStore,
          store_hours: [{ day_of_week: 2, open_time: '11:30', close_time: '14:30', label: '' }],
          closed_reason: 'outside_hours',
          next_opening: '2026-11-24T10:30:00Z',
        },
      },
    });
    renderBanner();
    expect(await screen.findByTestId('next-opening')).toHaveTextContent('Wir öffnen wieder morgen um 11:30 Uhr.');
  });
});
