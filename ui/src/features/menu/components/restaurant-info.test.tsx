import { act, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { FakeSocket } from '../../../test/fake-websocket';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { RestaurantInfoModal } from './restaurant-info';

const store = {
  ...demoStore,
  store_hours: [
    { day_of_week: 1, open_time: '17:00', close_time: '22:30', label: '' },
    { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch' },
    { day_of_week: 3, open_time: '11:30', close_time: '22:00', label: '' },
    { day_of_week: 4, open_time: '11:30', close_time: '22:00', label: '' },
    { day_of_week: 5, open_time: '11:30', close_time: '23:30', label: '' },
    { day_of_week: 6, open_time: '12:00', close_time: '01:00', label: '**Late night**' },
    { day_of_week: 0, open_time: '12:00', close_time: '22:00', label: '' },
  ],
  closures: [
    { date: '2026-12-24', note: 'Heiligabend' },
    { date: '2026-11-20', note: 'vorbei' },
  ],
};

const postcodes = [
  { id: 2, store_id: 14, postcode: '10119', minimum_order_amount: 15, delivery_fee: 0, delivery_time: 0 },
  { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 12, delivery_fee: 1.5, delivery_time: 30 },
];

function renderInfo() {
  return render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <RestaurantInfoModal open onClose={() => {}} />
      </StoreProvider>
    </I18nextProvider>,
  );
}

describe('RestaurantInfoModal', () => {
  beforeEach(() => {
    // Monday 23 November 2026, 20:00 in Berlin.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T19:00:00Z'));
    FakeSocket.reset();
    vi.stubGlobal('WebSocket', FakeSocket);
    mockFetch({
      '/stores/14': { body: store },
      '/postcodes/store/14': { body: postcodes },
      '/discounts/14': { body: [{ code: 'PICKUP_DISCOUNT', value: 10, expires_on: '2026-12-31' }] },
    });
  });

  it('lists the week Monday to Sunday with today marked and a day without hours closed', async () => {
    renderInfo();
    const rows = await screen.findAllByTestId('hours-day');
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Montag (heute)',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
    expect(rows[0]).toHaveAttribute('aria-current', 'date');
    expect(rows.filter((row) => row.getAttribute('aria-current'))).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('11:30 – 14:30 Uhr · Mittagstisch17:00 – 22:30 Uhr');
    expect(rows[1]).toHaveTextContent('Geschlossen');
    expect(rows[5]).toHaveTextContent('12:00 – 01:00 Uhr · Late night');
    const closures = screen.getByTestId('restaurant-info-closures');
    expect(closures).toHaveTextContent('Donnerstag, 24.12.2026 · Heiligabend');
    expect(closures).not.toHaveTextContent('vorbei');
  });

  it("marks today by the server's clock once the live status has spoken", async () => {
    renderInfo();
    await screen.findAllByTestId('hours-day');
    await act(async () => {
      FakeSocket.latest().receive({
        today_hours: [],
        local_time: '2026-11-24 00:05:00',
        timezone: 'Europe/Berlin',
        is_open: false,
        paused: false,
        closed_reason: 'outside_hours',
      });
    });
    const today = screen.getAllByTestId('hours-day').filter((row) => row.getAttribute('aria-current') === 'date');
    expect(today.map((row) => row.querySelector('th')?.textContent)).toEqual(['Dienstag (heute)']);
  });

  it('gives the address, the phone as a link, the delivery areas and the discounts', async () => {
    renderInfo();
    expect(await screen.findByTestId('restaurant-address')).toHaveTextContent('Hauptstraße 12, 10115 Berlin');
    expect(screen.getByTestId('restaurant-phone')).toHaveAttribute('href', 'tel:030123456');
    const areas = await screen.findAllByTestId('delivery-area');
    expect(areas.map((area) => area.dataset.postcode)).toEqual(['10115', '10119']);
    expect(areas[0]).toHaveTextContent('Mindestbestellwert 12,00 €');
    expect(areas[0]).toHaveTextContent('Liefergebühr 1,50 €');
    expect(areas[0]).toHaveTextContent('ca. 30 Min.');
    expect(areas[1]).toHaveTextContent('Lieferung kostenlos');
    expect(areas[1]).not.toHaveTextContent('Min.');
    const discounts = await screen.findByTestId('restaurant-info-discounts');
    expect(discounts).toHaveTextContent('10 % Rabatt bei Abholung bis 31.12.');
  });

  it('speaks English with the English labels', async () => {
    await i18n.changeLanguage('en');
    renderInfo();
    const rows = await screen.findAllByTestId('hours-day');
    expect(rows[0]).toHaveTextContent('Monday (today)');
    expect(rows[0]).toHaveTextContent('11:30 – 14:30 · Lunch');
    expect(rows[1]).toHaveTextContent('Closed');
    const area = (await screen.findAllByTestId('delivery-area'))[0]!;
    expect(within(area).getByText('Minimum order 12,00 €')).toBeInTheDocument();
    expect(area).toHaveTextContent('about 30 min');
  });
});
