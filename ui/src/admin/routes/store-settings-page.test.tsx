import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type StoreSettings, type StoreSettingsBody } from '../types';

const store = (change: Partial<StoreSettings> = {}): StoreSettings => ({
  id: 14,
  brand: 'Bella Napoli',
  company_name: 'Bella Napoli GmbH',
  address_line: 'Hauptstraße 1, 10115 Berlin',
  phone: '030 123456',
  show_impressum: true,
  impressum_text: 'Bella Napoli GmbH',
  timezone: 'Europe/Berlin',
  paypal_client_id: '',
  store_hours: [
    { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' },
    { day_of_week: 1, open_time: '17:00', close_time: '22:00', label: '' },
    { day_of_week: 0, open_time: '12:00', close_time: '21:00', label: '' },
  ],
  closures: [{ date: '2099-12-24', note: 'Heiligabend' }],
  paused: false,
  pickup_lead_minutes: 20,
  delivery_lead_minutes: 45,
  slot_interval_minutes: 15,
  ...change,
});

/** A server that keeps the store record and answers the writes like the real one. */
function storeServer(initial: StoreSettings = store()) {
  let current = initial;
  const fetchMock = stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: current }),
    'PUT /stores/14': (init) => {
      const body = JSON.parse(String(init?.body)) as StoreSettingsBody;
      current = { ...current, ...body };
      return { body: current };
    },
    'PUT /stores/14/pause': (init) => {
      current = { ...current, paused: (JSON.parse(String(init?.body)) as { paused: boolean }).paused };
      return { body: current };
    },
  });
  return { fetchMock, current: () => current };
}

const day = (name: string) => screen.getByRole('group', { name });
const slot = (name: string) => screen.getByRole('group', { name });
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  });
};

describe('store settings screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the hours by weekday with Monday first, and is in the navigation', async () => {
    storeServer();
    renderAdminAt('/admin/store-setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store settings' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Monday' });
    expect(document.title).toBe('Store Settings | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/store-setting"]')).toHaveTextContent('Store settings');

    const legends = [...document.querySelectorAll('.admin-hours__day-name')].map((node) => node.textContent);
    expect(legends).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(within(day('Monday')).getAllByLabelText('Opens').map((input) => (input as HTMLInputElement).value)).toEqual([
      '11:30',
      '17:00',
    ]);
    expect(within(day('Tuesday')).getByText('Closed')).toBeInTheDocument();
    expect(within(day('Sunday')).getByLabelText('Closes')).toHaveValue('21:00');
    expect(screen.getByLabelText('Pickup lead time (minutes)')).toHaveValue('20');
    expect(screen.getByLabelText('Slot interval')).toHaveValue('15');
    expect(screen.getByLabelText('Show the Impressum link in the footer')).toBeChecked();
  });

  it('adds, edits and removes slots, marks a slot past midnight, and saves the whole record', async () => {
    const { fetchMock } = storeServer();
    renderAdminAt('/admin/store-setting');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a slot on Friday' }));
    const friday = slot('Friday, slot 1');
    fireEvent.input(within(friday).getByLabelText('Opens'), { target: { value: '18:00' } });
    fireEvent.input(within(friday).getByLabelText('Closes'), { target: { value: '01:30' } });
    fireEvent.input(within(friday).getByLabelText('Label (optional)'), { target: { value: 'Late night' } });
    expect(within(friday).getByText('runs past midnight')).toBeInTheDocument();
    expect(within(friday).getByLabelText('Closes').getAttribute('aria-describedby')).toContain('overnight');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove slot 1 on Monday' }));
    expect(within(day('Monday')).getAllByLabelText('Opens')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove slot 1 on Sunday' }));
    expect(within(day('Sunday')).getByText('Closed')).toBeInTheDocument();

    await save();
    expect(await screen.findByText('Store settings saved.')).toBeInTheDocument();
    const [body] = sent(fetchMock, 'PUT', '/stores/14') as StoreSettingsBody[];
    expect(body).toEqual({
      company_name: 'Bella Napoli GmbH',
      address_line: 'Hauptstraße 1, 10115 Berlin',
      phone: '030 123456',
      show_impressum: true,
      impressum_text: 'Bella Napoli GmbH',
      store_hours: [
        { day_of_week: 1, open_time: '17:00', close_time: '22:00', label: '', label_en: '' },
        { day_of_week: 5, open_time: '18:00', close_time: '01:30', label: 'Late night', label_en: '' },
      ],
      closures: [{ date: '2099-12-24', note: 'Heiligabend' }],
      paused: false,
      pickup_lead_minutes: 20,
      delivery_lead_minutes: 45,
      slot_interval_minutes: 15,
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('edits the English Impressum, privacy policy and slot labels, sends them and keeps them after saving', async () => {
    const { fetchMock } = storeServer(
      store({
        impressum_text_en: '',
        privacy_text_en: 'We keep your data safe.',
        store_hours: [{ day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch' }],
      }),
    );
    renderAdminAt('/admin/store-setting');
    const monday = await screen.findByRole('group', { name: 'Monday, slot 1' });
    expect(within(monday).getByLabelText('English label (optional)')).toHaveValue('Lunch');
    const impressum = screen.getByLabelText('Impressum in English (optional)');
    const privacy = screen.getByLabelText('Privacy policy in English (optional)');
    expect(impressum).toHaveValue('');
    expect(impressum).toHaveAccessibleDescription('empty: the German text is shown');
    expect(privacy).toHaveValue('We keep your data safe.');

    fireEvent.input(impressum, { target: { value: 'Bella Napoli GmbH, managing director Mario Rossi' } });
    fireEvent.input(privacy, { target: { value: '' } });
    fireEvent.input(within(monday).getByLabelText('English label (optional)'), { target: { value: ' Lunch menu ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a slot on Friday' }));
    await save();

    expect(await screen.findByText('Store settings saved.')).toBeInTheDocument();
    const [body] = sent(fetchMock, 'PUT', '/stores/14') as StoreSettingsBody[];
    expect(body).toMatchObject({
      impressum_text_en: 'Bella Napoli GmbH, managing director Mario Rossi',
      privacy_text_en: '',
      store_hours: [
        { day_of_week: 1, open_time: '11:30', close_time: '14:30', label: 'Mittagstisch', label_en: 'Lunch menu' },
        { day_of_week: 5, open_time: '11:00', close_time: '14:00', label: '', label_en: '' },
      ],
    });
    // The form shows what the server saved, and nothing is left unsaved.
    expect(screen.getByLabelText('Impressum in English (optional)')).toHaveValue('Bella Napoli GmbH, managing director Mario Rossi');
    expect(within(slot('Monday, slot 1')).getByLabelText('English label (optional)')).toHaveValue('Lunch menu');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('edits the terms and the withdrawal information in both languages and saves them with the rest', async () => {
    const { fetchMock, current } = storeServer(
      store({ terms_text: '', terms_text_en: '', withdrawal_text: 'Kein Widerrufsrecht für Speisen.', withdrawal_text_en: '' }),
    );
    renderAdminAt('/admin/store-setting');
    expect(await screen.findByRole('heading', { name: 'Terms and withdrawal information' })).toBeInTheDocument();
    const terms = screen.getByLabelText('Terms (AGB)');
    const withdrawal = screen.getByLabelText('Withdrawal information');
    expect(terms).toHaveValue('');
    expect(withdrawal).toHaveValue('Kein Widerrufsrecht für Speisen.');
    expect(screen.getByLabelText('Withdrawal information in English (optional)')).toHaveAccessibleDescription(
      'empty: the German text is shown',
    );

    fireEvent.input(terms, { target: { value: 'Es gelten diese AGB.' } });
    fireEvent.input(screen.getByLabelText('Terms in English (optional)'), { target: { value: 'These terms apply.' } });
    fireEvent.input(screen.getByLabelText('Withdrawal information in English (optional)'), {
      target: { value: 'No right of withdrawal for food.' },
    });
    fireEvent.input(screen.getByLabelText('Phone'), { target: { value: '030 654321' } });
    await save();

    expect(await screen.findByText('Store settings saved.')).toBeInTheDocument();
    const [body] = sent(fetchMock, 'PUT', '/stores/14') as StoreSettingsBody[];
    expect(body).toMatchObject({
      phone: '030 654321',
      terms_text: 'Es gelten diese AGB.',
      terms_text_en: 'These terms apply.',
      withdrawal_text: 'Kein Widerrufsrecht für Speisen.',
      withdrawal_text_en: 'No right of withdrawal for food.',
    });
    expect(current().terms_text).toBe('Es gelten diese AGB.');
    expect(screen.getByLabelText('Terms (AGB)')).toHaveValue('Es gelten diese AGB.');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('shows a refusal naming a terms text next to that text', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: store({ terms_text: 'AGB', withdrawal_text: '' }) }),
      'PUT /stores/14': () => ({
        status: 400,
        body: { detail: 'withdrawal_text: must be at most 50000 characters', code: 'invalid', field: 'withdrawal_text' },
      }),
    });
    renderAdminAt('/admin/store-setting');
    const withdrawal = await screen.findByLabelText('Withdrawal information');
    expect(withdrawal).toHaveAttribute('maxlength', '50000');
    await save();
    expect(await screen.findByText('Please check this entry.')).toBeInTheDocument();
    expect(screen.getByLabelText('Withdrawal information')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Terms (AGB)')).not.toHaveAttribute('aria-invalid');
  });

  it('leaves the English texts out of the body when the record has none, and says the German label is the fallback', async () => {
    await i18n.changeLanguage('de');
    const { fetchMock } = storeServer();
    renderAdminAt('/admin/store-setting');
    const monday = await screen.findByRole('group', { name: 'Montag, Zeitfenster 1' });
    expect(within(monday).getByLabelText('Bezeichnung englisch (optional)')).toHaveAccessibleDescription(
      'Englische Bezeichnung – leer: die deutsche wird gezeigt.',
    );
    expect(screen.queryByLabelText('Impressum auf Englisch (optional)')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    });
    const [body] = sent(fetchMock, 'PUT', '/stores/14') as StoreSettingsBody[];
    expect(body).not.toHaveProperty('impressum_text_en');
    expect(body).not.toHaveProperty('privacy_text_en');
  });

  it('shows the overnight hint in German', async () => {
    await i18n.changeLanguage('de');
    storeServer(store({ store_hours: [{ day_of_week: 6, open_time: '18:00', close_time: '02:00', label: '' }] }));
    renderAdminAt('/admin/store-setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop-Einstellungen' })).toBeInTheDocument();
    expect(within(await screen.findByRole('group', { name: 'Samstag, Zeitfenster 1' })).getByText('bis nach Mitternacht')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Bestellungen pausieren' })).toHaveAttribute('aria-checked', 'false');
  });

  it('checks times, open ≠ close and numbers before sending', async () => {
    const { fetchMock } = storeServer();
    renderAdminAt('/admin/store-setting');
    const monday = await screen.findByRole('group', { name: 'Monday, slot 1' });
    fireEvent.input(within(monday).getByLabelText('Opens'), { target: { value: '' } });
    const second = slot('Monday, slot 2');
    fireEvent.input(within(second).getByLabelText('Closes'), { target: { value: '17:00' } });
    fireEvent.input(screen.getByLabelText('Pickup lead time (minutes)'), { target: { value: '241' } });
    fireEvent.input(screen.getByLabelText('Delivery lead time (minutes)'), { target: { value: '4,5' } });
    await save();

    expect(within(monday).getByText('Enter a time like 11:30.')).toBeInTheDocument();
    expect(within(monday).getByLabelText('Opens')).toHaveAttribute('aria-invalid', 'true');
    expect(within(second).getByText('Opening and closing time must differ.')).toBeInTheDocument();
    expect(screen.getAllByText('Enter whole minutes from 0 to 240.')).toHaveLength(2);
    expect(screen.getByText('Please check the marked fields.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/stores/14')).toHaveLength(0);

    // Fixing a field clears its message.
    fireEvent.input(within(second).getByLabelText('Closes'), { target: { value: '22:00' } });
    expect(within(second).queryByText('Opening and closing time must differ.')).toBeNull();
  });

  it('shows a refusal naming store_hours next to the slot it means', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: store() }),
      'PUT /stores/14': () => ({
        status: 400,
        body: { detail: 'store_hours[1].label: at most 60 characters', code: 'invalid', field: 'store_hours' },
      }),
    });
    renderAdminAt('/admin/store-setting');
    await screen.findByRole('group', { name: 'Monday, slot 1' });
    await save();
    // The body lists Sunday's slot first (day 0), so index 1 is Monday's first slot.
    const mondayFirst = slot('Monday, slot 1');
    expect(await within(mondayFirst).findByText('Please check this entry.')).toBeInTheDocument();
    expect(screen.queryByText(/at most 60 characters/)).toBeNull();
    expect(within(mondayFirst).getByLabelText('Label (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal naming another field next to that field', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: store() }),
      'PUT /stores/14': () => ({
        status: 400,
        body: { detail: 'slot_interval_minutes: must be one of 5, 10, 15, 20, 30, 60', code: 'invalid', field: 'slot_interval_minutes' },
      }),
    });
    renderAdminAt('/admin/store-setting');
    await screen.findByRole('group', { name: 'Monday, slot 1' });
    await save();
    expect(await screen.findByText('Please check this entry.')).toBeInTheDocument();
    expect(screen.getByLabelText('Slot interval')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds and removes closures, refusing a duplicate date', async () => {
    const { fetchMock } = storeServer();
    renderAdminAt('/admin/store-setting');
    expect(await screen.findByText('Heiligabend')).toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Date'), { target: { value: '2099-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(screen.getByText('This date is already listed.')).toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Date'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(screen.getByText('Choose a valid date.')).toBeInTheDocument();

    fireEvent.input(screen.getByLabelText('Date'), { target: { value: '2099-12-31' } });
    fireEvent.input(screen.getByLabelText('Note'), { target: { value: 'Silvester' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add closure' }));
    expect(screen.getByText('Silvester')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: /^Remove closure on .*24/ }));
    expect(screen.queryByText('Heiligabend')).toBeNull();
    await save();
    const [body] = sent(fetchMock, 'PUT', '/stores/14') as StoreSettingsBody[];
    expect(body?.closures).toEqual([{ date: '2099-12-31', note: 'Silvester' }]);
  });

  it('switches the pause at once via PUT /stores/14/pause and keeps it when saving', async () => {
    const { fetchMock } = storeServer();
    renderAdminAt('/admin/store-setting');
    const toggle = await screen.findByRole('switch', { name: 'Pause ordering' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Taking orders as usual.')).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: true }]);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('Ordering is paused. Customers cannot place orders right now.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/stores/14')).toHaveLength(0);

    await save();
    expect((sent(fetchMock, 'PUT', '/stores/14')[0] as StoreSettingsBody).paused).toBe(true);

    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: true }, { paused: false }]);
    await vi.waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
  });

  it('shows the pause state on the dashboard with a link to the settings', async () => {
    storeServer(store({ paused: true }));
    renderAdminAt('/admin/home');
    expect(await screen.findByText('Ordering is paused. Customers cannot place orders right now.')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Store settings' });
    expect(links.some((link) => link.closest('main') !== null && link.getAttribute('href') === '/admin/store-setting')).toBe(true);
  });
});
