import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type OutboxMail } from '../types';

const at = (iso: string) => Date.parse(iso) / 1000;

const older: OutboxMail = {
  id: 1,
  to: 'bob@example.com',
  subject: 'Your order',
  body: 'Thanks for your order.',
  created_at: at('2026-03-01T09:00:00Z'),
  sent: false,
};
const reset: OutboxMail = {
  id: 2,
  to: 'admin@example.com',
  subject: 'Reset your password',
  body: 'Hello,\n\nopen https://shop.example/order-online/reset-password?token=abc123 to choose a new password.\n<b>not bold</b>',
  created_at: at('2026-03-14T18:30:00Z'),
  sent: false,
};

/** The outbox as the server pages it: at most `limit` of `mails` (in their order) from those older than `before`. */
function outboxPage(mails: readonly OutboxMail[], url: URL): OutboxMail[] {
  const before = Number(url.searchParams.get('before') ?? Infinity);
  return mails.filter((mail) => mail.id < before).slice(0, Number(url.searchParams.get('limit') ?? 50));
}

function outboxServer(mails: OutboxMail[], status = 200) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /admin/outbox': (_init, url) =>
      status === 200 ? { body: outboxPage(mails, url) } : { status, body: { detail: 'No', code: 'forbidden' } },
  });
}

/** A kept order mail, a minute newer for each higher id. */
const orderMail = (id: number): OutboxMail => ({
  id,
  to: `guest${id}@example.com`,
  subject: `Your order ${id}`,
  body: `Thanks for order ${id}.`,
  created_at: at('2026-03-01T09:00:00Z') + id * 60,
  sent: false,
});
/** 51 mails, newest first (ids 151 down to 101): a full page of 50 and one older mail. */
const manyMails = Array.from({ length: 51 }, (_, index) => orderMail(151 - index));

const items = () => [...document.querySelectorAll('.admin-inbox__item')];

describe('outbox screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('explains the outbox and lists the mails newest first with the admin token', async () => {
    const fetchMock = outboxServer([older, reset]);
    renderAdminAt('/admin/outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    expect(document.title).toBe('Outbox | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/outbox"]')).toHaveTextContent('Outbox');
    expect(screen.getByText(/No SMTP server is configured/)).toBeInTheDocument();
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    expect(items().map((item) => item.querySelector('.admin-inbox__title')?.textContent)).toEqual([
      'Reset your password',
      'Your order',
    ]);
    expect(items()[0]).toHaveTextContent('To: admin@example.com');
    expect(items()[0]?.querySelector('time')).toHaveTextContent(/2026/);
    expect(items()[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14T18:30:00.000Z');

    const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/admin/outbox'));
    expect(call?.[0]).toBe('/admin/outbox?limit=50');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');
  });

  it('opens a mail to its body with line breaks kept and the link clickable, never as HTML', async () => {
    outboxServer([reset]);
    renderAdminAt('/admin/outbox');
    const toggle = await screen.findByRole('button', { name: 'Show mail “Reset your password” to admin@example.com' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /reset-password/ })).toBeNull();

    fireEvent.click(toggle);
    const hide = screen.getByRole('button', { name: 'Hide mail “Reset your password” to admin@example.com' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(hide.getAttribute('aria-controls') ?? '');
    expect(detail).toBeVisible();
    const text = detail?.querySelector('.admin-inbox__text');
    expect(text?.textContent).toBe(reset.body);
    expect(text?.querySelector('b')).toBeNull();
    const link = within(detail as HTMLElement).getByRole('link', {
      name: 'https://shop.example/order-online/reset-password?token=abc123',
    });
    expect(link).toHaveAttribute('href', 'https://shop.example/order-online/reset-password?token=abc123');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    fireEvent.click(hide);
    expect(screen.getByRole('button', { name: /^Show mail/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /reset-password/ })).toBeNull();
  });

  it('searches recipient, subject and text', async () => {
    outboxServer([older, reset]);
    renderAdminAt('/admin/outbox');
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'bob' } });
    expect(items().map((item) => item.querySelector('.admin-inbox__title')?.textContent)).toEqual(['Your order']);
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No entries match your search.')).toBeInTheDocument();
  });

  it('says when the outbox is empty, in German too', async () => {
    outboxServer([]);
    renderAdminAt('/admin/outbox');
    expect(await screen.findByText('The outbox is empty. No mail is waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();

    await i18n.changeLanguage('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Postausgang' })).toBeInTheDocument();
    expect(screen.getByText('Der Postausgang ist leer. Es wartet keine E-Mail.')).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/outbox"]')).toHaveTextContent('Postausgang');
  });

  it('formats the time in German', async () => {
    await i18n.changeLanguage('de');
    outboxServer([reset]);
    renderAdminAt('/admin/outbox');
    await vi.waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]?.querySelector('time')).toHaveTextContent(/14\.03\.2026/);
    expect(items()[0]).toHaveTextContent('An: admin@example.com');
  });

  it('shows a load error and loads again on retry', async () => {
    let fail = true;
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /admin/outbox': () => (fail ? { status: 500, body: { detail: 'Boom', code: 'internal' } } : { body: [reset] }),
    });
    renderAdminAt('/admin/outbox');
    expect(await screen.findByText('The outbox could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(items()).toHaveLength(1));
  });

  it('goes back to the admin login when the server refuses the token', async () => {
    outboxServer([], 403);
    renderAdminAt('/admin/outbox');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  describe('older mails', () => {
    const titles = () => items().map((item) => item.querySelector('.admin-inbox__title')?.textContent);
    const outboxCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.startsWith('/admin/outbox'));
    const hint = 'The search looks only through the mails loaded so far. Load older mails below.';

    it('loads the mails before the last one shown below a full page, and the search finds them once loaded', async () => {
      const fetchMock = outboxServer(manyMails);
      renderAdminAt('/admin/outbox');
      await vi.waitFor(() => expect(items()).toHaveLength(50));
      expect(titles()[49]).toBe('Your order 102');
      const search = screen.getByRole('searchbox');
      expect(screen.getByText(hint)).toBeInTheDocument();
      expect(search).toHaveAttribute('aria-describedby', screen.getByText(hint).id);
      fireEvent.input(search, { target: { value: 'guest101@' } });
      expect(screen.getByText('No entries match your search.')).toBeInTheDocument();
      expect(screen.getByText('0 of 50')).toBeInTheDocument();

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Load older mails' }));
      });
      await vi.waitFor(() => expect(titles()).toEqual(['Your order 101']));
      expect(screen.getByText('1 of 51')).toBeInTheDocument();
      expect(outboxCalls(fetchMock)).toEqual(['/admin/outbox?limit=50', '/admin/outbox?limit=50&before=102']);
      fireEvent.input(search, { target: { value: '' } });
      expect(titles()).toHaveLength(51);
      expect(titles().slice(48)).toEqual(['Your order 103', 'Your order 102', 'Your order 101']);
      expect(screen.queryByRole('button', { name: 'Load older mails' })).toBeNull();
      expect(screen.queryByText(hint)).toBeNull();
      expect(search).not.toHaveAttribute('aria-describedby');
    });

    it('offers no older mails after a page that is not full', async () => {
      const fetchMock = outboxServer(manyMails.slice(0, 49));
      renderAdminAt('/admin/outbox');
      await vi.waitFor(() => expect(items()).toHaveLength(49));
      expect(screen.queryByRole('button', { name: 'Load older mails' })).toBeNull();
      expect(screen.queryByText(hint)).toBeNull();
      expect(outboxCalls(fetchMock)).toEqual(['/admin/outbox?limit=50']);
    });

    it('says when the older mails could not be loaded and loads them on a second try, in German', async () => {
      await i18n.changeLanguage('de');
      let failing = true;
      stubFetch({
        'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
        'GET /admin/outbox': (_init, url) =>
          url.searchParams.has('before') && failing
            ? { status: 503, body: { detail: 'Storage', code: 'storage_unavailable' } }
            : { body: outboxPage(manyMails, url) },
      });
      renderAdminAt('/admin/outbox');
      await vi.waitFor(() => expect(items()).toHaveLength(50));
      expect(
        screen.getByText('Die Suche berücksichtigt nur die bereits geladenen Mails. Ältere Mails laden Sie unten nach.'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Ältere Mails laden' }));
      expect(
        await screen.findByText('Die älteren Mails konnten nicht geladen werden. Bitte versuchen Sie es erneut.'),
      ).toHaveAttribute('role', 'alert');
      expect(items()).toHaveLength(50);

      failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Ältere Mails laden' }));
      await vi.waitFor(() => expect(items()).toHaveLength(51));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Ältere Mails laden' })).toBeNull();
    });

    it('goes back to the admin login when the server refuses an older page', async () => {
      stubFetch({
        'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
        'GET /admin/outbox': (_init, url) =>
          url.searchParams.has('before') ? { status: 401, body: { detail: 'Expired', code: 'unauthorized' } } : { body: outboxPage(manyMails, url) },
      });
      renderAdminAt('/admin/outbox');
      fireEvent.click(await screen.findByRole('button', { name: 'Load older mails' }));
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      expect(sessionStorage.getItem('userData')).toBeNull();
    });
  });
});
