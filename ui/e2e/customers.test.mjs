// Browser test of the customers against the real server binary: Gina ordered online
// (a large Pizza Salami with extra mozzarella, two Bruschetta and a Coca-Cola) and once
// more by phone, Otto once. The admin finds both on "Customers", searches Gina and
// opens her orders; searches the order history by name, number and dates; and takes a
// phone order where typing Gina's number offers her address and her last order, which
// is taken again without the Coca-Cola that is sold out now.
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

describe('customers, the order search and the caller lookup', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let token;
  let products;
  const orders = {};
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const product = (name) => products.find((p) => p.name === name);

  async function send(method, path, body, { auth = false } = {}) {
    const headers = { 'content-type': 'application/json' };
    if (auth) headers.authorization = `Bearer ${token}`;
    const response = await fetch(api(path), { method, headers, body: JSON.stringify(body) });
    const answer = await response.json().catch(() => null);
    assert.ok(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  /** Gina's first order: every kind of line the repeat has to take over. */
  function ginaLines() {
    const pizza = product('Pizza Salami');
    const large = pizza.variants.find((v) => v.name === 'Ø 32 cm');
    const mozzarella = pizza.enriched_topping_groups.flatMap((g) => g.toppings).find((t) => t.name === 'Extra Mozzarella');
    const cola = product('Coca-Cola');
    return [
      { product_id: pizza.id, variant_id: large.id, extras: [{ topping_id: mozzarella.id, quantity: 1 }], quantity: 1 },
      { product_id: product('Bruschetta').id, variant_id: null, extras: [], quantity: 2 },
      { product_id: cola.id, variant_id: cola.variants.find((v) => v.name === '0,33 l').id, extras: [], quantity: 1 },
    ];
  }

  function guestOrder(name, phone, lines) {
    return {
      order_type: 'delivery',
      lines,
      shipping_address: {
        type: 'shipping', customer_name: name, line1: name === 'Gina Gast' ? 'Torstraße 5' : 'Invalidenstraße 9',
        city: 'Berlin', zip: '10115', country: 'DE', phone, email: name === 'Gina Gast' ? 'gina@example.com' : '',
      },
      payment_method: 'cash',
      preorder_at: null,
      note: '',
    };
  }

  async function adminPage(path) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    if (path) await page.goto(url(path));
    return page;
  }

  const rowTexts = async (table) =>
    (await table.locator('tbody tr').all()).map((row) => row.innerText().then((text) => text.replace(/\s+/g, ' ').trim()));

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-customers-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-customers-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    token = await adminToken(baseUrl);
    products = await (await fetch(api('/products/?store_id=14'))).json();
    orders.gina = await send('POST', '/orders/guest', guestOrder('Gina Gast', '030 555 1234', ginaLines()));
    orders.otto = await send(
      'POST',
      '/orders/guest',
      guestOrder('Otto Ober', '0170 999888', [{ product_id: product('Bruschetta').id, variant_id: null, extras: [], quantity: 3 }]),
    );
    // The Coca-Cola is sold out since.
    await send('PUT', `/products/${product('Coca-Cola').id}/availability`, { available: false }, { auth: true });
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('the customers page lists, finds and opens a customer', async () => {
    const page = await adminPage();
    await page.getByRole('navigation').getByRole('link', { name: 'Customers', exact: true }).click();
    await assertTitle(page, 'Customers | Bella Napoli Heimservice');
    const table = await visible(page.getByTestId('customers'));
    const rows = await Promise.all(await rowTexts(table));
    assert.equal(rows.length, 2, rows.join('\n'));
    assert.match(rows[0], /^Otto Ober 0170999888 1 23\.11\.2026 · #2 .+ €$/);
    assert.match(rows[1], /^Gina Gast 0305551234 gina@example\.com 1 23\.11\.2026 · #1 .+ €$/);
    const total = `${orders.gina.total.toFixed(2).replace('.', ',')} €`;
    assert.ok(rows[1].endsWith(total), `${rows[1]} ends with ${total}`);

    await page.getByLabel(/^Search/).fill('gin');
    await page.getByTestId('customer-search-submit').click();
    await page.waitForURL(/\/admin\/customers\?q=gin$/);
    await visible(table.locator('tbody tr').filter({ hasText: 'Gina Gast' }));
    assert.equal(await table.locator('tbody tr').count(), 1);
    await page.getByLabel(/^Search/).fill('0170 99');
    await page.getByTestId('customer-search-submit').click();
    await visible(table.locator('tbody tr').filter({ hasText: 'Otto Ober' }));
    assert.equal(await table.locator('tbody tr').count(), 1);
    await page.getByLabel(/^Search/).fill('nobody');
    await page.getByTestId('customer-search-submit').click();
    await visible(page.getByText('No customer matches “nobody”.'));
    await page.getByRole('button', { name: 'Show all' }).click();
    await visible(table.locator('tbody tr').nth(1));

    await table.getByRole('link', { name: 'Gina Gast' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Gina Gast' }));
    const facts = await visible(page.getByTestId('customer-facts'));
    assert.match(await facts.innerText(), /Torstraße 5, 10115 Berlin/);
    const theirOrders = await visible(page.getByTestId('found-orders'));
    await theirOrders.getByRole('link', { name: 'Details of order #1' }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orders.gina.id}$`));
    await page.close();
  });

  test('the order history finds orders by name or phone, by number and by dates', async () => {
    const page = await adminPage('admin/orders-history');
    const form = await visible(page.getByRole('search', { name: 'Search orders' }));
    await form.getByRole('radio', { name: 'Name or phone' }).check();
    await form.getByRole('textbox', { name: /^Name or phone/ }).fill('+49 30 555');
    await form.getByTestId('order-search-submit').click();
    await page.waitForURL(/q=%2B49\+30\+555/);
    let found = await visible(page.getByTestId('found-orders'));
    assert.deepEqual(await Promise.all(await rowTexts(found)), [
      `#1 23.11.2026 12:00 Gina Gast Waiting for confirmation Delivery Cash ${orders.gina.total.toFixed(2).replace('.', ',')} €`,
    ]);
    await visible(page.getByTestId('search-customers').filter({ hasText: 'Orders of 1 customer' }));

    await form.getByRole('radio', { name: 'Number' }).check();
    await form.getByLabel('Order number').fill('2');
    // The browser's today is not the server's testing clock's: the day is given.
    await form.getByLabel('On', { exact: true }).fill('2026-11-23');
    await form.getByTestId('order-search-submit').click();
    await page.waitForURL(/number=2&date=2026-11-23/);
    found = await visible(page.getByTestId('found-orders').filter({ hasText: 'Otto Ober' }));
    assert.equal(await found.locator('tbody tr').count(), 1);

    await form.getByRole('radio', { name: 'Period' }).check();
    await form.getByLabel(/^From/).fill('2026-11-23');
    await form.getByLabel(/^To/).fill('2026-11-20');
    await form.getByTestId('order-search-submit').click();
    await visible(form.getByRole('alert').filter({ hasText: 'The last day must not be before the first.' }));
    await form.getByLabel(/^To/).fill('2026-11-23');
    await form.getByTestId('order-search-submit').click();
    await page.waitForURL(/from=2026-11-23&to=2026-11-23/);
    found = await visible(page.getByTestId('found-orders').filter({ hasText: 'Gina Gast' }));
    assert.equal(await found.locator('tbody tr').count(), 2);

    await page.getByRole('button', { name: 'Back to the day' }).click();
    await visible(page.getByTestId('history-summary'));
    await page.close();
  });

  test('typing a caller’s number offers their address and repeats their last order', async () => {
    const page = await adminPage();
    await visible(page.getByTestId('board-connection').and(page.locator('[data-state="live"]')));
    await page.getByTestId('phone-order-open').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Phone order' }));
    // Three digits ask nothing yet; the fourth offers Gina.
    await dialog.getByLabel(/^Phone/).fill('030');
    await page.waitForTimeout(600);
    assert.equal(await dialog.getByTestId('phone-callers').count(), 0);
    await dialog.getByLabel(/^Phone/).fill('0305 5');
    const callers = await visible(dialog.getByTestId('phone-callers'));
    const gina = callers.getByRole('listitem').filter({ hasText: 'Gina Gast' });
    await visible(gina);
    assert.match(await gina.innerText(), /Torstraße 5, 10115 Berlin/);
    assert.match(await gina.innerText(), /Last no\. 1 on 23\.11\.2026/);
    assert.equal(await callers.getByRole('listitem').count(), 1, 'Otto’s number begins otherwise');

    await gina.getByRole('button', { name: 'Use name and address' }).click();
    assert.equal(await dialog.getByLabel(/^Name/).inputValue(), 'Gina Gast');
    assert.equal(await dialog.getByLabel(/^Phone/).inputValue(), '0305551234');
    assert.equal(await dialog.getByLabel('Street and house number').inputValue(), 'Torstraße 5');
    assert.equal(await dialog.getByLabel('Postcode').inputValue(), '10115');
    assert.equal(await dialog.getByRole('radio', { name: 'Delivery' }).isChecked(), true);

    await visible(callers.getByRole('listitem').filter({ hasText: 'Gina Gast' }));
    await callers.getByRole('button', { name: 'Repeat last order' }).click();
    const repeated = await visible(dialog.getByTestId('phone-repeated'));
    assert.match(await repeated.innerText(), /^Order no\. 1 repeated: 2 lines taken over\. No longer to be had .*: Coca-Cola \(0,33 l\)\.$/);
    const lines = await visible(dialog.getByTestId('phone-lines'));
    const text = await lines.innerText();
    assert.match(text, /Pizza Salami \(Ø 32 cm\)/);
    assert.match(text, /Extra mozzarella/i);
    assert.match(text, /Bruschetta/);
    assert.doesNotMatch(text, /Coca-Cola/);

    await dialog.getByTestId('phone-minutes-30').click();
    await dialog.getByTestId('phone-order-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByTestId('phone-order-placed'));
    // The server placed the same pizza and Bruschetta again, for the same customer.
    const callersNow = await (
      await fetch(api('/admin/customers/callers?phone=0305'), { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.equal(callersNow.length, 1);
    const { customer, last_order: last } = callersNow[0];
    assert.equal(customer.name, 'Gina Gast');
    assert.deepEqual(
      last.lines.map((line) => [line.product_id, line.variant_id, line.extras.map((e) => e.topping_id), line.quantity]),
      ginaLines()
        .slice(0, 2)
        .map((line) => [line.product_id, line.variant_id, line.extras.map((e) => e.topping_id), line.quantity]),
    );
    await page.close();
  });
});
