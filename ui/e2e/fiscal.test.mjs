// Browser test of the fiscal mode against the real server binary: a shop started
// without one takes no orders, the dashboard's "Before you open" links to the Fiscal
// page, the own till is saved only with the owner's confirmation (kept with their name),
// and then a customer orders with cash; a shop that takes no cash offers only online
// payment at checkout (the fake PayPal on 127.0.0.1) and no phone orders on the board.
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
  assertTitle,
  createAdmin,
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
/** No fiscal mode in the configuration: the harness's own till is switched off. */
const NO_FISCAL_MODE = { HEIMSERVICE_FISCAL_MODE: '', HEIMSERVICE_FISCAL_POS_CONFIRMED_BY: '' };

/** A browser and a server of its own for each shop; `env` configures the shop. */
function shop(name, env) {
  const tempDirs = [];
  const state = { server: null, baseUrl: '', context: null, products: [] };

  state.url = (path = '') => new URL(path, state.baseUrl).href;
  state.api = (path) => new URL(path, new URL(state.baseUrl).origin).href;

  state.start = async (extraEnv = {}) => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-fiscal-${name}-data-`));
    const profileDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-fiscal-${name}-chromium-`));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    state.server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME, ...env, ...extraEnv } });
    state.baseUrl = await state.server.ready;
    state.products = await (await fetch(state.api('/products/?store_id=14'))).json();
    state.context = await launchBrowser(chromium, profileDir);
    await state.context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  };

  state.stop = () => tearDown({ context: state.context, server: state.server, tempDirs });

  state.newPage = async () => {
    const page = await state.context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    return page;
  };

  /** The admin, logged in on the dashboard. */
  state.adminPage = async () => {
    const page = await state.newPage();
    await page.goto(state.url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    return page;
  };

  /** A guest with two Bruschetta for pickup, at the checkout. */
  state.guestAtCheckout = async () => {
    const bruschetta = state.products.find((product) => product.name === 'Bruschetta');
    assert.ok(bruschetta, 'the demo menu has Bruschetta');
    const page = await state.newPage();
    await guestPickupAtCheckout(page, state.url('guest-login'), bruschetta, { name: 'Gina Gast' });
    return page;
  };

  /** Waits until the checkout shows the server's quote for the current choices. */
  state.quoteReady = (page) =>
    page.locator('[data-testid="checkout-quote"][data-state="ready"]').waitFor({ timeout: STEP_TIMEOUT_MS });

  return state;
}

describe('a shop without a fiscal mode', { timeout: 240_000 }, () => {
  const fresh = shop('none', NO_FISCAL_MODE);
  before(() => fresh.start());
  after(() => fresh.stop());

  test('takes no orders until the owner chooses the own till with the confirmation; then a customer pays cash', async () => {
    const storefront = await fresh.newPage();
    await storefront.goto(fresh.url());
    const status = await visible(storefront.getByTestId('store-status'));
    await visible(status.getByText('Not taking orders yet: the shop is still being set up.'));

    // "Before you open" names the missing choice and links to the Fiscal page.
    const admin = await fresh.adminPage();
    const checklist = await visible(admin.getByTestId('readiness'));
    const item = await visible(checklist.locator('[data-key="fiscal_mode_missing:fiscal:mode"]'));
    await visible(item.getByText(/^No fiscal mode is chosen: say how the shop's cash is recorded for the tax office/));
    await visible(item.getByText('Required'));
    await item.getByRole('link', { name: 'Fix' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Fiscal mode' }));
    assert.equal(new URL(admin.url()).pathname, '/order-online/admin/fiscal');
    await assertTitle(admin, 'Fiscal | Bella Napoli Heimservice');
    await visible(admin.getByTestId('fiscal-current').getByText(/^No mode chosen yet/));

    // The own till without the confirmation is refused, saying what is missing.
    await admin.getByRole('radio', { name: 'Own certified till' }).check();
    const confirm = admin.getByLabel('I confirm that every cash payment of these orders is booked in our own certified till.');
    await visible(confirm);
    await admin.getByRole('button', { name: 'Save fiscal mode' }).click();
    await visible(
      admin.getByText('Please confirm that every cash payment of these orders is booked in your own certified POS system.'),
    );
    await visible(admin.getByTestId('fiscal-current').getByText(/^No mode chosen yet/));

    // Confirmed, it is saved with the admin's name and the time.
    await confirm.check();
    await admin.getByRole('button', { name: 'Save fiscal mode' }).click();
    await visible(admin.getByText('Saved: Own certified till.'));
    const confirmation = await visible(admin.getByTestId('fiscal-confirmation'));
    assert.match(
      await confirmation.innerText(),
      /^On 23\.11\.2026 12:\d\d Anna Admin \(admin@example\.com\) confirmed that every cash payment is booked in the certified till\.$/,
    );
    const rows = admin.getByTestId('fiscal-history').locator('tbody tr');
    assert.equal(await rows.count(), 1);
    assert.match(await rows.first().innerText(), /Own certified till\s+holds now\s+23\.11\.2026 12:\d\d\s+Anna Admin \(admin@example\.com\)/);

    // The checklist is empty, and the storefront opens without a reload.
    await admin.goto(fresh.url('admin/home'));
    await visible(admin.getByTestId('readiness').getByText('Everything is in place: nothing is missing before the shop may open.'));
    await status.getByText('Open', { exact: true }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await storefront.close();

    // A customer orders and pays cash.
    const page = await fresh.guestAtCheckout();
    const cash = page.getByRole('radio', { name: 'Cash' });
    await visible(cash);
    assert.equal(await cash.isEnabled(), true);
    assert.equal(await cash.isChecked(), true);
    await fresh.quoteReady(page);
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname), { timeout: STEP_TIMEOUT_MS });
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(fresh.api(`/orders/track/${token}`))).json();
    assert.equal(order.payment_method, 'cash');
    assert.equal(order.payment_status, 'cash_due');
    await page.close();
    await admin.close();
  });
});

describe('a shop that takes no cash', { timeout: 240_000 }, () => {
  let paypal;
  const cashless = shop('cashless', {
    HEIMSERVICE_FISCAL_MODE: 'cashless',
    HEIMSERVICE_FISCAL_POS_CONFIRMED_BY: '',
  });
  before(async () => {
    paypal = await startFakePaypal();
    await cashless.start({
      ...paypalEnv(paypal),
    });
  });
  after(async () => {
    await cashless.stop();
    await paypal?.close();
  });

  test('offers no cash at checkout: online payment is chosen and the order is paid with PayPal', async () => {
    const store = await (await fetch(cashless.api('/stores/14'))).json();
    assert.equal(store.cash_payment, false);
    const page = await cashless.guestAtCheckout();
    const cash = page.getByRole('radio', { name: 'Cash' });
    await visible(cash);
    assert.equal(await cash.isDisabled(), true);
    assert.equal(await cash.isChecked(), false);
    await visible(page.getByTestId('payment-cash-unavailable').getByText('This restaurant does not take cash.'));
    assert.equal(await page.getByRole('radio', { name: 'Pay online' }).isChecked(), true);
    assert.equal(await page.getByRole('button', { name: 'Place binding order', exact: true }).count(), 0);
    assert.match(await page.getByTestId('order-essentials').innerText(), /Online with PayPal/);

    await page.locator('[data-testid="paypal-area"][data-state="resolved"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    await cashless.quoteReady(page);
    await page.getByTestId('fake-paypal-button').click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname), { timeout: STEP_TIMEOUT_MS });
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(cashless.api(`/orders/track/${token}`))).json();
    assert.equal(order.payment_method, 'online');
    assert.equal(order.payment_status, 'paid');
    await page.close();
  });

  test('the board offers no phone order and says why', async () => {
    const admin = await cashless.adminPage();
    const button = admin.getByTestId('phone-order-open');
    await visible(button);
    await admin.waitForFunction(
      () => globalThis.document.querySelector('[data-testid="phone-order-open"]')?.disabled === true,
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
    const note = await visible(admin.getByTestId('phone-order-cashless'));
    assert.match(await note.innerText(), /^No phone orders: they are paid in cash, and the fiscal mode is “No cash”\./);
    assert.equal(await button.getAttribute('aria-describedby'), 'phone-order-cashless');
    await note.getByRole('link', { name: 'Fiscal mode' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Fiscal mode' }));
    const current = await visible(admin.getByTestId('fiscal-current'));
    await visible(current.getByText('Chosen on', { exact: false }));
    await visible(current.getByText('No cash: customers pay online, and phone orders are not taken.'));
    await visible(admin.getByTestId('fiscal-configured').getByText(/^config\.toml says “No cash”/));
    await admin.close();
  });
});
