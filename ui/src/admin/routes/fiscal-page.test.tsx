import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { ADMIN_USER, renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Fiscal, type FiscalBody, type FiscalChoice, type FiscalChooser } from '../types';

const ADMIN: FiscalChooser = { kind: 'admin', admin_id: ADMIN_USER.id, email: ADMIN_USER.email, name: ADMIN_USER.customer_name };
const CONFIGURATION: FiscalChooser = { kind: 'configuration', admin_id: null, email: '', name: '' };
/** 23 November 2026, 12:00 in Berlin. */
const NOON = '2026-11-23T11:00:00Z';
const LATER = '2026-11-23T11:05:00Z';

const fiscal = (change: Partial<Fiscal> = {}): Fiscal => ({
  current: null,
  history: [],
  takes_cash: true,
  online_payment: true,
  configured_mode: null,
  tse: { configured: false, setup: null, outage: null, outages: [] },
  ...change,
});

/** A server that keeps the fiscal record and answers PUT /admin/fiscal like the real one. */
function fiscalServer(initial: Fiscal = fiscal()) {
  let current = initial;
  const fetchMock = stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin' } }),
    'GET /admin/fiscal': () => ({ body: current }),
    'PUT /admin/fiscal': (init) => {
      const body = JSON.parse(String(init?.body)) as FiscalBody;
      if (body.mode === 'pos' && !body.pos_confirmed) {
        return {
          status: 400,
          body: {
            detail: 'Please confirm that every cash payment of these orders is booked in your own certified POS system.',
            code: 'pos_not_confirmed',
            field: 'pos_confirmed',
          },
        };
      }
      const choice: FiscalChoice = {
        mode: body.mode,
        chosen_at: LATER,
        chosen_by: ADMIN,
        pos_confirmation: body.mode === 'pos' ? { by: ADMIN, at: LATER } : null,
      };
      current = { ...current, current: choice, history: [...current.history, choice], takes_cash: body.mode !== 'cashless' };
      return { body: current };
    },
  });
  return fetchMock;
}

const save = async (name = 'Save fiscal mode') => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

const historyRows = () =>
  within(screen.getByTestId('fiscal-history'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('fiscal screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('explains the three modes, is in the navigation, and says that none is chosen yet', async () => {
    fiscalServer();
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiscal mode' })).toBeInTheDocument();
    expect(document.title).toBe('Fiscal | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/fiscal"]')).toHaveTextContent('Fiscal');

    const current = await screen.findByTestId('fiscal-current');
    expect(current).toHaveTextContent('No mode chosen yet: the shop takes no orders until you choose one below.');
    expect(screen.queryByTestId('fiscal-configured')).toBeNull();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['cashless', 'pos', 'tse']);
    for (const radio of radios) expect(radio).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'No cash' })).toHaveAccessibleDescription(
      'Customers pay online only (PayPal). Cash is not offered in the shop, and no phone orders are taken, because they are paid in cash.',
    );
    expect(screen.getByRole('radio', { name: 'Own certified till' })).toHaveAccessibleDescription(
      /^Our drivers or our counter book every cash payment in our own certified till \(with TSE\); the shop's orders are its pre-orders\./,
    );
    expect(screen.getByRole('radio', { name: 'Cloud TSE (fiskaly)' })).toHaveAccessibleDescription(
      "Every order, paid in cash or online, is signed by the shop's cloud TSE (fiskaly).",
    );
    expect(screen.getByText('No choice made yet.')).toBeInTheDocument();
  });

  it('asks for a mode before saving', async () => {
    const fetchMock = fiscalServer();
    renderAdminAt('/admin/fiscal');
    await screen.findByTestId('fiscal-current');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose one of the modes.');
    expect(sent(fetchMock, 'PUT', '/admin/fiscal')).toEqual([]);
  });

  it('shows the refusal of the own till without the confirmation next to it, then saves it confirmed with who and when', async () => {
    const fetchMock = fiscalServer();
    renderAdminAt('/admin/fiscal');
    fireEvent.click(await screen.findByRole('radio', { name: 'Own certified till' }));
    const confirm = screen.getByLabelText('I confirm that every cash payment of these orders is booked in our own certified till.');
    expect(confirm).not.toBeChecked();

    await save();
    await vi.waitFor(() =>
      expect(confirm).toHaveAccessibleDescription(
        'Please confirm that every cash payment of these orders is booked in your own certified POS system.',
      ),
    );
    expect(screen.getByTestId('fiscal-current')).toHaveTextContent('No mode chosen yet');

    fireEvent.click(confirm);
    expect(confirm).not.toHaveAccessibleDescription(/Please confirm/);
    await save();
    expect(await screen.findByText('Saved: Own certified till.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/admin/fiscal')).toEqual([
      { mode: 'pos', pos_confirmed: false },
      { mode: 'pos', pos_confirmed: true },
    ]);
    const current = screen.getByTestId('fiscal-current');
    expect(current).toHaveTextContent('Own certified till');
    expect(current).toHaveTextContent('Chosen on 23.11.2026 12:05 by Anna Admin (admin@example.com).');
    expect(screen.getByTestId('fiscal-confirmation')).toHaveTextContent(
      'On 23.11.2026 12:05 Anna Admin (admin@example.com) confirmed that every cash payment is booked in the certified till.',
    );
    expect(current).toHaveTextContent('Customers may pay cash, and phone orders are taken.');
    expect(historyRows()).toEqual([
      [
        'Own certified till holds now',
        '23.11.2026 12:05',
        'Anna Admin (admin@example.com)',
        'Anna Admin (admin@example.com), 23.11.2026 12:05',
      ],
    ]);
  });

  it('lists every choice with who made it, the configuration file too, and names the configured mode', async () => {
    const fromConfiguration: FiscalChoice = {
      mode: 'pos',
      chosen_at: NOON,
      chosen_by: CONFIGURATION,
      pos_confirmation: { by: { ...CONFIGURATION, name: 'Maria Rossi' }, at: NOON },
    };
    fiscalServer(fiscal({ current: fromConfiguration, history: [fromConfiguration], configured_mode: 'pos' }));
    renderAdminAt('/admin/fiscal');
    const current = await screen.findByTestId('fiscal-current');
    expect(current).toHaveTextContent('Chosen on 23.11.2026 12:00 by the configuration file.');
    expect(screen.getByTestId('fiscal-confirmation')).toHaveTextContent(
      'On 23.11.2026 12:00 Maria Rossi (configuration file) confirmed that every cash payment is booked in the certified till.',
    );
    expect(screen.getByTestId('fiscal-configured')).toHaveTextContent(
      'config.toml says “Own certified till”; it chooses only while the shop has no choice of its own.',
    );
    expect(screen.getByRole('radio', { name: 'Own certified till' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'No cash' }));
    expect(screen.queryByLabelText(/^I confirm that every cash payment/)).toBeNull();
    await save();
    expect(await screen.findByText('Saved: No cash.')).toBeInTheDocument();
    expect(screen.getByTestId('fiscal-current')).toHaveTextContent('No cash: customers pay online, and phone orders are not taken.');
    expect(historyRows()).toEqual([
      ['Own certified till', '23.11.2026 12:00', 'configuration file', 'Maria Rossi (configuration file), 23.11.2026 12:00'],
      ['No cash holds now', '23.11.2026 12:05', 'Anna Admin (admin@example.com)', 'not needed'],
    ]);
  });

  it('warns that nobody could pay when no cash is chosen while online payment is off', async () => {
    fiscalServer(fiscal({ online_payment: false }));
    renderAdminAt('/admin/fiscal');
    fireEvent.click(await screen.findByRole('radio', { name: 'No cash' }));
    expect(screen.getByTestId('fiscal-no-payment')).toHaveTextContent(
      'Online payment is off (no PayPal in the configuration file): with “No cash” nobody could pay, and the shop stays closed until online payment is set up.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Cloud TSE (fiskaly)' }));
    expect(screen.queryByTestId('fiscal-no-payment')).toBeNull();
  });

  it('speaks German, with the confirmation in the owner’s words', async () => {
    await i18n.changeLanguage('de');
    fiscalServer();
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiskalmodus' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: 'Eigene zertifizierte Kasse' }));
    expect(
      screen.getByLabelText(
        'Ich bestätige, dass jede Barzahlung dieser Bestellungen in unserer eigenen zertifizierten Kasse gebucht wird.',
      ),
    ).toBeInTheDocument();
    await save('Fiskalmodus speichern');
    expect(
      await screen.findByText(
        'Bitte bestätigen Sie, dass jede Barzahlung dieser Bestellungen in Ihrer eigenen zertifizierten Kasse gebucht wird.',
      ),
    ).toBeInTheDocument();
  });

  it('offers to try again when the record cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /admin/fiscal': () => (fail ? { status: 503, body: { detail: 'Storage unavailable', code: 'storage_unavailable' } } : { body: fiscal() }),
    });
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByText('The fiscal mode could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByTestId('fiscal-current')).toHaveTextContent('No mode chosen yet');
  });
});
