import { ApiError } from './api-error';
import { apiFetch, logged } from './api-client';

/**
 * Web Push in the browser: the service worker `sw.js` (beside index.html, covering the
 * app's base path) receives the shop's notifications and shows them. The storefront's
 * status page subscribes a customer's browser to one order; the orders board subscribes
 * a staff member's browser to new orders. Load this module with `import()` where it is
 * used, so it stays out of the storefront's first visit.
 */

/** What the server stores of a browser: `PushSubscription.toJSON()` and the language. */
export interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: 'de' | 'en';
}

/** Whether this browser can receive push notifications at all. */
export function pushSupported(scope: typeof globalThis = globalThis): boolean {
  return (
    scope.navigator?.serviceWorker !== undefined &&
    typeof (scope as { PushManager?: unknown }).PushManager !== 'undefined' &&
    typeof (scope as { Notification?: unknown }).Notification !== 'undefined'
  );
}

/** The shop's public VAPID key, or null when the shop sends no push notifications. */
export async function fetchPushKey(): Promise<string | null> {
  try {
    const { public_key } = await apiFetch<{ public_key: string }>('/push/key');
    return public_key;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'push_off') return null;
    throw error;
  }
}

/** base64url (without padding) → bytes, for `applicationServerKey`. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Registers `sw.js` for the app's base path and waits until it is active. */
export async function pushWorker(baseUri: string = document.baseURI): Promise<ServiceWorkerRegistration> {
  const scope = new URL('./', baseUri).pathname;
  await navigator.serviceWorker.register(new URL('sw.js', new URL(scope, baseUri)).href, { scope });
  return navigator.serviceWorker.ready;
}

/**
 * This browser's push subscription for the shop's key: the one it has (when it is for
 * the same key), else a new one. The browser asks for permission first; throws
 * `NotAllowedError` when it is denied.
 */
export async function browserSubscription(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing !== null) {
    const current = existing.options.applicationServerKey;
    const same = current !== null && current !== undefined && new Uint8Array(current).every((byte, i) => byte === key[i]);
    if (same) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The body the server takes for `subscription`. */
export function subscriptionBody(subscription: PushSubscription, language: string): SubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    language: language.startsWith('en') ? 'en' : 'de',
  };
}

/** Asks the browser for permission (inside a click); answers whether it was granted. */
export async function allowNotifications(): Promise<boolean> {
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied') return false;
  return (await Notification.requestPermission()) === 'granted';
}

/** This browser follows the order behind `token`; answers the endpoint it follows with. */
export async function followOrder(token: string, language: string): Promise<string | null> {
  const publicKey = await fetchPushKey();
  if (publicKey === null) return null;
  const subscription = await browserSubscription(await pushWorker(), publicKey);
  const body = subscriptionBody(subscription, language);
  await logged(
    'followOrder',
    apiFetch<void>(`/orders/track/${encodeURIComponent(token)}/push`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  return body.endpoint;
}

/** This browser stops following the order behind `token`. */
export async function unfollowOrder(token: string, endpoint: string): Promise<void> {
  await logged(
    'unfollowOrder',
    apiFetch<void>(`/orders/track/${encodeURIComponent(token)}/push?endpoint=${encodeURIComponent(endpoint)}`, {
      method: 'DELETE',
    }),
  );
}

/**
 * The board's browser hears of new orders by push (the tab may sleep or be closed);
 * false when the shop sends no push notifications or the browser cannot receive them.
 */
export async function joinBoardPush(registration: ServiceWorkerRegistration, language: string): Promise<boolean> {
  if (!pushSupported()) return false;
  const publicKey = await fetchPushKey();
  if (publicKey === null) return false;
  const subscription = await browserSubscription(registration, publicKey);
  await logged(
    'joinBoardPush',
    apiFetch<void>('/admin/push', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(subscriptionBody(subscription, language)),
    }),
  );
  return true;
}

/** The board's browser hears of new orders no more. */
export async function leaveBoardPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription === null || subscription === undefined) return;
  try {
    await apiFetch<void>(`/admin/push?endpoint=${encodeURIComponent(subscription.endpoint)}`, { method: 'DELETE' });
  } catch (error) {
    // Not subscribed for the board (or never was): nothing to stop.
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
