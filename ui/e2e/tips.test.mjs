// Browser test of the tip against the real server binary and the fake PayPal on
// 127.0.0.1: a guest paying cash at pickup is offered no tip; paying online they give
// 10 % of the goods, the checkout shows the server's Trinkgeld row and total, PayPal is
// asked for exactly that total, the status page shows the tip, and once accepted the
// restaurant's order page shows it too.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { paypalEnv, startFakePaypal } from './fake-paypal.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  cents,
  createAdmin,
  DESKTOP,
  euro,
  guestPickupAtCheckout,
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

/** "12,34 €" (or "−1,23 €") as cents. */
const shownCents = (text) => cents(Number(text.replace(/[^\d,]/g, '').replace(',', '.')));

describe('a tip for the team', { timeout: 240_000 }, () => {
  const tempDirs = [];
  let server;
  let baseUrl;
  let context;
  let paypal;
  let products;
  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    paypal = await startFakePaypal();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-tips-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-tips-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: {
        HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME,
        ...paypalEnv(paypal),
      },
    });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
    await paypal?.close();
  });

  test('10 % for an online pickup order: PayPal is asked for the quoted total with the tip, the status page and the order page show it', async () => {
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await guestPickupAtCheckout(page, url('guest-login'), bruschetta, { name: 'Tina Tip', quantity: 3 });
    const quote = page.locator('[data-testid="checkout-quote"][data-state="ready"]');
    await quote.waitFor();

    // Paying cash there is no tip to give.
    assert.equal(await page.getByRole('radio', { name: 'Cash' }).isChecked(), true);
    assert.equal(await page.getByTestId('tip-choice').count(), 0, 'a cash order offers no tip');

    await page.getByRole('radio', { name: 'Pay online' }).check();
    const tips = await visible(page.getByRole('group', { name: 'Tip for the team' }));
    assert.equal(await tips.getByRole('radio', { name: 'No tip' }).isChecked(), true);
    await quote.waitFor();
    const subtotal = shownCents(await quote.getByTestId('cart-subtotal').innerText());
    const discount = (await quote.getByTestId('cart-discount').count()) > 0
      ? shownCents(await quote.getByTestId('cart-discount').innerText())
      : 0;
    const before = shownCents(await quote.getByTestId('cart-total').innerText());
    const tip = Math.floor(((subtotal - discount) * 10 + 50) / 100);
    assert.ok(tip > 0, `10 % of ${subtotal - discount} cents`);

    await tips.getByRole('radio', { name: `10% (${euro(tip)})` }).check();
    await visible(quote.getByTestId('cart-tip').filter({ hasText: euro(tip) }));
    await visible(quote.getByTestId('cart-total').filter({ hasText: euro(before + tip) }));
    await visible(page.getByTestId('order-essentials-total').filter({ hasText: euro(before + tip) }));

    await page.locator('[data-testid="paypal-area"][data-state="resolved"]').waitFor();
    await quote.waitFor();
    await page.getByTestId('fake-paypal-button').click();
    await page.waitForURL((address) => ORDER_PATH.test(address.pathname));

    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.payment_method, 'online');
    assert.equal(cents(order.tip), tip);
    assert.equal(cents(order.total), before + tip, 'the order total includes the tip');
    const state = await paypal.state();
    const asked = Object.values(state.orders).map((created) => created.purchase_units[0].amount.value);
    assert.deepEqual(asked, [(before + tip) / 100].map((euros) => euros.toFixed(2)), 'PayPal was asked for the total with the tip');
    const captures = Object.values(state.captures);
    assert.equal(captures.length, 1);
    assert.equal(captures[0].amount.value, ((before + tip) / 100).toFixed(2));

    await visible(page.getByTestId('order-tip').filter({ hasText: euro(tip) }));
    await visible(page.getByTestId('order-total').filter({ hasText: euro(before + tip) }));

    // The restaurant accepts it; its order page shows the tip as its own row.
    const owner = await adminToken(baseUrl);
    const accepted = await fetch(api(`/admin/orders/${order.id}/accept`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: JSON.stringify({ minutes: 20 }),
    });
    assert.equal(accepted.status, 200);
    await visible(page.getByTestId('order-status').filter({ hasText: 'Accepted' }));

    const admin = await context.newPage();
    admin.setDefaultTimeout(STEP_TIMEOUT_MS);
    await admin.setViewportSize(DESKTOP);
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Login' }).click();
    await visible(admin.getByRole('navigation'));
    await admin.goto(url(`admin/orders/${order.id}`));
    await visible(admin.getByRole('heading', { level: 1, name: `Order #${order.number}` }));
    await visible(admin.getByTestId('order-tip').filter({ hasText: euro(tip) }));
    await visible(admin.getByTestId('order-total').filter({ hasText: euro(before + tip) }));
    await admin.close();
    await page.close();
  });
});
