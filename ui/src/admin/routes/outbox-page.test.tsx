import { fireEvent, screen, within } from '@testing-library/preact';
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

function outboxServer(mails: OutboxMail[], status = 200) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /admin/outbox': () => (status === 200 ? { body: mails } : { status, body: { detail: 'No', code: 'forbidden' } }),
  });
}

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

    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/admin/outbox'));
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
});
