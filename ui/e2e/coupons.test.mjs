// Browser test of coupon codes against the real server binary, in German: the owner
// makes a 10 % code (once per customer) in Admin → Gutscheine; a guest enters it in lower
// case at the checkout, sees the server's Gutschein row and the lower total, places a
// cash order whose status page shows the row; a second try with the same phone number is
// refused with the German sentence at the field; the owner's list counts one use.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
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
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;
const PHONE = '0176555444';

/** "12,34 €" (or "−1,23 €") as cents, without its sign. */
const shownCents = (text) => cents(Number(text.replace(/[^\d,]/g, '').replace(',', '.')));

describe('coupon codes', { timeout: 240_000 }, () => {
  const tempDirs = [];
  let server;
  let baseUrl;
  let context;
  let products;
  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-coupons-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-coupons-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'de'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  /** A guest with three Bruschetta for pickup, details filled in (in German), at the checkout. */
  async function guestAtCheckout(page, name) {
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const cartLine = {
      ...bruschetta,
      uniqueKey: `${bruschetta.id}|base|`,
      quantity: 3,
      extras: [],
      basePrice: bruschetta.price,
      tax: bruschetta.tax.percentage,
      selectedVariant: null,
      displayName: bruschetta.name,
      displayPrice: euro(cents(bruschetta.price)),
    };
    await gotoWithStorage(
      page,
      url('guest-login'),
      (line) => {
        globalThis.localStorage.removeItem('order_placed');
        globalThis.localStorage.setItem('order_type', 'pickup');
        globalThis.localStorage.setItem('cartItems', JSON.stringify([line]));
      },
      cartLine,
    );
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Straße und Hausnummer').fill('Gartenweg 5');
    await page.getByLabel('Postleitzahl', { exact: true }).fill('10115');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Telefon').fill(PHONE);
    await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Kasse' }));
    const quote = page.locator('[data-testid="checkout-quote"][data-state="ready"]');
    await quote.waitFor();
    return quote;
  }

  async function redeem(page, code) {
    await page.getByRole('button', { name: 'Gutscheincode eingeben' }).click();
    await page.getByLabel('Gutscheincode').fill(code);
    await page.getByRole('button', { name: 'Einlösen' }).click();
  }

  test('the owner makes a 10 % code, a guest redeems it once, a second try is refused, the list counts the use', async () => {
    // The owner makes the code in Admin → Gutscheine: 10 %, once per customer.
    const admin = await context.newPage();
    admin.setDefaultTimeout(STEP_TIMEOUT_MS);
    await admin.setViewportSize(DESKTOP);
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Anmelden' }).click();
    await admin.getByRole('navigation').getByRole('link', { name: 'Gutscheine' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Gutscheine' }));
    await visible(admin.getByText('Ein Gutschein kommt zum Dauerrabatt (Abhol-/Lieferrabatt) hinzu', { exact: false }));
    await admin.locator('#coupon-new-code').fill('Herbst10');
    await admin.locator('#coupon-new-percent').fill('10');
    await admin.locator('#coupon-new-per_customer_limit').fill('1');
    await admin.getByRole('button', { name: 'Anlegen' }).click();
    await visible(admin.getByText('Gutschein HERBST10 angelegt.'));
    const row = admin.getByTestId('coupon-row').filter({ hasText: 'HERBST10' });
    await visible(row.filter({ hasText: '10 % Rabatt' }));
    await visible(row.filter({ hasText: '0 / unbegrenzt' }));

    // A guest enters it in lower case at the checkout.
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    const quote = await guestAtCheckout(page, 'Greta Gutschein');
    assert.equal(await page.getByRole('radio', { name: 'Barzahlung' }).isChecked(), true);
    const subtotal = shownCents(await quote.getByTestId('cart-subtotal').innerText());
    const discount =
      (await quote.getByTestId('cart-discount').count()) > 0 ? shownCents(await quote.getByTestId('cart-discount').innerText()) : 0;
    const before = shownCents(await quote.getByTestId('cart-total').innerText());
    assert.equal(await quote.getByTestId('cart-coupon').count(), 0);

    await redeem(page, 'herbst10');
    await visible(page.getByText('Gutschein HERBST10 eingelöst'));
    const couponRow = await visible(quote.getByTestId('cart-coupon'));
    const coupon = shownCents(await couponRow.innerText());
    assert.ok((await couponRow.innerText()).startsWith('−'), 'the coupon is shown as taken off');
    // 10 % of the goods after the standing discount, to the cent.
    assert.ok(Math.abs(coupon * 10 - (subtotal - discount)) <= 10, `${coupon} cents is 10 % of ${subtotal - discount}`);
    await visible(quote.locator('dt').filter({ hasText: 'Gutschein HERBST10' }));
    await visible(quote.getByTestId('cart-total').filter({ hasText: euro(before - coupon) }));
    await visible(page.getByTestId('order-essentials-total').filter({ hasText: euro(before - coupon) }));

    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL((address) => ORDER_PATH.test(address.pathname));
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.coupon_code, 'HERBST10');
    assert.equal(cents(order.coupon), coupon);
    assert.equal(cents(order.total), before - coupon);
    await visible(page.getByTestId('order-coupon').filter({ hasText: euro(coupon) }));
    await visible(page.locator('.order-totals__row dt').filter({ hasText: 'Gutschein HERBST10' }));
    await visible(page.getByTestId('order-total').filter({ hasText: euro(before - coupon) }));

    // The same phone number once more: refused at the field, the order is quoted without it.
    await guestAtCheckout(page, 'Greta Gutschein');
    await redeem(page, 'herbst10');
    const field = page.getByLabel('Gutscheincode');
    await visible(page.getByText('Sie haben den Gutschein HERBST10 schon eingelöst.'));
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('[data-testid="checkout-quote"] [data-testid="cart-coupon"]').count(), 0);
    await visible(page.locator('[data-testid="checkout-quote"][data-state="ready"]').getByTestId('cart-total').filter({ hasText: euro(before) }));

    // The owner's list counts the one use, with its revenue and what it took off.
    await admin.reload();
    const counted = admin.getByTestId('coupon-row').filter({ hasText: 'HERBST10' });
    await visible(counted.filter({ hasText: '1 / unbegrenzt' }));
    const cells = await counted.locator('td').allInnerTexts();
    assert.equal(cells[5], euro(cents(order.total)), 'revenue');
    assert.equal(cells[6], euro(coupon), 'taken off');
    await admin.close();
    await page.close();
  });
});
