import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type SupportMessage } from '../types';

const at = (iso: string) => Date.parse(iso) / 1000;

const first: SupportMessage = {
  id: 1,
  name: 'Berta Beispiel',
  email: 'berta@example.com',
  phone: '',
  message: 'Do you deliver to Musterstadt?',
  received_at: at('2026-02-01T10:00:00Z'),
};
const second: SupportMessage = {
  id: 2,
  name: 'Carl Kunde',
  email: 'carl@example.com',
  phone: '+49 30 1234567',
  message: 'My order 42 was missing a drink.\nPlease call me back.\nPhoto: https://img.example/p/42.jpg',
  received_at: at('2026-03-14T18:30:00Z'),
};

/** The messages as the server pages them: at most `limit` of them (in their order) from those older than `before`. */
function supportServer(messages: SupportMessage[], status = 200) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /admin/support-messages': (_init, url) => {
      if (status !== 200) return { status, body: { detail: 'Unauthorized', code: 'unauthorized' } };
      const before = Number(url.searchParams.get('before') ?? Infinity);
      return { body: messages.filter((message) => message.id < before).slice(0, Number(url.searchParams.get('limit') ?? 50)) };
    },
  });
}

/** A contact message, a minute newer for each higher id. */
const question = (id: number): SupportMessage => ({
  id,
  name: `Kunde ${id}`,
  email: `kunde${id}@example.com`,
  phone: '',
  message: `Frage Nummer ${id}`,
  received_at: at('2026-02-01T10:00:00Z') + id * 60,
});
/** 52 messages, newest first (ids 252 down to 201): a full page of 50 and two older ones. */
const manyMessages = Array.from({ length: 52 }, (_, index) => question(252 - index));

const items = () => [...document.querySelectorAll<HTMLElement>('.admin-inbox__item')];
const names = () => items().map((item) => item.querySelector('.admin-inbox__title')?.textContent);

describe('support messages screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the messages newest first with a mailto link, phone and time', async () => {
    const fetchMock = supportServer([first, second]);
    renderAdminAt('/admin/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support messages' })).toBeInTheDocument();
    expect(document.title).toBe('Support messages | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/support"]')).toHaveTextContent('Support messages');
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    expect(names()).toEqual(['Carl Kunde', 'Berta Beispiel']);
    const newest = within(items()[0] as HTMLElement);
    expect(newest.getByRole('link', { name: 'carl@example.com' })).toHaveAttribute('href', 'mailto:carl@example.com');
    expect(newest.getByText('+49 30 1234567')).toBeInTheDocument();
    expect(newest.getByText('My order 42 was missing a drink.')).toBeInTheDocument();
    expect(items()[0]?.querySelector('time')).toHaveTextContent(/14 Mar 2026/);

    const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/admin/support-messages'));
    expect(call?.[0]).toBe('/admin/support-messages?limit=50');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');
  });

  it('opens a message to its full text with a reply link', async () => {
    supportServer([first, second]);
    renderAdminAt('/admin/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Show message from Carl Kunde' }));
    const hide = screen.getByRole('button', { name: 'Hide message from Carl Kunde' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(hide.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(detail.querySelector('.admin-inbox__text')?.textContent).toBe(second.message);
    expect(within(detail).getByRole('link', { name: 'https://img.example/p/42.jpg' })).toHaveAttribute(
      'href',
      'https://img.example/p/42.jpg',
    );
    expect(within(detail).getByRole('link', { name: 'Reply to carl@example.com' })).toHaveAttribute(
      'href',
      'mailto:carl@example.com',
    );
    // The other message stays closed.
    expect(screen.getByRole('button', { name: 'Show message from Berta Beispiel' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters by name, e-mail, phone and message text', async () => {
    supportServer([first, second]);
    renderAdminAt('/admin/support');
    await vi.waitFor(() => expect(items()).toHaveLength(2));
    const search = screen.getByRole('searchbox');
    fireEvent.input(search, { target: { value: 'musterstadt' } });
    expect(names()).toEqual(['Berta Beispiel']);
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    fireEvent.input(search, { target: { value: 'carl@' } });
    expect(names()).toEqual(['Carl Kunde']);
    fireEvent.input(search, { target: { value: '1234567' } });
    expect(names()).toEqual(['Carl Kunde']);
    fireEvent.input(search, { target: { value: 'pizza' } });
    expect(items()).toHaveLength(0);
    expect(screen.getByText('No entries match your search.')).toBeInTheDocument();
    fireEvent.input(search, { target: { value: '' } });
    expect(names()).toEqual(['Carl Kunde', 'Berta Beispiel']);
  });

  it('says when there are no messages, in German too', async () => {
    await i18n.changeLanguage('de');
    supportServer([]);
    renderAdminAt('/admin/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontaktanfragen' })).toBeInTheDocument();
    expect(await screen.findByText('Noch keine Kontaktanfragen.')).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/support"]')).toHaveTextContent('Kontaktanfragen');
  });

  it('goes back to the admin login on 401', async () => {
    supportServer([], 401);
    renderAdminAt('/admin/support');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  describe('older messages', () => {
    const supportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
      fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.startsWith('/admin/support-messages'));

    it('loads the messages before the last one shown below a full page and appends them, in German', async () => {
      await i18n.changeLanguage('de');
      const fetchMock = supportServer(manyMessages);
      renderAdminAt('/admin/support');
      await vi.waitFor(() => expect(items()).toHaveLength(50));
      expect(names().slice(0, 2)).toEqual(['Kunde 252', 'Kunde 251']);
      expect(names()[49]).toBe('Kunde 203');
      const hint = screen.getByText(
        'Die Suche berücksichtigt nur die bereits geladenen Nachrichten. Ältere Nachrichten laden Sie unten nach.',
      );
      expect(screen.getByRole('searchbox')).toHaveAttribute('aria-describedby', hint.id);

      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Nachrichten laden' }));
      });
      await vi.waitFor(() => expect(items()).toHaveLength(52));
      expect(supportCalls(fetchMock)).toEqual(['/admin/support-messages?limit=50', '/admin/support-messages?limit=50&before=203']);
      expect(names().slice(48)).toEqual(['Kunde 204', 'Kunde 203', 'Kunde 202', 'Kunde 201']);
      expect(within(items()[51] as HTMLElement).getByRole('link', { name: 'kunde201@example.com' })).toHaveAttribute(
        'href',
        'mailto:kunde201@example.com',
      );
      expect(screen.queryByRole('button', { name: 'Ältere Nachrichten laden' })).toBeNull();
      expect(screen.queryByText(/bereits geladenen Nachrichten/)).toBeNull();
    });

    it('offers no older messages after a page that is not full', async () => {
      const fetchMock = supportServer(manyMessages.slice(0, 49));
      renderAdminAt('/admin/support');
      await vi.waitFor(() => expect(items()).toHaveLength(49));
      expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
      expect(screen.queryByText(/loaded so far/)).toBeNull();
      expect(supportCalls(fetchMock)).toEqual(['/admin/support-messages?limit=50']);
    });

    it('says while loading and when the older messages could not be loaded, and loads them on a second try', async () => {
      type Answer = { status?: number; body?: unknown };
      let answer: ((value: Answer) => void) | undefined;
      stubFetch({
        'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
        'GET /admin/support-messages': (_init, url) => {
          if (!url.searchParams.has('before')) return { body: manyMessages.slice(0, 50) };
          return new Promise<Answer>((resolve) => {
            answer = resolve;
          });
        },
      });
      renderAdminAt('/admin/support');
      await vi.waitFor(() => expect(items()).toHaveLength(50));
      expect(screen.getByText('The search looks only through the messages loaded so far. Load older messages below.')).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
      expect(await screen.findByRole('button', { name: 'Loading …' })).toBeDisabled();
      await act(async () => {
        answer?.({ status: 503, body: { detail: 'Storage', code: 'storage_unavailable' } });
      });
      expect(await screen.findByText('The older messages could not be loaded. Please try again.')).toHaveAttribute('role', 'alert');
      expect(items()).toHaveLength(50);

      fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
      expect(await screen.findByRole('button', { name: 'Loading …' })).toBeDisabled();
      await act(async () => {
        answer?.({ body: manyMessages.slice(50) });
      });
      await vi.waitFor(() => expect(items()).toHaveLength(52));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    });
  });
});
