// Browser test of "Ich zahle mit" against the real server binary: a guest paying cash
// at pickup says what they pay with, the checkout refuses an amount below the server's
// quote and shows the change for one above it, and the status page shows what the
// server stored (the kitchen ticket and the board show it from the same order).
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

describe('paying cash with a note', { timeout: 180_000 }, () => {
  const tempDirs = [];
  let server;
  let baseUrl;
  let context;
  let products;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-cash-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-cash-chromium-'));
    tempDirs.push(dataDir, profileDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(new URL('/products/?store_id=14', baseUrl))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('the checkout takes what the customer pays with, and the order keeps the change', async () => {
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await guestPickupAtCheckout(page, new URL('guest-login', baseUrl).href, bruschetta, { name: 'Carla Cash' });
    const quote = page.locator('[data-testid="checkout-quote"][data-state="ready"]');
    await quote.waitFor({ timeout: STEP_TIMEOUT_MS });
    const total = cents(Number((await quote.getByTestId('cart-total').innerText()).replace(/[^\d,]/g, '').replace(',', '.')));

    await page.getByRole('radio', { name: 'Cash' }).check();
    const field = await visible(page.getByLabel("I'll pay with"));
    await field.fill(String(Math.floor((total - 1) / 100)));
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await visible(page.getByText(`The amount you pay with is less than the total of ${euro(total)}.`));
    assert.match(page.url(), /checkout/, 'nothing was sent');

    await field.fill('50');
    await visible(page.getByTestId('cash-given-change').filter({ hasText: `Change: ${euro(5000 - total)}` }));
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((address) => ORDER_PATH.test(address.pathname), { timeout: STEP_TIMEOUT_MS });
    await visible(page.getByTestId('order-cash-given').filter({ hasText: `You pay with 50,00 € · change ${euro(5000 - total)}` }));

    const token = new URL(page.url()).pathname.split('/').pop();
    const order = await (await fetch(new URL(`/orders/track/${token}`, baseUrl))).json();
    assert.equal(cents(order.cash_given), 5000);
    assert.equal(cents(order.change_due), 5000 - total, 'the server computed the change from its own total');
    await page.close();
  });
});
