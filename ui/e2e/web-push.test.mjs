// Browser test of Web Push against the real server binary and the fake push service of
// fake-push.mjs (which checks the VAPID token and decrypts every payload per RFC 8291):
// a guest switches notifications on at the order's status page, the restaurant accepts,
// the push service receives the German news, and the page's service worker shows it
// when the push arrives (delivered through the DevTools protocol, as the browser's push
// connection would); the choice survives a reload and can be switched off. On the
// board, switching the alert on subscribes the browser, and a new order reaches it by
// push.
//
// Headless Chromium reaches its maker's push service only over the internet, so
// `PushManager.subscribe` is answered here with a subscription of the fake push service
// (what the browser's push connection would hand out); everything else is the browser's
// own: the permission, the service worker, the push event and the notification.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { startFakePush } from './fake-push.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  DESKTOP,
  gotoWithStorage,
  placeGuestOrder,
  startShop,
  STEP_TIMEOUT_MS,
  visible,
} from './support.mjs';

/** In the page: `PushManager` hands out `subscription` (of the fake push service). */
function useFakeSubscription(subscription) {
  let current = null;
  globalThis.PushManager.prototype.subscribe = async function subscribe(options) {
    const key = new Uint8Array(options.applicationServerKey);
    globalThis.__pushKey = btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { applicationServerKey: options.applicationServerKey, userVisibleOnly: options.userVisibleOnly },
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    return current;
  };
  globalThis.PushManager.prototype.getSubscription = async function getSubscription() {
    return current;
  };
}

/** The fake push service's messages once there are `count` (at most 10 s). */
async function messagesUntil(push, count) {
  for (let i = 0; i < 100 && push.messages().length < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return push.messages();
}

describe('Web Push', { timeout: 240_000 }, () => {
  let shop;
  let push;
  let baseUrl;
  let context;
  let admin;
  let url;
  let api;

  before(async () => {
    push = await startFakePush();
    shop = await startShop(chromium, 'push', { env: { HEIMSERVICE_PUSH_SERVICES: push.url } });
    ({ baseUrl, context, url, api } = shop);
    admin = await adminToken(baseUrl);
    await context.grantPermissions(['notifications'], { origin: new URL(baseUrl).origin });
  });

  after(async () => {
    await shop?.stop();
    await push?.close();
  });

  /**
   * Delivers `payload` to the page's service worker as its push service would. A message
   * the DevTools protocol hands over while the worker is starting is now and then lost
   * (a real push service delivers again), so it is sent again, at most five times, until
   * `arrived` says the worker got it.
   */
  async function deliverToWorker(page, payload, arrived) {
    const cdp = await context.newCDPSession(page);
    const registration = new Promise((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((candidate) => !candidate.isDeleted && candidate.scopeURL === url());
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(baseUrl).origin,
        registrationId,
        data: JSON.stringify(payload),
      });
      const seen = await arrived(20);
      if (seen.length > 0) return seen;
    }
    return [];
  }

  /** The notifications the page's service worker shows with `tag` (at most `tries` × 100 ms). */
  async function shown(page, tag, tries = 100) {
    for (let i = 0; i < tries; i += 1) {
      const found = await page.evaluate(async (wanted) => {
        const registration = await navigator.serviceWorker.ready;
        const notifications = await registration.getNotifications({ tag: wanted });
        return notifications.map((notification) => ({ title: notification.title, body: notification.body, url: notification.data?.url }));
      }, tag);
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  }

  test('a guest switches notifications on at the status page and hears the acceptance', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Paula Push', line1: 'Torstraße 1', phone: '0176 1234567' });
    const subscription = push.subscribe();
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(useFakeSubscription, subscription);
    await gotoWithStorage(page, url(`orders/${order.token}`), () => globalThis.localStorage.setItem('app_language', 'de'));

    const offer = page.getByTestId('order-push');
    await (await visible(offer.getByRole('button', { name: 'Benachrichtigen, wenn sich etwas tut' }))).click();
    await visible(offer.getByText('Sie werden benachrichtigt, wenn das Restaurant antwortet'));
    const { public_key: publicKey } = await (await fetch(api('/push/key'))).json();
    assert.equal(await page.evaluate(() => globalThis.__pushKey), publicKey, 'subscribed with the shop key');

    const accepted = await fetch(api(`/admin/orders/${order.id}/accept`), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: 30 }),
    });
    assert.equal(accepted.status, 200);
    const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' }).format(
      new Date((await accepted.json()).estimated_ready_at),
    );
    const [message] = await messagesUntil(push, 1);
    assert.ok(message, `no push arrived; refused: ${JSON.stringify(push.refused())}`);
    assert.equal(message.subscription, subscription.id);
    assert.deepEqual(message.payload, {
      title: 'Bella Napoli',
      body: `Bestellung Nr. ${order.number} angenommen. Voraussichtlich ${time} Uhr.`,
      url: `orders/${order.token}`,
      tag: `order-${order.id}`,
    });
    assert.equal(message.vapid.key, publicKey);

    // The push reaches the service worker, which shows it; a tap opens the status page.
    const [notification] = await deliverToWorker(page, message.payload, (tries) => shown(page, `order-${order.id}`, tries));
    assert.deepEqual(notification, {
      title: 'Bella Napoli',
      body: message.payload.body,
      url: url(`orders/${order.token}`),
    });

    // The choice is kept; switched off, the server lets go of this browser.
    await page.reload();
    const on = page.getByTestId('order-push');
    await visible(on.getByText('Sie werden benachrichtigt'));
    await (await visible(on.getByRole('button', { name: 'Benachrichtigungen ausschalten' }))).click();
    await visible(on.getByRole('button', { name: 'Benachrichtigen, wenn sich etwas tut' }));
    const again = await fetch(api(`/orders/track/${order.token}/push?endpoint=${encodeURIComponent(subscription.endpoint)}`), {
      method: 'DELETE',
    });
    assert.equal(again.status, 404, 'the server no longer knows the browser for this order');
    await page.close();
  });

  test('the board subscribes when the alert is switched on, and a new order arrives by push', async () => {
    const subscription = push.subscribe();
    const before = push.messages().length;
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(useFakeSubscription, subscription);
    await gotoWithStorage(page, url('admin'), () => globalThis.localStorage.setItem('app_language', 'de'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.locator('#admin-login-password').press('Enter');
    const boardPush = (method) => (response) => new URL(response.url()).pathname === '/admin/push' && response.request().method() === method;
    const subscribed = page.waitForResponse(boardPush('PUT'));
    await (await visible(page.getByTestId('enable-alerts'))).click();
    await visible(page.getByTestId('disable-alerts'));
    assert.equal((await subscribed).status(), 204, 'the board subscribed this browser');
    assert.equal(await page.evaluate(() => globalThis.__pushKey), (await (await fetch(api('/push/key'))).json()).public_key);

    const order = await placeGuestOrder(baseUrl, { name: 'Bernd Board', line1: 'Torstraße 2', phone: '0176 9990001' });
    const messages = await messagesUntil(push, before + 1);
    const mine = messages.filter((message) => message.subscription === subscription.id);
    assert.equal(mine.length, 1, JSON.stringify(messages));
    assert.deepEqual(mine[0].payload, {
      title: `Neue Bestellung Nr. ${order.number}`,
      body: `Lieferung · ${order.total.toFixed(2).replace('.', ',')} €`,
      url: 'admin/home',
      tag: `order-${order.id}`,
    });

    // Switched off, the board's browser is unsubscribed at the server.
    const unsubscribed = page.waitForResponse(boardPush('DELETE'));
    await (await visible(page.getByTestId('disable-alerts'))).click();
    assert.equal((await unsubscribed).status(), 204, 'the board unsubscribed this browser');
    await page.close();
  });
});
