// Browser test of ordering end to end against the real server binary and the fake
// PayPal on 127.0.0.1: a guest orders for delivery with cash, the admin board rings
// and accepts with 20 minutes, and the customer's status page turns to accepted
// without a reload; then an online order goes through the fake PayPal SDK.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves screenshots of the checkout, the status page and the board.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { paypalEnv, startFakePaypal } from './fake-paypal.mjs';
import {
  ADMIN_EMAIL,
  adminToken,
  ADMIN_PASSWORD,
  assertTitle,
  createAdmin,
  gotoWithStorage,
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

describe('ordering end to end', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let paypal;
  let products;
  let customerPage;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    return page;
  }

  /** Waits until the checkout shows the server's quote for the current choices. */
  async function quoteReady(page) {
    await page.locator('[data-testid="checkout-quote"][data-state="ready"]').waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  /** Delivery to 10115 with three Bruschetta (over the 12 € minimum), then the guest form. */
  async function fillCartAndGuestForm(page) {
    const bruschetta = products.find((p) => p.name === 'Bruschetta');
    await gotoWithStorage(page, url(), () => globalThis.localStorage.removeItem('cartItems'));
    await page.getByRole('button', { name: /^(Choose postcode|Change postcode )/ }).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delivery address: postcode' }));
    await dialog.getByRole('combobox').fill('10115');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const add = page.getByRole('button', { name: `Add ${bruschetta.name_en || bruschetta.name} to the cart`, exact: true });
    for (let i = 1; i <= 3; i += 1) {
      await add.click();
      await visible(page.getByRole('button', { name: `Cart, ${i} item${i === 1 ? '' : 's'}` }));
    }
    await page.waitForFunction(() => JSON.parse(globalThis.localStorage.getItem('cartItems') ?? '[]').length === 1);
    await page.goto(url('guest-login'));
    await page.getByLabel('Name', { exact: true }).fill('Gustav Gast');
    await page.getByLabel('Street and house number').fill('Gartenweg 5');
    await page.getByLabel('Postcode', { exact: true }).fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Phone').fill('0176-555 444');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    paypal = await startFakePaypal();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-ordering-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-ordering-chromium-'));
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

  test('a guest cash order rings on the board, is accepted and the status page follows live', async () => {
    customerPage = await newPage();
    const page = customerPage;
    await fillCartAndGuestForm(page);
    const button = page.getByRole('button', { name: 'Place binding order', exact: true });
    await visible(button);
    await quoteReady(page);
    assert.equal((await page.getByTestId('checkout-order-type').innerText()).trim(), 'Delivery · Postcode 10115');
    // The essentials sit right above the binding button.
    const essentials = await visible(page.getByTestId('order-essentials'));
    const shownTotal = (await page.getByTestId('order-essentials-total').innerText()).trim();
    assert.match(await essentials.innerText(), /Cash/);
    await screenshot(page, 'checkout-cash');
    await button.click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await assertTitle(page, 'Order Status | Bella Napoli Heimservice');
    await visible(page.getByTestId('order-status').filter({ hasText: 'Waiting for restaurant confirmation' }));
    assert.equal(await page.evaluate(() => globalThis.localStorage.getItem('order_placed')), 'true');
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.total, 19.2, 'three Bruschetta (5,90 €) and the 10115 fee (1,50 €)');
    assert.equal(shownTotal.replace(/\s/g, ''), '19,20€', 'the checkout showed what the server charged');
    await visible(page.getByTestId('order-total').filter({ hasText: '19,20' }));

    const admin = await newPage();
    // Count the alert's tones: the board rings with generated beeps.
    await admin.addInitScript(() => {
      globalThis.__beeps = 0;
      const original = globalThis.AudioContext.prototype.createOscillator;
      globalThis.AudioContext.prototype.createOscillator = function counted() {
        globalThis.__beeps += 1;
        return original.call(this);
      };
    });
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Login' }).click();
    await assertTitle(admin, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(admin.getByTestId('order-alert'));
    const card = await visible(admin.getByTestId('order-card').filter({ hasText: 'Gustav Gast' }));
    // Ten minutes to answer, counted on the shop's clock (not this machine's).
    assert.match(await card.getByTestId('auto-reject-countdown').innerText(), /in (9|10):[0-5]\d$/);
    await admin.getByTestId('enable-alerts').click();
    await admin.waitForFunction(() => globalThis.__beeps > 0, null, { timeout: STEP_TIMEOUT_MS });

    await screenshot(admin, 'orders-board-ringing');
    await card.getByTestId('accept-20').click();
    await admin.getByTestId('order-alert').waitFor({ state: 'detached' });
    const beepsAfter = await admin.evaluate(() => globalThis.__beeps);
    await admin.waitForTimeout(3500);
    assert.equal(await admin.evaluate(() => globalThis.__beeps), beepsAfter, 'the ringing stopped');

    // No reload: the socket brings the answer.
    await visible(page.getByTestId('order-status').filter({ hasText: 'Accepted' }));
    await visible(page.getByTestId('order-estimated-time'));
    await screenshot(page, 'order-status-accepted');
    const accepted = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(accepted.status, 'accepted');
    assert.equal(accepted.estimated_minutes, 20);

    // The detail page prints a kitchen ticket without the admin chrome.
    await admin.goto(url(`admin/orders/${order.id}`));
    const ticket = admin.getByTestId('kitchen-ticket');
    await admin.emulateMedia({ media: 'print' });
    await visible(ticket);
    await screenshot(admin, 'kitchen-ticket-print');
    assert.match(await ticket.innerText(), /Gustav Gast/);
    assert.equal(await admin.locator('nav').first().isVisible(), false, 'the navigation is not printed');
    await admin.emulateMedia({ media: 'screen' });

    // The logo clears the cart and the flag after an order.
    await page.locator('header .brand-link').click();
    await page.waitForFunction(() => globalThis.localStorage.getItem('order_placed') === null);
    assert.equal(await page.evaluate(() => JSON.parse(globalThis.localStorage.getItem('cartItems') ?? '[]').length), 0);
    await admin.close();
  });

  test('an online order goes through the PayPal buttons and is captured by the server', async () => {
    const page = await newPage();
    await fillCartAndGuestForm(page);
    await page.getByRole('radio', { name: 'Pay online' }).check();
    await page.locator('[data-testid="paypal-area"][data-state="resolved"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    await quoteReady(page);
    const query = await page.evaluate(() => globalThis.__fakePaypal.query);
    assert.equal(query['client-id'], paypal.clientId);
    assert.equal(query.currency, 'EUR');
    assert.equal(query.intent, 'capture');
    assert.equal(query['disable-funding'], 'card');
    await page.getByTestId('fake-paypal-button').click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await visible(page.getByTestId('order-status').filter({ hasText: 'Waiting for restaurant confirmation' }));
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.payment_method, 'online');
    assert.equal(order.payment_status, 'paid');
    const state = await paypal.state();
    const captures = Object.values(state.captures);
    assert.equal(captures.length, 1);
    assert.equal(captures[0].amount.value, order.total.toFixed(2));
    assert.equal(captures[0].amount.currency_code, 'EUR');

    // The kitchen rejects it: the open status page says "refunded" without a reload.
    const bearer = await adminToken(baseUrl);
    const rejected = await fetch(api(`/admin/orders/${order.id}/reject`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Out of dough' }),
    });
    assert.equal(rejected.status, 200);
    await visible(page.getByTestId('order-status').filter({ hasText: 'Not accepted' }));
    await visible(page.getByText('Your payment has been refunded.'));
    assert.equal((await paypal.state()).refunds.length, 1, 'refunded once');
    await page.close();
  });

  test('a declined card restarts the PayPal buttons and the second try is taken', async () => {
    const page = await newPage();
    await fillCartAndGuestForm(page);
    await page.getByRole('radio', { name: 'Pay online' }).check();
    await page.locator('[data-testid="paypal-area"][data-state="resolved"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    await quoteReady(page);
    await page.evaluate(() => {
      globalThis.__fakePaypal.reapproveOnRestart = false;
    });
    await paypal.fail({ endpoint: 'capture', status: 422, issue: 'INSTRUMENT_DECLINED' });
    await page.getByTestId('fake-paypal-button').click();
    await visible(page.getByTestId('order-error').getByText('Your payment method was declined. Please try another one.'));
    assert.equal(await page.evaluate(() => globalThis.__fakePaypal.restarts), 1, 'the buttons were restarted');
    assert.match(new URL(page.url()).pathname, /\/checkout$/, 'still at checkout, nothing placed');
    // The buyer picks another funding source and approves again.
    await page.getByTestId('fake-paypal-button').click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await visible(page.getByTestId('order-status').filter({ hasText: 'Waiting for restaurant confirmation' }));
    await page.close();
  });
});
