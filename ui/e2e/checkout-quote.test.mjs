// Browser test of the checkout's quote against the real server binary: the checkout
// shows the server's price for exactly the order it will submit (the address's
// postcode, not the header's), refuses visibly before anything is pressed, and a price
// that changed after the quote places nothing until the customer has seen the new total.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves screenshots of the checkout states.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  adminToken,
  createAdmin,
  DESKTOP,
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

/** Text as shown, with the narrow spaces and line breaks folded. */
const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

describe('the checkout shows and places the server quote', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let admin;
  let bruschetta;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    return page;
  }

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  /** How many orders are open, over every page of GET /admin/orders/open. */
  async function openOrders() {
    let count = 0;
    let path = '/admin/orders/open';
    for (let pages = 0; pages < 100; pages += 1) {
      const response = await fetch(api(path), { headers: { authorization: `Bearer ${admin}` } });
      assert.equal(response.status, 200, `GET ${path}`);
      const page = await response.json();
      count += page.orders.length;
      if (page.next_after === null) return count;
      path = `/admin/orders/open?after=${page.next_after}`;
    }
    assert.fail('more than 100 pages of open orders');
  }

  /** The restaurant changes the Bruschetta's price through the admin API. */
  async function setBruschettaPrice(price) {
    const response = await fetch(api(`/products/${bruschetta.id}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        category_id: bruschetta.category_id,
        name: bruschetta.name,
        name_en: bruschetta.name_en,
        description: bruschetta.description,
        description_en: bruschetta.description_en,
        price,
        tax_id: bruschetta.tax.id,
        type: bruschetta.type,
        variants: [],
        sort_order: bruschetta.sort_order,
        available: true,
      }),
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    assert.equal(body.price, price);
  }

  /**
   * The walk-through: postcode 10115 in the header, `count` Bruschetta, then the guest
   * form with an address in 10405; ends at the checkout.
   */
  async function orderAsGuestTo10405(page, count) {
    await gotoWithStorage(page, url(), () => globalThis.localStorage.clear());
    await page.getByRole('button', { name: /^Postleitzahl (wählen|.+ ändern)$/ }).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Lieferadresse: Postleitzahl' }));
    await dialog.getByRole('combobox').fill('10115');
    await dialog.getByRole('button', { name: 'Weiter', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByRole('button', { name: 'Postleitzahl 10115 ändern' }).first());

    const add = page.getByRole('button', { name: `${bruschetta.name} in den Warenkorb legen`, exact: true });
    for (let i = 1; i <= count; i += 1) {
      await add.click();
      await visible(page.getByRole('button', { name: `Warenkorb, ${i} Artikel` }));
    }
    await page.goto(url('guest-login'));
    await page.getByLabel('Name', { exact: true }).fill('Greta Gast');
    await page.getByLabel('Straße und Hausnummer').fill('Kollwitzstraße 7');
    await page.getByLabel('Postleitzahl', { exact: true }).fill('10405');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Telefon').fill('0176 555 333');
    await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Kasse' }));
  }

  /** Waits until the checkout's quote has settled in `state` (ready, refused). */
  async function quoteSettled(page, state) {
    await page.locator(`[data-testid="checkout-quote"][data-state="${state}"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
  }

  async function trackedOrder(page) {
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const response = await fetch(api(`/orders/track/${token}`));
    assert.equal(response.status, 200);
    return response.json();
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-quote-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-quote-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    admin = await adminToken(baseUrl);
    const products = await (await fetch(api('/products/?store_id=14'))).json();
    bruschetta = products.find((product) => product.name === 'Bruschetta');
    assert.equal(bruschetta?.price, 5.9, 'the demo menu has Bruschetta at 5,90 €');
    const zones = await (await fetch(api('/postcodes/store/14'))).json();
    const zone = (postcode) => zones.find((entry) => entry.postcode === postcode);
    assert.deepEqual(
      [zone('10115')?.delivery_fee, zone('10405')?.delivery_fee, zone('10405')?.minimum_order_amount],
      [1.5, 3, 20],
      'the demo zones: 10115 costs 1,50 €, 10405 costs 3,00 € with a 20,00 € minimum',
    );
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test("4× Bruschetta to a 10405 address: checkout shows 10405's fee and total, and the order costs exactly that", async () => {
    const page = await newPage();
    await orderAsGuestTo10405(page, 4);
    await quoteSettled(page, 'ready');
    assert.equal(await text(page.getByTestId('checkout-order-type')), 'Lieferung · PLZ 10405');
    assert.equal(await text(page.getByTestId('cart-subtotal')), '23,60 €');
    assert.equal(await text(page.getByTestId('cart-delivery-fee')), '3,00 €');
    assert.equal(await text(page.getByTestId('cart-total')), '26,60 €');
    assert.equal(await text(page.getByTestId('order-essentials-total')), '26,60 €', 'the line above the button');
    // The address's postcode is the delivery postcode: the header follows it.
    await visible(page.getByRole('button', { name: 'Postleitzahl 10405 ändern' }).first());
    await screenshot(page, 'checkout-quote-10405');

    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true }).click();
    const order = await trackedOrder(page);
    assert.equal(order.customer.zip, '10405');
    assert.equal(order.delivery_fee, 3);
    assert.equal(order.total, 26.6, 'charged what the checkout showed');
    await visible(page.getByTestId('order-total').filter({ hasText: '26,60' }));
    await page.close();
  });

  test('3× Bruschetta to 10405: checkout shows the minimum refusal and the order button is disabled', async () => {
    const page = await newPage();
    const before = await openOrders();
    await orderAsGuestTo10405(page, 3);
    await quoteSettled(page, 'refused');
    const refusal = await visible(page.getByTestId('quote-refusal'));
    assert.equal(await text(refusal), 'Der Mindestbestellwert für 10405 beträgt 20,00 €.', 'in German, not the server’s English');
    assert.equal(await page.getByTestId('cart-total').count(), 0, 'no total in place of the refusal');
    assert.equal(await text(page.getByTestId('order-essentials-total')), 'nicht verfügbar');
    const button = page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true });
    assert.equal(await button.isDisabled(), true);
    assert.equal(await button.evaluate((element) => globalThis.getComputedStyle(element).cursor), 'not-allowed');
    await screenshot(page, 'checkout-quote-below-minimum');
    await button.click({ force: true });
    await page.waitForTimeout(500);
    assert.match(new URL(page.url()).pathname, /\/checkout$/);
    assert.equal(await openOrders(), before, 'nothing was placed');
    await page.close();
  });

  test('a price changed after the quote places nothing, shows the new total, and the next press places it', async () => {
    const page = await newPage();
    const before = await openOrders();
    await orderAsGuestTo10405(page, 4);
    await quoteSettled(page, 'ready');
    assert.equal(await text(page.getByTestId('cart-total')), '26,60 €');

    // The restaurant raises the price while the customer looks at the total.
    await setBruschettaPrice(6.5);
    const button = page.getByRole('button', { name: 'Zahlungspflichtig bestellen', exact: true });
    await button.click();
    await visible(
      page
        .getByTestId('order-error')
        .getByText('Der Preis hat sich geändert. Bitte prüfen Sie die neue Summe und bestellen Sie erneut.'),
    );
    await page.locator('[data-testid="checkout-quote"][data-state="ready"] [data-testid="cart-total"]', {
      hasText: '29,00 €',
    }).waitFor({ timeout: STEP_TIMEOUT_MS });
    assert.equal(await text(page.getByTestId('cart-subtotal')), '26,00 €');
    assert.equal(await text(page.getByTestId('order-essentials-total')), '29,00 €');
    assert.match(new URL(page.url()).pathname, /\/checkout$/);
    assert.equal(await openOrders(), before, 'nothing was placed at the old price');
    await screenshot(page, 'checkout-quote-changed');

    await button.click();
    const order = await trackedOrder(page);
    assert.equal(order.total, 29, 'placed at the new total the customer saw');
    assert.equal(await openOrders(), before + 1);
    await page.close();
  });
});
