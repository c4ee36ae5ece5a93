// Browser test of a phone order against the real server binary: the admin opens
// "Phone order" on the orders board, enters a caller's delivery with a pizza in the
// large size with an extra and three Bruschetta, and the order appears on the board
// (and on a second board tab) already accepted, marked "Phone", priced by the server.
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
  adminToken,
  ADMIN_PASSWORD,
  assertTitle,
  createAdmin,
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

describe('phone orders on the board', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function boardPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(page.getByTestId('board-connection').and(page.locator('[data-state="live"]')));
    return page;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-phone-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-phone-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('a phone order entered on the board appears on it, accepted and marked', async () => {
    const pizza = products.find((p) => p.name === 'Pizza Salami');
    const large = pizza.variants.find((v) => v.name === 'Ø 32 cm');
    const mozzarella = pizza.enriched_topping_groups
      .flatMap((group) => group.toppings)
      .find((topping) => topping.name === 'Extra Mozzarella');
    const bruschetta = products.find((p) => p.name === 'Bruschetta');
    assert.ok(pizza && large && mozzarella && bruschetta, 'the demo menu has what the caller orders');

    const board = await boardPage();
    const watcher = await boardPage();
    await board.getByTestId('phone-order-open').click();
    const dialog = await visible(board.getByRole('dialog', { name: 'Phone order' }));
    // The caller's name gets the focus when the dialog opens: the staff start typing.
    const name = dialog.getByLabel(/^Name/);
    await name.evaluate(
      (field) =>
        new Promise((resolve, reject) => {
          if (field.ownerDocument.activeElement === field) return resolve();
          field.addEventListener('focus', () => resolve(), { once: true });
          setTimeout(() => reject(new Error('the name field never got the focus')), 2000);
        }),
    );
    await board.keyboard.type('Paul Anrufer');
    assert.equal(await dialog.getByLabel(/^Name/).inputValue(), 'Paul Anrufer');
    await dialog.getByLabel(/^Phone/).fill('0171 2345678');
    await dialog.getByLabel('Street and house number').fill('Torstraße 5');
    await dialog.getByLabel('Postcode').selectOption('10115');
    await dialog.getByLabel('City').fill('Berlin');

    const search = dialog.getByTestId('phone-product-search');
    await search.fill('salami');
    await dialog.getByTestId('phone-product').filter({ hasText: pizza.name_en || pizza.name }).click();
    const choices = await visible(dialog.getByTestId('phone-product-choices'));
    await choices.getByRole('radio', { name: new RegExp(large.name) }).check();
    await choices.getByRole('checkbox', { name: mozzarella.name_en || mozzarella.name }).check();
    await choices.getByTestId('phone-product-add').click();
    await search.fill('bruschetta');
    const pick = dialog.getByTestId('phone-product').filter({ hasText: bruschetta.name_en || bruschetta.name });
    for (let i = 0; i < 3; i += 1) await pick.click();
    const expectedCents = Math.round((large.price + mozzarella.price) * 100) + 3 * Math.round(bruschetta.price * 100);
    const subtotal = (await dialog.getByTestId('phone-subtotal').innerText()).replace(/\s/g, '');
    assert.equal(subtotal, `${Math.floor(expectedCents / 100)},${String(expectedCents % 100).padStart(2, '0')}€`);
    await dialog.getByLabel('Note for the kitchen or the driver').fill('Bitte klingeln');
    await dialog.getByTestId('phone-minutes-30').click();
    await dialog.getByTestId('phone-order-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const placed = await visible(board.getByTestId('phone-order-placed'));
    assert.match(await placed.innerText(), /^Phone order #1 placed: .+ €, ready at 12:3\d\.$/);
    const card = await visible(
      board.getByTestId('board-progress').getByTestId('order-card').filter({ hasText: 'Paul Anrufer' }),
    );
    await visible(card.getByTestId('phone-mark').filter({ hasText: 'Phone' }));
    assert.match(await card.innerText(), /Accepted/);
    assert.match(await card.innerText(), /Cash/);
    assert.equal(await board.getByTestId('board-new').getByTestId('order-card').count(), 0, 'nothing to accept');
    // The other board tab gets it over its socket.
    const seen = await visible(watcher.getByTestId('order-card').filter({ hasText: 'Paul Anrufer' }));
    await visible(seen.getByTestId('phone-mark'));

    // The server placed it as a cash order of the phone, priced like any other.
    const token = await adminToken(baseUrl);
    const orderId = await card.getAttribute('data-order-id');
    const order = await (await fetch(api(`/admin/orders/${orderId}`), { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.equal(order.source, 'phone');
    assert.equal(order.status, 'accepted');
    assert.equal(order.estimated_minutes, 30);
    assert.equal(order.payment_method, 'cash');
    assert.equal(Math.round(order.subtotal * 100), expectedCents);
    assert.equal(order.lines.length, 2);
    assert.equal(order.note, 'Bitte klingeln');

    // From here it flows like any other order.
    await card.getByTestId('status-preparing').click();
    await visible(card.filter({ hasText: 'Preparing' }));
    await visible(seen.filter({ hasText: 'Preparing' }));
    await watcher.close();
    await board.close();
  });
});
