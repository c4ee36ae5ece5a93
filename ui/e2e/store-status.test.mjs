// Browser test of the live store status, the postcode modal and the cart totals
// against the real server binary and its demo data, with the server clock
// started on a Monday morning. Build the server and the UI it embeds first (see README).
// E2E_SCREENSHOT_DIR, if set, receives screenshots of the header, modal and cart.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  cents,
  createAdmin,
  DESKTOP,
  euro,
  gotoWithStorage,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

// Monday 2026-11-23, 06:00 in Berlin; the demo hours open on Mondays at 11:30.
const MONDAY_MORNING = '2026-11-23T05:00:00Z';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** Contract rule: round half up of subtotal × basis points / 10000. */
const discountOf = (subtotalCents, percent) => Math.floor((subtotalCents * Math.round(percent * 100) + 5000) / 10000);

describe('store status, postcode and totals', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  let postcodes;
  const tempDirs = [];

  const api = (path) => new URL(path, baseUrl).href;

  async function newPage(language) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await gotoWithStorage(
      page,
      baseUrl,
      (lang) => {
        globalThis.localStorage.clear();
        globalThis.localStorage.setItem('app_language', lang);
      },
      language,
    );
    return page;
  }

  async function screenshot(page, name) {
    if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  }

  async function adminToken() {
    const response = await fetch(api('/login'), {
      method: 'POST',
      body: new URLSearchParams({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    assert.equal(response.status, 200, 'POST /login');
    const body = await response.json();
    const token = body.access_token ?? body.data?.access_token;
    assert.ok(token, 'the login answer carries an access_token');
    return token;
  }

  async function setDiscount(token, code, value) {
    const response = await fetch(api(`/discounts/14/${code}`), {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value, expires_on: null }),
    });
    assert.equal(response.status, 200, `PUT /discounts/14/${code}: ${await response.clone().text()}`);
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-status-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-status-chromium-'));
    tempDirs.push(dataDir, profileDir);

    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: MONDAY_MORNING } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    postcodes = await (await fetch(api('/postcodes/store/14'))).json();
    assert.ok(postcodes.length >= 3, 'the demo data has postcodes');
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('on Monday at 06:00 the header says Closed and when the store opens', async () => {
    const page = await newPage('de');
    const status = page.getByTestId('store-status');
    await visible(status.getByText('Öffnet um 11:30', { exact: true }));
    assert.equal(await status.locator('.store-status__badge').innerText(), 'Geschlossen');
    await screenshot(page, 'header-status-de');

    await page.getByRole('button', { name: /^Sprache: / }).click();
    await page.getByRole('button', { name: /ENG/ }).click();
    await visible(status.getByText('Opens at 11:30', { exact: true }));
    assert.equal(await status.locator('.store-status__badge').innerText(), 'Closed');
    await page.close();
  });

  test('the postcode modal works by keyboard and names a text without match', async () => {
    const page = await newPage('en');
    const cartButton = page.getByRole('button', { name: /^Cart, \d+ items?$/ });
    await visible(cartButton);
    await page.getByRole('button', { name: 'Choose postcode', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delivery address: postcode' }));
    assert.equal(await cartButton.count(), 0, 'the cart button is hidden while the modal is open');

    const field = dialog.getByRole('combobox');
    const continueButton = dialog.getByRole('button', { name: 'Continue', exact: true });
    const options = dialog.getByRole('option');
    const highlighted = dialog.locator('[role="option"][aria-selected="true"]');

    const typed = '1011';
    const expected = postcodes.map((p) => p.postcode).filter((code) => code.toLowerCase().includes(typed));
    assert.ok(expected.length >= 2, 'several demo postcodes start with 1011');
    await field.fill(typed);
    await page.waitForFunction(
      (count) => globalThis.document.querySelectorAll('[role="option"]').length === count,
      expected.length,
    );
    assert.deepEqual(
      (await options.locator('.postcode-list__code').allInnerTexts()).map((t) => t.trim()),
      expected,
    );
    assert.equal(await continueButton.isDisabled(), true, 'Continue waits for a postcode');

    // Down from the last entry wraps to the first, up from the first to the last.
    for (let i = 0; i < expected.length; i += 1) await field.press('ArrowDown');
    assert.match(await highlighted.innerText(), new RegExp(expected.at(-1)));
    await field.press('ArrowDown');
    assert.match(await highlighted.innerText(), new RegExp(expected[0]));
    await field.press('ArrowUp');
    assert.match(await highlighted.innerText(), new RegExp(expected.at(-1)));

    // Escape closes the list, not the (static) modal.
    await field.press('Escape');
    await dialog.getByRole('listbox').waitFor({ state: 'detached' });
    await field.press('Escape');
    assert.equal(await dialog.isVisible(), true);
    await page.mouse.click(5, DESKTOP.height - 5);
    assert.equal(await dialog.isVisible(), true, 'a backdrop click does not close it');

    await field.fill('99999');
    await visible(dialog.getByText('No postcodes found matching "99999"', { exact: true }));
    assert.equal(await continueButton.isDisabled(), true);

    await field.fill(typed);
    await field.press('ArrowDown');
    await field.press('ArrowDown');
    await screenshot(page, 'postcode-modal');
    await field.press('Enter');
    assert.equal(await field.inputValue(), expected[1]);
    assert.equal(await continueButton.isDisabled(), false);
    await continueButton.click();
    await dialog.waitFor({ state: 'detached' });

    const chosen = postcodes.find((p) => p.postcode === expected[1]);
    const stored = await page.evaluate(() => ({
      data: JSON.parse(globalThis.localStorage.getItem('postcode-data')),
      postcode: globalThis.localStorage.getItem('delivery_postcode'),
      fee: globalThis.localStorage.getItem('delivery_fee'),
    }));
    assert.deepEqual(stored.data, chosen);
    assert.equal(stored.postcode, chosen.postcode);
    assert.equal(Number(stored.fee), chosen.delivery_fee);
    await visible(page.getByRole('button', { name: `Change postcode ${chosen.postcode}` }));
    await visible(cartButton);

    // Cancel clears the field.
    await page.getByRole('button', { name: `Change postcode ${chosen.postcode}` }).click();
    await visible(dialog);
    await field.fill('10');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Change postcode ${chosen.postcode}` }).click();
    assert.equal(await (await visible(dialog.getByRole('combobox'))).inputValue(), '');
    await page.close();
  });

  test('delivery and pickup totals with discounts follow the formula', async () => {
    const token = await adminToken();
    const deliveryPercent = 10;
    const pickupPercent = 12.5;
    await setDiscount(token, 'DELIVERY_DISCOUNT', deliveryPercent);
    await setDiscount(token, 'PICKUP_DISCOUNT', pickupPercent);

    const simple = products.filter(
      (p) => p.type === 'simple' && p.available && !p.enriched_topping_groups.some((g) => g.toppings.length > 0),
    );
    assert.ok(simple.length >= 2, 'the demo menu has two simple products without extras');
    const [first, second] = simple;
    const zone = postcodes.find((p) => p.minimum_order_amount > 0 && p.delivery_fee > 0) ?? postcodes[0];

    const page = await newPage('de');
    await gotoWithStorage(
      page,
      baseUrl,
      (record) => {
        globalThis.localStorage.setItem('postcode-data', JSON.stringify(record));
        globalThis.localStorage.setItem('delivery_postcode', record.postcode);
        globalThis.localStorage.setItem('delivery_fee', String(record.delivery_fee));
      },
      zone,
    );
    const add = (product) =>
      page.getByRole('button', { name: `${product.name} in den Warenkorb legen`, exact: true }).click();
    // On a desktop the menu page shows the cart as a column beside the menu (no dialog to
    // open or close); the header's cart button takes the focus there.
    const cart = page.getByRole('complementary', { name: 'Warenkorb' });
    const openCart = async () => {
      await page.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ }).click();
      await visible(cart);
      await page.waitForFunction(() => Boolean(globalThis.document.activeElement?.closest('#basket-column')));
    };
    const shown = (id) => cart.getByTestId(id).innerText();
    const expectShown = async (id, text) => {
      await page.waitForFunction(
        ([testId, wanted]) => globalThis.document.querySelector(`[data-testid="${testId}"]`)?.textContent === wanted,
        [id, text],
      ).catch(() => {});
      assert.equal(await shown(id), text, id);
    };

    // One item: below the minimum order for delivery.
    await add(first);
    await openCart();
    const oneCents = cents(first.price);
    await expectShown('cart-subtotal', euro(oneCents));
    const missing = cents(zone.minimum_order_amount) - oneCents;
    if (missing > 0) {
      await expectShown('cart-minimum-missing', `Noch ${euro(missing)} bis zum Mindestbestellwert`);
    }

    // Enough items to pass the minimum.
    const quantity = Math.max(2, Math.ceil(cents(zone.minimum_order_amount) / oneCents));
    for (let i = 1; i < quantity; i += 1) await add(first);
    await add(second);
    const subtotal = quantity * oneCents + cents(second.price);

    await openCart();
    const deliveryDiscount = discountOf(subtotal, deliveryPercent);
    const fee = cents(zone.delivery_fee);
    await expectShown('cart-subtotal', euro(subtotal));
    await expectShown('cart-discount', `−${euro(deliveryDiscount)}`);
    await expectShown('cart-delivery-fee', euro(fee));
    await expectShown('cart-delivery-time', `${zone.delivery_time}m`);
    await expectShown('cart-total', euro(subtotal - deliveryDiscount + fee));
    assert.equal(await cart.getByTestId('cart-minimum-missing').count(), 0);
    await screenshot(page, 'cart-delivery');

    await page.getByRole('button', { name: 'Abholung', exact: true }).click();
    assert.equal(await page.evaluate(() => globalThis.localStorage.getItem('order_type')), 'pickup');
    assert.equal(await page.getByRole('button', { name: /Postleitzahl/ }).count(), 0, 'no postcode selector for pickup');
    await openCart();
    const pickupDiscount = discountOf(subtotal, pickupPercent);
    await expectShown('cart-discount', `−${euro(pickupDiscount)}`);
    assert.equal(await cart.getByTestId('cart-delivery-fee').count(), 0);
    await expectShown('cart-total', euro(subtotal - pickupDiscount));
    await screenshot(page, 'cart-pickup');

    // The order type survives a reload.
    await page.reload();
    await visible(page.getByRole('button', { name: 'Abholung', pressed: true }));
    await page.close();
  });
});
