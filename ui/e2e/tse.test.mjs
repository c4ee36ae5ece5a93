// Browser test of the cloud TSE (fiscal mode `tse`) against the real server binary and
// the fake fiskaly on 127.0.0.1: the owner sets the TSE up on the Fiscal page and sees
// what to register via ELSTER; a customer's cash order, accepted on the board, shows
// the signed receipt with its QR code on the status page; while the TSE is down the
// board says so and orders keep flowing, and the alarm goes once orders are signed again.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves tse-fiscal-page.png, tse-receipt.png and tse-board-outage.png.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { startFakeFiskaly } from './fake-fiskaly.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  assertTitle,
  createAdmin,
  guestPickupAtCheckout,
  launchBrowser,
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

/** What `check` gives once it is not null, asked every 100 ms for at most STEP_TIMEOUT_MS; else null. */
async function until(check) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== null) return found;
    await sleep(100);
  }
  return null;
}
/** `fiscal.tse_timeout_seconds`: after a failure the TSE is asked again at most this often. */
const TSE_TIMEOUT_SECONDS = 1;

describe('a shop that signs its orders with the cloud TSE', { timeout: 300_000 }, () => {
  let fiskaly;
  let server;
  let baseUrl;
  let context;
  let admin;
  const tempDirs = [];
  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    fiskaly = await startFakeFiskaly();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-tse-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-tse-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: {
        HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME,
        HEIMSERVICE_FISCAL_MODE: 'tse',
        HEIMSERVICE_FISCAL_POS_CONFIRMED_BY: '',
        HEIMSERVICE_FISCAL_TSE_API_BASE: fiskaly.url,
        HEIMSERVICE_FISCAL_TSE_API_KEY: 'test-api-key',
        HEIMSERVICE_FISCAL_TSE_API_SECRET: 'test-api-secret',
        HEIMSERVICE_FISCAL_TSE_TIMEOUT_SECONDS: String(TSE_TIMEOUT_SECONDS),
      },
    });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
    await fiskaly?.close();
  });

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    return page;
  }

  /** A guest orders two Bruschetta for pickup, paying cash, and lands on the status page. */
  async function guestOrders() {
    const products = await (await fetch(api('/products/?store_id=14'))).json();
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    assert.ok(bruschetta, 'the demo menu has Bruschetta');
    const page = await newPage();
    await guestPickupAtCheckout(page, url('guest-login'), bruschetta, { name: 'Theo Tse' });
    assert.equal(await page.getByRole('radio', { name: 'Cash' }).isChecked(), true);
    await page.locator('[data-testid="checkout-quote"][data-state="ready"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname), { timeout: STEP_TIMEOUT_MS });
    return page;
  }

  test('the owner sets the TSE up on the Fiscal page and sees what to register via ELSTER', async () => {
    admin = await newPage();
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Login' }).click();
    await assertTitle(admin, 'Admin Dashboard | Bella Napoli Heimservice');

    // "Before you open" asks for the setup and links to the Fiscal page.
    const item = await visible(admin.getByTestId('readiness').locator('[data-key="fiscal_tse_not_set_up:fiscal:mode"]'));
    await visible(item.getByText('The fiscal mode is “Cloud TSE (fiskaly)”, but the TSE is not set up yet: set it up on the Fiscal page.'));
    await item.getByRole('link', { name: 'Fix' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Fiscal mode' }));

    const section = await visible(admin.getByTestId('fiscal-tse'));
    await visible(section.getByText('The API key and secret for fiskaly are in the configuration file.'));
    await section.getByRole('button', { name: 'Set up the TSE' }).click();
    const ready = await visible(admin.getByTestId('fiscal-tse-ready'));
    assert.equal(await ready.innerText(), 'The TSE is set up: every order is signed.');

    const fiscal = await (await fetch(api('/admin/fiscal'), { headers: { authorization: `Bearer ${await adminToken(baseUrl)}` } })).json();
    const registration = fiscal.tse.setup.registration;
    assert.ok(registration.tss_serial_number, JSON.stringify(fiscal.tse));

    await visible(admin.getByRole('heading', { level: 3, name: 'For the tax office (ELSTER)' }));
    const facts = await admin.getByTestId('fiscal-tse-elster').evaluate((list) =>
      Object.fromEntries([...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ''])),
    );
    assert.equal(facts['Type of system'], 'Electronic recording system: online ordering system');
    assert.equal(facts['Serial number of the till'], registration.client_serial_number);
    assert.equal(facts['Serial number of the TSE'], registration.tss_serial_number);
    assert.equal(facts['Signature algorithm'], registration.signature_algorithm);
    assert.equal(facts['Time format'], registration.signature_timestamp_format);
    assert.match(facts['In service since'], /^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    assert.ok(facts['BSI certification ID'] !== '', 'the BSI id, or where to find it');
    const key = admin.getByTestId('fiscal-tse-public-key');
    await key.locator('summary').click();
    assert.equal(await (await visible(key.locator('pre'))).innerText(), registration.tss_public_key);
    await screenshot(admin, 'tse-fiscal-page');

    // The checklist is empty now.
    await admin.goto(url('admin/home'));
    await visible(admin.getByTestId('readiness').getByText('Everything is in place: nothing is missing before the shop may open.'));
  });

  test("a cash order accepted on the board shows the signed receipt with its QR code on the customer's page", async () => {
    const page = await guestOrders();
    await visible(page.getByTestId('order-status').filter({ hasText: 'Waiting for restaurant confirmation' }));
    assert.equal(await page.getByTestId('order-receipt').count(), 0, 'no receipt before the order is accepted');

    const card = await visible(admin.getByTestId('order-card').filter({ hasText: 'Theo Tse' }));
    await card.getByTestId('accept-20').click();

    // No reload: the socket brings the accepted order with its receipt.
    const receipt = await visible(page.getByTestId('order-receipt'));
    await visible(receipt.getByRole('heading', { level: 2, name: 'Receipt' }));
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.tse.state, 'finished', JSON.stringify(order.tse));
    const field = (name) => receipt.locator(`[data-field="${name}"] dd`).innerText();
    assert.equal(await field('transaction_number'), String(order.tse.transaction_number));
    assert.equal(await field('tss_serial'), order.tse.tss_serial_number);
    assert.equal(await field('signature_counter'), String(order.tse.signature_counter));
    assert.equal(await field('process_type'), 'Kassenbeleg-V1');
    assert.match(await field('start'), /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    const qr = await visible(receipt.getByRole('img', { name: 'QR code of the receipt' }));
    assert.equal(await qr.evaluate((element) => element.tagName.toLowerCase()), 'svg');
    assert.ok((await qr.boundingBox()).width >= 150, 'the QR code is large enough to scan');
    await screenshot(page, 'tse-receipt');
    await page.close();
  });

  test('while the TSE is down the board says so and orders keep flowing; the alarm goes once orders are signed again', async () => {
    await admin.goto(url('admin/home'));
    await visible(admin.getByTestId('board-connection').and(admin.locator('[data-state="live"]')));
    assert.equal(await admin.getByTestId('tse-outage').count(), 0);

    fiskaly.down('503');
    const missed = await placeGuestOrder(baseUrl, { name: 'Olga Offline', line1: 'Funkloch 1', phone: '030111' });
    const banner = await visible(admin.getByTestId('tse-outage'));
    assert.match(await banner.innerText(), /^TSE out of order since \d\d:\d\d – orders keep flowing, 1 unsigned/);
    assert.equal(await banner.getByRole('link', { name: 'Fiscal page' }).getAttribute('href'), '/order-online/admin/fiscal');
    await screenshot(admin, 'tse-board-outage');

    // The order flowed: accepted while the TSE is still down, its receipt says so.
    const accept = await visible(admin.getByTestId('order-card').filter({ hasText: 'Olga Offline' }).getByTestId('accept-20'));
    await accept.click();
    const customer = await newPage();
    await customer.goto(url(`orders/${missed.token}`));
    const receipt = await visible(customer.getByTestId('order-receipt'));
    await visible(receipt.getByText('TSE out of order', { exact: true }));
    await customer.close();

    // Up again: the next order is signed (after the pause between attempts) and the alarm goes.
    fiskaly.up();
    await sleep(TSE_TIMEOUT_SECONDS * 1000 + 500);
    const signed = await placeGuestOrder(baseUrl, { name: 'Sina Signiert', line1: 'Netzweg 2', phone: '030222' });
    await admin.getByTestId('tse-outage').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    const headers = { authorization: `Bearer ${await adminToken(baseUrl)}` };
    const started = await until(async () => {
      const seen = await (await fetch(api(`/admin/orders/${signed.id}`), { headers })).json();
      return seen.tse?.state === 'active' ? seen : null;
    });
    assert.ok(started, 'the order placed after the outage started its transaction');

    // The Fiscal page keeps the outage with its end and the order it missed.
    await admin.goto(url('admin/fiscal'));
    const rows = admin.getByTestId('fiscal-tse-outage-list').locator('tbody tr');
    await visible(rows.first());
    assert.equal(await rows.count(), 1);
    await visible(rows.first().getByRole('link', { name: `Order ID ${missed.id}` }));
    assert.equal(await admin.getByTestId('fiscal-tse-open-outage').count(), 0);
    await admin.close();
  });
});
