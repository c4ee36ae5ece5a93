import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Fiscal, type FiscalChoice, type FiscalTse, type TseOutage, type TseSetup } from '../types';

/** 23 November 2026, 12:00 in Berlin. */
const NOON = '2026-11-23T11:00:00Z';
/** 12:03 in Berlin, as unix seconds. */
const IN_SERVICE = Date.parse('2026-11-23T11:03:00Z') / 1000;

const TSE_CHOICE: FiscalChoice = {
  mode: 'tse',
  chosen_at: NOON,
  chosen_by: { kind: 'configuration', admin_id: null, email: '', name: '' },
  pos_confirmation: null,
};

const BEGUN: TseSetup = {
  tss_id: '0f3c2a8e-5d41-4b7e-9a1c-2e6f8d0b4c11',
  client_id: '7a9e1c3b-2f4d-4e8a-b6c0-1d3f5a7b9e22',
  till_serial: 'Kasse 1',
  begun_at: NOON,
  registration: null,
};

const PUBLIC_KEY = 'BHhWOeisRpPBTGQ1W4VUH95TXx2GARf8e2NYZXJoInjtGqnxJ8sZ3CQpYgjI+LYEmW5A37sLWHsyU7nSJUBemyU=';
const CERTIFICATE = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUNMakNDQWRPZ0F3SUJBZ0lJWFpTa2hYUFRaMWd3Q2dZSUtvWkl6ajBFQXdJd';

const SET_UP: TseSetup = {
  ...BEGUN,
  registration: {
    tss_serial_number: '9f9b3f1fbd1c6a1f23f1cb8f7b1f4a4bc0e1f0e0a7a9f3a4b5e1c2d3f4a5b6c7',
    tss_public_key: PUBLIC_KEY,
    tss_certificate: CERTIFICATE,
    signature_algorithm: 'ecdsa-plain-SHA384',
    signature_timestamp_format: 'unixTime',
    bsi_certification_id: 'BSI-K-TR-0490-2021',
    initialized_at: IN_SERVICE,
    client_serial_number: 'Kasse 1',
  },
};

const tseOf = (change: Partial<FiscalTse> = {}): FiscalTse => ({ configured: true, setup: null, outage: null, outages: [], ...change });

const fiscal = (tse: Partial<FiscalTse> = {}, current: FiscalChoice | null = TSE_CHOICE): Fiscal => ({
  current,
  history: current === null ? [] : [current],
  takes_cash: true,
  online_payment: true,
  configured_mode: current === null ? null : 'tse',
  tse: tseOf(tse),
});

type SetUpAnswer = { status?: number; body: unknown };

/** GET /admin/fiscal answers `initial`; POST /admin/fiscal/tse answers what `setUp` says, once `gate` opens. */
function tseServer(initial: Fiscal, setUp: () => SetUpAnswer = () => ({ body: fiscal({ setup: SET_UP }) }), gate?: Promise<void>) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin' } }),
    'GET /admin/fiscal': () => ({ body: initial }),
    'POST /admin/fiscal/tse': async () => {
      await gate;
      return setUp();
    },
  });
}

const elsterFacts = () =>
  Object.fromEntries(
    within(screen.getByTestId('fiscal-tse-elster'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('the cloud TSE on the fiscal page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('is not shown while another mode holds and no TSE was ever set up', async () => {
    tseServer(fiscal({ configured: false }, { ...TSE_CHOICE, mode: 'cashless' }));
    renderAdminAt('/admin/fiscal');
    await screen.findByTestId('fiscal-current');
    expect(screen.queryByTestId('fiscal-tse')).toBeNull();
    expect(screen.queryByText('TSE outages')).toBeNull();
  });

  it('names the two configuration keys while the TSE is not configured, and offers no setup', async () => {
    const fetchMock = tseServer(fiscal({ configured: false }));
    renderAdminAt('/admin/fiscal');
    const section = await screen.findByTestId('fiscal-tse');
    expect(screen.getByRole('heading', { level: 2, name: 'Cloud TSE (fiskaly)' })).toBeInTheDocument();
    const unconfigured = within(section).getByTestId('fiscal-tse-unconfigured');
    expect(unconfigured).toHaveTextContent(/^The TSE is not configured: set these two keys in the configuration file/);
    expect(within(unconfigured).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'fiscal.tse_api_key',
      'fiscal.tse_api_secret',
    ]);
    expect(within(section).getByRole('button', { name: 'Set up the TSE' })).toBeDisabled();
    expect(sent(fetchMock, 'POST', '/admin/fiscal/tse')).toEqual([]);
  });

  it('sets the TSE up, saying meanwhile that it can take half a minute, then shows what to register via ELSTER', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = tseServer(fiscal(), undefined, gate);
    renderAdminAt('/admin/fiscal');
    const section = await screen.findByTestId('fiscal-tse');
    expect(section).toHaveTextContent('The API key and secret for fiskaly are in the configuration file.');
    expect(section).toHaveTextContent('The TSE is not set up yet. Until it is, a shop in the mode “Cloud TSE” takes no orders.');
    expect(within(section).queryByTestId('fiscal-tse-elster')).toBeNull();

    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Set up the TSE' }));
    });
    const busy = within(section).getByRole('button', { name: 'Setting up the TSE …' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAccessibleDescription('This can take half a minute at fiskaly; please keep the page open.');
    await act(async () => {
      release();
    });

    expect(await screen.findByTestId('fiscal-tse-ready')).toHaveTextContent('The TSE is set up: every order is signed.');
    expect(sent(fetchMock, 'POST', '/admin/fiscal/tse')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'For the tax office (ELSTER)' })).toBeInTheDocument();
    expect(screen.getByTestId('fiscal-tse')).toHaveTextContent(
      'Every electronic recording system must be registered with the tax office via ELSTER (since 2025, within one month of its acquisition).',
    );
    expect(elsterFacts()).toEqual({
      'Type of system': 'Electronic recording system: online ordering system',
      'Type of TSE': 'Cloud TSE (fiskaly SIGN DE)',
      'Serial number of the till': 'Kasse 1',
      'Serial number of the TSE': SET_UP.registration?.tss_serial_number,
      'BSI certification ID': 'BSI-K-TR-0490-2021',
      'Signature algorithm': 'ecdsa-plain-SHA384',
      'Time format': 'unixTime',
      'In service since': '23.11.2026 12:03',
      'Public key of the TSE': `Show${PUBLIC_KEY}`,
      'Certificate of the TSE': `Show${CERTIFICATE}`,
    });
    // The long values are folded away, whole and copyable in a monospace box.
    const key = screen.getByTestId('fiscal-tse-public-key');
    expect(key.tagName).toBe('DETAILS');
    expect(key.querySelector('pre')).toHaveTextContent(PUBLIC_KEY);
    expect(screen.getByTestId('fiscal-tse-certificate').querySelector('pre')).toHaveTextContent(CERTIFICATE);
    expect(screen.getByTestId('fiscal-tse-ids')).toHaveTextContent(`At fiskaly: TSS ${BEGUN.tss_id}, client ${BEGUN.client_id}.`);
    expect(screen.queryByRole('button', { name: 'Set up the TSE' })).toBeNull();
    expect(screen.getByText('No outage so far.')).toBeInTheDocument();
  });

  it('shows why the setup failed and lets the owner try again; a setup that stopped half way says so', async () => {
    let attempts = 0;
    tseServer(fiscal({ setup: BEGUN }), () => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, body: { detail: 'The TSE could not be set up: timeout. Please try again.', code: 'tse_setup_failed' } }
        : { body: fiscal({ setup: SET_UP }) };
    });
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByTestId('fiscal-tse-unfinished')).toHaveTextContent(
      'A setup began on 23.11.2026 12:00 and did not finish; setting up again finishes it.',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set up the TSE' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The TSE could not be set up. Please try again.');
    expect(screen.queryByText(/timeout/)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Set up the TSE' }));
    });
    expect(await screen.findByTestId('fiscal-tse-elster')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "see fiskaly\'s certificate" without a BSI id, and the setup time without the TSE\'s own', async () => {
    const registration = { ...SET_UP.registration!, bsi_certification_id: null, initialized_at: null };
    tseServer(fiscal({ setup: { ...SET_UP, registration } }, { ...TSE_CHOICE, mode: 'cashless' }));
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByTestId('fiscal-tse-ready')).toHaveTextContent(
      'The TSE is set up; it signs orders while the fiscal mode is “Cloud TSE (fiskaly)”.',
    );
    expect(elsterFacts()).toMatchObject({ 'BSI certification ID': "see fiskaly's certificate", 'In service since': '23.11.2026 12:00' });
  });

  it('highlights the outage that lasts, with the orders it missed as links, and lists the ended ones newest first', async () => {
    const ended: TseOutage[] = [
      { started_at: '2026-11-22T17:00:00Z', ended_at: '2026-11-22T17:20:00Z', reason: 'fiskaly answered 503', missed_orders: [3] },
      { started_at: '2026-11-23T09:00:00Z', ended_at: '2026-11-23T09:05:00Z', reason: 'connection refused', missed_orders: [] },
    ];
    const open: TseOutage = { started_at: '2026-11-23T11:03:00Z', ended_at: null, reason: 'timed out after 1 s', missed_orders: [41, 42] };
    tseServer(fiscal({ setup: SET_UP, outage: open, outages: [...ended, open] }));
    renderAdminAt('/admin/fiscal');

    const lasting = await screen.findByTestId('fiscal-tse-open-outage');
    expect(lasting).toHaveClass('admin-message--error');
    expect(lasting).toHaveTextContent('The TSE has been out of order since 23.11.2026 12:03.');
    expect(lasting).toHaveTextContent('Orders keep flowing; their receipts say “TSE ausgefallen”.');
    expect(lasting).toHaveTextContent('Reason (technical): timed out after 1 s');
    expect(lasting).toHaveTextContent('2 orders without a signature so far:');
    expect(within(lasting).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Order ID 41', '/admin/orders/41'],
      ['Order ID 42', '/admin/orders/42'],
    ]);

    const rows = within(screen.getByTestId('fiscal-tse-outage-list'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['23.11.2026 10:00', '23.11.2026 10:05', 'connection refused', 'none'],
      ['22.11.2026 18:00', '22.11.2026 18:20', 'fiskaly answered 503', 'Order ID 3'],
    ]);
    expect(within(screen.getByTestId('fiscal-tse-outage-list')).getByRole('link', { name: 'Order ID 3' })).toHaveAttribute(
      'href',
      '/admin/orders/3',
    );
    // The technical reason is the server's English, marked as such.
    expect(screen.getByText('timed out after 1 s')).toHaveAttribute('lang', 'en');
  });

  it('speaks German: the button, the ELSTER data and the outage', async () => {
    await i18n.changeLanguage('de');
    const open: TseOutage = { started_at: '2026-11-23T11:03:00Z', ended_at: null, reason: 'timeout', missed_orders: [7] };
    tseServer(fiscal({ setup: SET_UP, outage: open, outages: [open] }));
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByRole('heading', { level: 3, name: 'Für die Meldung an das Finanzamt (ELSTER)' })).toBeInTheDocument();
    expect(elsterFacts()).toMatchObject({
      'Art des Systems': 'Elektronisches Aufzeichnungssystem: Online-Bestellsystem',
      'Seriennummer der Kasse': 'Kasse 1',
      'In Betrieb seit': '23.11.2026 12:03',
    });
    expect(screen.getByTestId('fiscal-tse-open-outage')).toHaveTextContent(
      'Die TSE ist seit 23.11.2026 12:03 ausgefallen. Bestellungen laufen weiter; ihre Belege sagen „TSE ausgefallen“.',
    );
    expect(screen.getByTestId('fiscal-tse-open-outage')).toHaveTextContent('Bisher 1 Bestellung ohne Signatur:');
    expect(screen.getByRole('link', { name: 'Bestellung ID 7' })).toHaveAttribute('href', '/admin/orders/7');
  });

  it('offers "TSE einrichten" in German', async () => {
    await i18n.changeLanguage('de');
    tseServer(fiscal());
    renderAdminAt('/admin/fiscal');
    expect(await screen.findByRole('button', { name: 'TSE einrichten' })).toBeEnabled();
  });
});
