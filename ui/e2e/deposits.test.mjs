// Browser test of German price labelling (PAngV) against the real server binary and its
// demo menu: the deposit (Pfand) beside the price and the unit price per litre on the
// menu card and at each size, the deposit as its own line in the cart and as its own
// row before the total (never discounted), the checkout's quote and the order's status
// page with the same figures the server charged.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  cents,
  DESKTOP,
  euro,
  gotoWithStorage,
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

describe('deposit and unit price', { timeout: 240_000 }, () => {
  const tempDirs = [];
  let server;
  let baseUrl;
  let context;
  let products;

  const product = (name) => products.find((p) => p.name === name);
  const url = (path) => new URL(path, baseUrl).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    return page;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-deposit-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-deposit-chromium-'));
    tempDirs.push(dataDir, profileDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(new URL('/products/?store_id=14', baseUrl))).json();
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('the menu shows the deposit beside the price, the cart charges it on its own line', async () => {
    const lemon = product('Bitter Lemon 0,33 l');
    assert.equal(lemon.deposit, 0.25, 'the demo sells Bitter Lemon with a deposit');
    assert.equal(lemon.unit_price, 8.79);
    const page = await newPage();
    await gotoWithStorage(page, baseUrl, () => {
      globalThis.localStorage.clear();
      globalThis.localStorage.setItem('app_language', 'de');
      globalThis.localStorage.setItem('order_type', 'pickup');
    });
    const card = page.locator(`article.product-card[data-product-id="${lemon.id}"]`);
    await visible(card);
    assert.match(await card.innerText(), new RegExp(euro(cents(lemon.price))));
    assert.equal(await card.getByTestId('deposit').innerText(), 'zzgl. 0,25 € Pfand');
    assert.equal(await card.getByTestId('unit-price').innerText(), '(8,79 €/l)');
    // The description no longer hides the deposit in the price.
    assert.doesNotMatch(await card.innerText(), /inkl\. 0,25 € Pfand/i);

    // Each size of the Coca-Cola shows its own deposit and price per litre.
    const cola = product('Coca-Cola');
    await page.getByRole('button', { name: 'Coca-Cola in den Warenkorb legen', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Coca-Cola' }));
    const sizes = dialog.locator('label.option-row');
    const small = sizes.filter({ hasText: cola.variants[0].name });
    const large = sizes.filter({ hasText: cola.variants[1].name });
    assert.equal(await small.getByTestId('deposit').innerText(), 'zzgl. 0,15 € Pfand');
    assert.equal(await small.getByTestId('unit-price').innerText(), '(8,48 €/l)');
    assert.equal(await large.getByTestId('deposit').innerText(), 'zzgl. 0,25 € Pfand');
    assert.equal(await large.getByTestId('unit-price').innerText(), '(4,50 €/l)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Two Bitter Lemon and a Bruschetta for pickup: 10 % off the goods, not the deposit.
    const add = (name) => page.getByRole('button', { name: `${name} in den Warenkorb legen`, exact: true }).click();
    await add(lemon.name);
    await add(lemon.name);
    await add('Bruschetta');
    const cart = page.getByRole('complementary', { name: 'Warenkorb' });
    const line = cart.locator('li.cart-line').filter({ hasText: lemon.name });
    await visible(line);
    assert.equal(await line.getByTestId('line-deposit').innerText(), 'zzgl. 2 × 0,25 € Pfand');
    const bruschetta = product('Bruschetta');
    const goods = 2 * cents(lemon.price) + cents(bruschetta.price);
    const discount = Math.floor((goods * 1000 + 5000) / 10000);
    const depositRow = cart.getByTestId('cart-deposit').locator('..');
    assert.match(await depositRow.innerText(), /Pfand\s+0,50 €/);
    assert.match(await cart.getByTestId('cart-total').innerText(), new RegExp(euro(goods - discount + 50)));
    await page.close();
  });

  test('checkout and the status page charge what the server quoted, deposit included', async () => {
    const lemon = product('Bitter Lemon 0,33 l');
    const page = await newPage();
    await page.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    await guestPickupAtCheckout(page, url('guest-login'), lemon, { name: 'Paula Pfand', quantity: 2 });
    const quote = page.locator('[data-testid="checkout-quote"][data-state="ready"]');
    await quote.waitFor({ timeout: STEP_TIMEOUT_MS });
    const goods = 2 * cents(lemon.price);
    const discount = Math.floor((goods * 1000 + 5000) / 10000);
    const total = goods - discount + 50;
    assert.match(await quote.getByTestId('cart-deposit').locator('..').innerText(), /Deposit\s+0,50 €/);
    assert.match(await quote.getByTestId('cart-total').innerText(), new RegExp(euro(total)));
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname), { timeout: STEP_TIMEOUT_MS });

    const status = await visible(page.getByTestId('order-deposit'));
    assert.match(await status.locator('..').innerText(), /Deposit\s+0,50 €/);
    assert.match(await page.getByTestId('order-total').innerText(), new RegExp(euro(total)));
    const token = new URL(page.url()).pathname.split('/').pop();
    const order = await (await fetch(new URL(`/orders/track/${token}`, baseUrl))).json();
    assert.equal(cents(order.deposit), 50);
    assert.equal(cents(order.total), total, 'the page shows what the server charged');
    await page.close();
  });
});
