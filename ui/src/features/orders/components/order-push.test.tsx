import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { keyBytes } from '../../../lib/web-push';
import { mockFetch } from '../../../test/fetch-mock';
import { ORDER_PUSH_STORAGE_KEY, OrderPush } from './order-push';

const TOKEN = 'a'.repeat(64);
const KEY = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const KEYS = { p256dh: 'BPUA', auth: 'c2VjcmV0' };

/** A browser with a service worker, push and notifications whose permission answers `permission`. */
function pushBrowser(permission: NotificationPermission) {
  const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => ({
    endpoint: ENDPOINT,
    options,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: async () => true,
  }));
  const registration = { pushManager: { subscribe, getSubscription: async () => null } };
  const register = vi.fn(async () => registration);
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register, ready: Promise.resolve(registration) } });
  vi.stubGlobal('PushManager', function PushManager() {});
  const Notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn(async () => permission) };
  vi.stubGlobal('Notification', Notification);
  return { subscribe, register, Notification };
}

function renderPush() {
  render(
    <I18nextProvider i18n={i18n}>
      <OrderPush token={TOKEN} />
    </I18nextProvider>,
  );
}

describe('notifications from the order status page', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('de');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('subscribes the browser with the shop key and tells the server, in the page language', async () => {
    const browser = pushBrowser('granted');
    const puts: unknown[] = [];
    mockFetch({
      '/push/key': { body: { public_key: KEY } },
      [`/orders/track/${TOKEN}/push`]: (init) => {
        puts.push({ method: init?.method, body: JSON.parse(String(init?.body)) });
        return { status: 204, body: null };
      },
    });
    renderPush();
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigen, wenn sich etwas tut' }));
    await screen.findByText(/Sie werden benachrichtigt, wenn das Restaurant antwortet/);
    expect(browser.register).toHaveBeenCalledWith('http://localhost:3000/sw.js', { scope: '/' });
    const [[options]] = browser.subscribe.mock.calls as [[PushSubscriptionOptionsInit]];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(keyBytes(KEY)));
    expect(puts).toEqual([{ method: 'PUT', body: { endpoint: ENDPOINT, keys: KEYS, language: 'de' } }]);
    expect(JSON.parse(localStorage.getItem(ORDER_PUSH_STORAGE_KEY) ?? '')).toEqual({ [TOKEN]: ENDPOINT });
  });

  it('switches off: the server lets go of the browser and the offer comes back', async () => {
    const browser = pushBrowser('granted');
    browser.Notification.permission = 'granted';
    localStorage.setItem(ORDER_PUSH_STORAGE_KEY, JSON.stringify({ [TOKEN]: ENDPOINT }));
    const fetchMock = mockFetch({
      '/push/key': { body: { public_key: KEY } },
      [`/orders/track/${TOKEN}/push?endpoint=${encodeURIComponent(ENDPOINT)}`]: { status: 204, body: null },
    });
    renderPush();
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen ausschalten' }));
    await screen.findByRole('button', { name: 'Benachrichtigen, wenn sich etwas tut' });
    expect(fetchMock).toHaveBeenCalledWith(`/orders/track/${TOKEN}/push?endpoint=${encodeURIComponent(ENDPOINT)}`, expect.objectContaining({ method: 'DELETE' }));
    expect(JSON.parse(localStorage.getItem(ORDER_PUSH_STORAGE_KEY) ?? '')).toEqual({});
  });

  it('says so when the browser blocks notifications, and sends nothing', async () => {
    const browser = pushBrowser('denied');
    const fetchMock = mockFetch({ '/push/key': { body: { public_key: KEY } } });
    renderPush();
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigen, wenn sich etwas tut' }));
    await screen.findByText('Benachrichtigungen sind in Ihrem Browser für diese Seite blockiert.');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('offers nothing when the shop sends no push notifications or the browser cannot receive them', async () => {
    pushBrowser('granted');
    const fetchMock = mockFetch({ '/push/key': { status: 404, body: { code: 'push_off', detail: 'off' } } });
    renderPush();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('order-push')).toBeNull();
    vi.unstubAllGlobals();
    const none = mockFetch({});
    renderPush();
    expect(screen.queryByTestId('order-push')).toBeNull();
    expect(none).not.toHaveBeenCalled();
  });
});

describe('the shop key', () => {
  it('is decoded from base64url to its 65 bytes', () => {
    const bytes = keyBytes(KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(KEY);
  });
});
