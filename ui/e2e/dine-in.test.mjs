// Browser test of ordering at the table against the real server binary, in German: the
// owner adds table 12 in Admin → Tische and opens the QR sheet (an SVG code, read back by
// a QR decoder, with the table's link printed under it); a guest opens that link, sees „Bestellung an Tisch 12“,
// orders with cash at the counter without an address; the status page and the orders
// board show Tisch 12; after the owner gives the table a new code, the old link says the
// table is unknown.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import jsQR from 'jsqr';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  cents,
  DESKTOP,
  euro,
  gotoWithStorage,
  startShop,
  STEP_TIMEOUT_MS,
  visible,
} from './support.mjs';

const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

describe('ordering at the table', { timeout: 240_000 }, () => {
  let shop;
  let context;
  let products;
  let url;
  let api;

  before(async () => {
    shop = await startShop(chromium, 'dine-in');
    ({ context, url, api } = shop);
    products = await (await fetch(api('/products/?store_id=14'))).json();
  });

  after(() => shop?.stop());

  test('the owner prints table 12, a guest orders at it, the board shows the table, a new code retires the old link', async () => {
    // The owner adds table 12 in Admin → Tische.
    const admin = await context.newPage();
    admin.setDefaultTimeout(STEP_TIMEOUT_MS);
    await admin.setViewportSize(DESKTOP);
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Anmelden' }).click();
    await admin.getByRole('navigation').getByRole('link', { name: 'Tische' }).click();
    await visible(admin.getByRole('heading', { level: 1, name: 'Tische' }));
    await admin.locator('#table-label').fill('12');
    await admin.getByRole('button', { name: 'Hinzufügen' }).click();
    await visible(admin.getByText('Tisch 12 ist angelegt.'));
    const row = admin.getByTestId('table-row').filter({ hasText: '12' });
    await visible(row.filter({ hasText: 'aktiv' }));
    const listedLink = await row.getByTestId('table-link').innerText();
    assert.match(listedLink, /\/order-online\/tisch\/\d+\/[A-Za-z0-9_-]{22}$/);

    // The QR sheet: one SVG code for the table, its label and the link under it.
    await admin.getByTestId('tables-print').click();
    const card = await visible(admin.getByTestId('qr-card'));
    await visible(card.getByText('Tisch 12', { exact: true }));
    const qr = await visible(card.getByTestId('table-qr'));
    assert.ok((await qr.locator('path').getAttribute('d')).length > 100, 'the code has modules');
    const link = await card.getByTestId('qr-link').innerText();
    assert.equal(link, listedLink);
    // The code as a camera sees it: drawn on a canvas, read by a QR decoder.
    const pixels = await qr.evaluate(async (svg) => {
      const size = 330;
      const image = new globalThis.Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new globalThis.XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = globalThis.document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0, size, size);
      return { size, data: Array.from(context.getImageData(0, 0, size, size).data) };
    });
    const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size);
    assert.equal(decoded?.data, link, 'the code encodes the printed link');
    // Printed, the sheet is all there is: no navigation, no buttons.
    await admin.emulateMedia({ media: 'print' });
    await visible(card.getByTestId('table-qr'));
    assert.equal(await admin.locator('nav').first().isVisible(), false, 'the navigation is not printed');
    assert.equal(await admin.getByRole('button', { name: 'Drucken' }).isVisible(), false);
    await admin.emulateMedia({ media: 'screen' });

    // A guest opens the table's link: the menu under „Bestellung an Tisch 12“.
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await page.goto(link);
    await visible(page.getByTestId('dine-in-banner').filter({ hasText: 'Bestellung an Tisch 12' }));
    const stored = await page.evaluate(() => JSON.parse(globalThis.sessionStorage.getItem('dine_in_table')));
    assert.equal(stored.label, '12');

    // Two Bruschetta in the cart, the guest's name and phone, the checkout.
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const cartLine = {
      ...bruschetta,
      uniqueKey: `${bruschetta.id}|base|`,
      quantity: 2,
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
        globalThis.localStorage.setItem('cartItems', JSON.stringify([line]));
      },
      cartLine,
    );
    await page.getByLabel('Name', { exact: true }).fill('Tilda Tisch');
    await page.getByLabel('Telefon').fill('0176 5551212');
    await page.getByRole('button', { name: 'Weiter zur Kasse' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Kasse' }));
    await visible(page.getByTestId('checkout-order-type').filter({ hasText: 'Tisch 12' }));
    await visible(page.getByTestId('dine-in-now'));
    const quote = page.locator('[data-testid="checkout-quote"][data-state="ready"]');
    await quote.waitFor();
    const fee = quote.getByTestId('cart-delivery-fee');
    if ((await fee.count()) > 0) assert.equal(await fee.innerText(), euro(0), 'no delivery fee');
    const cash = page.getByRole('radio', { name: 'Bar an der Theke' });
    assert.equal(await cash.isChecked(), true);

    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.waitForURL((address) => ORDER_PATH.test(address.pathname));
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();
    assert.equal(order.order_type, 'dine_in');
    assert.equal(order.table, '12');
    assert.equal(order.payment_method, 'cash');
    assert.equal(cents(order.delivery_fee), 0);
    assert.equal(order.customer.line1, '');
    await visible(page.getByTestId('order-table').filter({ hasText: 'Tisch 12' }));

    // The board shows the table in large type.
    await admin.getByRole('navigation').getByRole('link', { name: 'Übersicht' }).click();
    const boardCard = admin.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await visible(boardCard.getByTestId('card-table').filter({ hasText: 'Tisch 12' }));
    const size = await boardCard.getByTestId('card-table').evaluate((element) => parseFloat(globalThis.getComputedStyle(element).fontSize));
    assert.ok(size >= 24, `large type: ${size}px`);

    // A new code for the table: the old link now says the table is unknown.
    await admin.getByRole('navigation').getByRole('link', { name: 'Tische' }).click();
    await admin.getByRole('button', { name: 'Neuen QR-Code für Tisch 12' }).click();
    await visible(admin.getByText('Der gedruckte QR-Code funktioniert dann nicht mehr.', { exact: false }));
    await admin.getByRole('button', { name: 'Ja, neuer Code' }).click();
    await visible(admin.getByText('Tisch 12 hat einen neuen Code.', { exact: false }));
    const newLink = await admin.getByTestId('table-row').filter({ hasText: '12' }).getByTestId('table-link').innerText();
    assert.notEqual(newLink, link);

    const late = await context.newPage();
    late.setDefaultTimeout(STEP_TIMEOUT_MS);
    await late.goto(link);
    await visible(late.getByTestId('dine-in-unknown').filter({ hasText: 'Diesen Tisch kennen wir nicht' }));
    assert.equal(await late.evaluate(() => globalThis.sessionStorage.getItem('dine_in_table')), null);
    await late.close();
    await page.close();
    await admin.close();
  });
});
