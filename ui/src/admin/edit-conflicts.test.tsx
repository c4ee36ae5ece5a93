import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from './test-support';
import { EMPTY_CATALOG, type AdminDiscount, type Catalog, type Category, type StoreSettings } from './types';

/** The `If-Match` (or `If-None-Match`) a request carried. */
function header(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

function conflict(current: string | undefined) {
  return {
    status: 409,
    body: {
      detail: 'Someone else changed it after you loaded it, so nothing was saved.',
      code: 'edit_conflict',
      params: current === undefined ? {} : { current_version: current },
    },
  };
}

/**
 * A server that keeps one record and its version like the real one: a write whose
 * `If-Match` names another version is refused with 409 `edit_conflict`.
 */
function versionedRecord<R extends { version?: string }>(initial: R) {
  let record = initial;
  let counter = 1;
  const write =
    (apply: (body: Partial<R>) => R): Handler =>
    (init) => {
      const expected = header(init, 'If-Match');
      if (expected !== null && expected !== `"${record.version}"`) return conflict(record.version);
      counter += 1;
      record = { ...apply(JSON.parse(String(init?.body)) as Partial<R>), version: `v${counter}` };
      return { body: record };
    };
  return {
    get: () => record,
    write,
    /** Someone else's change, made meanwhile in another tab. */
    changeElsewhere: (change: Partial<R>) => {
      counter += 1;
      record = { ...record, ...change, version: `v${counter}` };
    },
  };
}

const vorspeisen: Category = {
  id: 5,
  name: 'Vorspeisen',
  name_en: 'Starters',
  description: '',
  description_en: null,
  sort_order: 10,
  visible: true,
  version: 'v1',
};

function catalogServer() {
  const category = versionedRecord(vorspeisen);
  const catalog = (): Catalog => ({ ...EMPTY_CATALOG, categories: [category.get()] });
  const fetchMock = stubFetch({
    'GET /admin/catalog': () => ({ body: catalog() }),
    'PUT /categories/5': category.write((body) => ({ ...category.get(), ...body })),
    'DELETE /categories/5': (init) => {
      const expected = header(init, 'If-Match');
      return expected === null || expected === `"${category.get().version}"` ? { status: 204 } : conflict(category.get().version);
    },
  });
  return { fetchMock, category };
}

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('edits someone else changed meanwhile', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('keeps what was typed on a conflict and shows the other change once the admin reloads (German)', async () => {
    await i18n.changeLanguage('de');
    const { fetchMock, category } = catalogServer();
    renderAdminAt('/admin/category?id=5');
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Vorspeisen');

    category.changeElsewhere({ name: 'Antipasti' });
    fireEvent.input(name, { target: { value: 'Kleine Gerichte' } });
    await click('Änderungen speichern');

    const notice = await screen.findByTestId('edit-conflict');
    expect(notice).toHaveTextContent('Dieser Eintrag wurde inzwischen von jemand anderem geändert.');
    expect(notice).toHaveTextContent('Ihre Änderung wurde nicht gespeichert');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Kleine Gerichte');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(header(put?.[1], 'If-Match')).toBe('"v1"');
    expect(category.get().name).toBe('Antipasti');

    await click('Aktuellen Stand laden');
    await vi.waitFor(() => expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Antipasti');
    expect(screen.getByRole('status')).toHaveTextContent('Der aktuelle Stand ist geladen.');

    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Antipasti misti' } });
    await click('Änderungen speichern');
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(header(puts[1]?.[1], 'If-Match')).toBe('"v2"');
    expect(category.get()).toMatchObject({ name: 'Antipasti misti', version: 'v3' });

    // The form goes on from the version its own save answered.
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Antipasti' } });
    await click('Änderungen speichern');
    const third = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')[2];
    expect(header(third?.[1], 'If-Match')).toBe('"v3"');
    expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument();
  });

  it('does not delete a record someone else changed, and offers the current state (English)', async () => {
    await i18n.changeLanguage('en');
    const { fetchMock, category } = catalogServer();
    renderAdminAt('/admin/category-list');
    await screen.findByRole('cell', { name: 'Vorspeisen' });
    category.changeElsewhere({ name: 'Antipasti' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Vorspeisen' }));
    await click('Yes, delete');
    const notice = await screen.findByTestId('edit-conflict');
    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(header(removal?.[1], 'If-Match')).toBe('"v1"');
    expect(notice).toHaveTextContent('Someone else has changed this entry in the meantime, so it was not deleted.');

    await click('Load current state');
    await vi.waitFor(() => expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table')).getByRole('cell', { name: 'Antipasti' })).toBeInTheDocument();
  });
});

const settings: StoreSettings = {
  id: 14,
  brand: 'Bella Napoli',
  company_name: 'Bella Napoli GmbH',
  address_line: 'Hauptstraße 1, 10115 Berlin',
  phone: '030 123456',
  show_impressum: true,
  impressum_text: 'Bella Napoli GmbH',
  timezone: 'Europe/Berlin',
  store_hours: [{ day_of_week: 1, open_time: '11:30', close_time: '14:30', label: '' }],
  closures: [],
  paused: false,
  pickup_lead_minutes: 20,
  delivery_lead_minutes: 45,
  slot_interval_minutes: 15,
  version: 'v1',
};

describe('store settings someone else changed meanwhile', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('are not overwritten: the typed phone number stays until the current settings are loaded', async () => {
    const store = versionedRecord(settings);
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: store.get() }),
      'PUT /stores/14': store.write((body) => ({ ...store.get(), ...body })),
      'PUT /stores/14/pause': store.write((body) => ({ ...store.get(), ...body })),
    });
    renderAdminAt('/admin/store-setting');
    const phone = await screen.findByLabelText(/^Phone/);
    store.changeElsewhere({ company_name: 'Napoli Zwei GmbH' });
    fireEvent.input(phone, { target: { value: '030 999999' } });
    await click('Save settings');

    expect(await screen.findByTestId('edit-conflict')).toHaveTextContent(
      'Someone else has changed this entry in the meantime. Your change was not saved',
    );
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('030 999999');
    expect(store.get()).toMatchObject({ phone: '030 123456', company_name: 'Napoli Zwei GmbH' });
    expect(header(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[1], 'If-Match')).toBe('"v1"');

    await click('Load current state');
    await vi.waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('030 123456'));
    expect(screen.getByLabelText(/^Company name/)).toHaveValue('Napoli Zwei GmbH');

    // The pause switch goes on the same version and hands the new one to the form.
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Pause ordering' }));
    });
    expect(store.get()).toMatchObject({ paused: true, version: 'v3' });
    await vi.waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true'));
    await click('Save settings');
    expect(await screen.findByText('Store settings saved.')).toBeInTheDocument();
    const saves = fetchMock.mock.calls.filter(([input, init]) => init?.method === 'PUT' && String(input) === '/stores/14');
    expect(header(saves[1]?.[1], 'If-Match')).toBe('"v3"');
    expect(sent(fetchMock, 'PUT', '/stores/14')[1]).toMatchObject({ paused: true, company_name: 'Napoli Zwei GmbH' });
  });
});

describe('discounts someone else set meanwhile', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('sets a new discount only while it is still not set, and an existing one on its version', async () => {
    const pickup: AdminDiscount = { code: 'PICKUP_DISCOUNT', value: 10, expires_on: null, active: true, version: 'p1' };
    let delivery: AdminDiscount | undefined;
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /admin/discounts': () => ({ body: delivery ? [delivery, pickup] : [pickup] }),
      'PUT /discounts/14/DELIVERY_DISCOUNT': (init) => {
        if (header(init, 'If-None-Match') === '*' && delivery) return conflict(delivery.version);
        delivery = { code: 'DELIVERY_DISCOUNT', value: 5, expires_on: null, active: true, version: 'd1' };
        return { body: delivery };
      },
      'PUT /discounts/14/PICKUP_DISCOUNT': (init) => ({ body: { ...pickup, version: header(init, 'If-Match') } }),
    });
    renderAdminAt('/admin/disscount');
    const deliveryForm = await screen.findByRole('form', { name: 'Delivery discount' });
    // Someone else sets the delivery discount before this admin saves theirs.
    delivery = { code: 'DELIVERY_DISCOUNT', value: 3, expires_on: null, active: true, version: 'd0' };
    fireEvent.input(within(deliveryForm).getByLabelText(/^Discount/), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(within(deliveryForm).getByRole('button', { name: 'Save Delivery discount' }));
    });
    const put = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/DELIVERY_DISCOUNT'));
    expect(header(put?.[1], 'If-None-Match')).toBe('*');
    expect(header(put?.[1], 'If-Match')).toBeNull();
    expect(await within(deliveryForm).findByTestId('edit-conflict')).toBeInTheDocument();
    expect(delivery.value).toBe(3);

    const pickupForm = screen.getByRole('form', { name: 'Pickup discount' });
    await act(async () => {
      fireEvent.click(within(pickupForm).getByRole('button', { name: 'Save Pickup discount' }));
    });
    const pickupPut = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/PICKUP_DISCOUNT'));
    expect(header(pickupPut?.[1], 'If-Match')).toBe('"p1"');
  });
});
