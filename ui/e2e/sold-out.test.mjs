// Browser test of sold out, finer and self-healing, against the real server binary and
// its demo menu at Monday lunchtime: staff mark a pizza size sold out until tomorrow
// and a topping until switched back on the Sold out page, and the storefront's options
// show both disabled with their label while the rest can be ordered; the owner gives
// the tiramisu a daily stock in the product form, the Sold out page counts it down as
// orders come in, and at 0 the storefront shows it sold out.
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
  assertTitle,
  createAdmin,
  DESKTOP,
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const STAFF = { email: 'luca@example.com', password: 'pizzaofen-luca-42', name: 'Luca' };
const PIZZA = 'Pizza Margherita';
const LARGE = 'Ø 32 cm';
const SMALL = 'Ø 26 cm';
const TOPPING = 'Salami';
const DESSERT = 'Tiramisu';

describe('sold out: sizes, toppings, until tomorrow and daily stocks', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  /** The product as the public menu lists it now. */
  async function menuProduct(name) {
    const response = await fetch(api('/products/?store_id=14'));
    assert.equal(response.status, 200, 'GET /products/?store_id=14');
    const product = (await response.json()).find((item) => item.name === name);
    assert.ok(product, `the demo menu has ${name}`);
    return product;
  }

  const toppingOn = (product, name) =>
    product.enriched_topping_groups.flatMap((group) => group.toppings).find((topping) => topping.name === name);

  async function logIn({ email, password }) {
    await page.goto(url('admin'));
    await page.locator('#admin-login-email').fill(email);
    await page.locator('#admin-login-password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  /** A guest's cash pickup of one tiramisu through the API; its status. */
  async function orderDessert(productId) {
    const response = await fetch(api('/orders/guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        order_type: 'pickup',
        lines: [{ product_id: productId, variant_id: null, extras: [], quantity: 1 }],
        shipping_address: {
          type: 'shipping', customer_name: 'Gina Gast', line1: 'Torstraße 5', city: 'Berlin', zip: '10115',
          country: 'DE', phone: '0305551234', email: '',
        },
        payment_method: 'cash',
        preorder_at: null,
        note: '',
      }),
    });
    return { status: response.status, body: await response.json() };
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-sold-out-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-sold-out-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    createAdmin(dataDir, { ...STAFF, role: 'staff' });
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('staff mark a size sold out until tomorrow and a topping until switched back', async () => {
    const pizza = await menuProduct(PIZZA);
    const large = pizza.variants.find((variant) => variant.name === LARGE);
    const salami = toppingOn(pizza, TOPPING);

    await logIn(STAFF);
    await visible(page.getByRole('heading', { level: 1, name: 'Hello Luca' }));
    await page.getByRole('navigation').getByRole('link', { name: 'Sold out', exact: true }).click();
    await assertTitle(page, 'Sold Out | Bella Napoli Heimservice');

    // Until tomorrow: back on sale at Tuesday's first opening, not at Monday's evening.
    await page.getByRole('radio', { name: /^Until tomorrow/ }).check();
    const sizeSwitch = await visible(page.getByRole('switch', { name: `Sold out: ${PIZZA} (${LARGE})`, exact: true }));
    assert.equal(await sizeSwitch.getAttribute('aria-checked'), 'false');
    await sizeSwitch.click();
    const sizeRow = page.locator(`[data-testid="sold-out-variant"][data-variant-id="${large.id}"][data-sold-out="true"]`);
    await visible(sizeRow);
    assert.equal((await sizeRow.getByTestId('sold-out-until').innerText()).trim(), 'back on sale Tue 24/11, 11:30');
    const otherSize = page.getByRole('switch', { name: `Sold out: ${PIZZA} (${SMALL})`, exact: true });
    assert.equal(await otherSize.getAttribute('aria-checked'), 'false', 'the other sizes stay on sale');

    // Until switched back: a topping, wherever it is offered.
    await page.getByRole('radio', { name: 'Until I switch it back' }).check();
    const toppings = await visible(page.getByTestId('sold-out-toppings'));
    await toppings.getByRole('switch', { name: `Sold out: ${TOPPING}`, exact: true }).click();
    const toppingRow = toppings.locator(`[data-testid="sold-out-topping"][data-topping-id="${salami.id}"][data-sold-out="true"]`);
    await visible(toppingRow);
    assert.equal(await toppingRow.getByTestId('sold-out-until').count(), 0, 'no end: until switched back');
    assert.equal(await page.getByTestId('sold-out-error').count(), 0);

    const shown = await menuProduct(PIZZA);
    assert.equal(shown.variants.find((variant) => variant.id === large.id).available, false);
    assert.equal(toppingOn(shown, TOPPING).available, false);
    assert.equal(toppingOn(await menuProduct('Pizza Funghi'), TOPPING).available, false);
    assert.equal(shown.available, true, 'the pizza itself stays on sale');
  });

  test('the storefront shows the size and the topping disabled with their label and sells the rest', async () => {
    const shop = await context.newPage();
    shop.setDefaultTimeout(STEP_TIMEOUT_MS);
    await shop.setViewportSize(DESKTOP);
    await shop.goto(baseUrl);
    await shop.getByRole('button', { name: `Add ${PIZZA} to the cart`, exact: true }).click();
    const dialog = await visible(shop.getByRole('dialog', { name: PIZZA }));

    const large = dialog.getByRole('radio', { name: new RegExp(`^${LARGE}`) });
    assert.equal(await large.isDisabled(), true, 'a sold-out size cannot be chosen');
    const largeRow = dialog.locator('label.option-row', { hasText: LARGE });
    assert.match(await largeRow.getAttribute('class'), /option-row--sold-out/);
    assert.equal((await largeRow.locator('.option-row__sold-out').innerText()).trim(), 'sold out');
    const salami = dialog.getByRole('checkbox', { name: new RegExp(`^${TOPPING}`) });
    assert.equal(await salami.isDisabled(), true, 'a sold-out topping cannot be chosen');
    const salamiRow = dialog.locator('.option-row', { hasText: TOPPING });
    assert.equal((await salamiRow.locator('.option-row__sold-out').innerText()).trim(), 'sold out');

    const small = dialog.getByRole('radio', { name: new RegExp(`^${SMALL}`) });
    assert.equal(await small.isDisabled(), false);
    await small.check();
    await dialog.getByRole('checkbox', { name: 'Ham', exact: true }).check();
    const add = dialog.getByRole('button', { name: /Add to cart/ });
    assert.equal(await add.isDisabled(), false);
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await shop.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = await visible(shop.getByRole('complementary', { name: 'Cart' }));
    await visible(cart.getByText(`${PIZZA} (${SMALL})`, { exact: true }));
    await shop.close();
  });

  test('the owner gives a dessert a daily stock, the Sold out page counts it down and at 0 it is sold out', async () => {
    const dessert = await menuProduct(DESSERT);
    await page.getByRole('button', { name: 'Logout' }).click();
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    await logIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await visible(page.getByRole('heading', { level: 1, name: 'Hello Anna' }));

    await page.goto(url(`admin/products?id=${dessert.id}`));
    const stock = await visible(page.locator('#product-daily_stock'));
    assert.equal(await stock.inputValue(), '', 'no daily stock at first');
    await stock.fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.locator('#product-daily_stock-error'));
    await stock.fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Saved.' }).first());

    await page.getByRole('navigation').getByRole('link', { name: 'Sold out', exact: true }).click();
    const row = page.locator(`[data-testid="sold-out-product"][data-product-id="${dessert.id}"]`);
    const note = row.getByTestId('sold-out-stock');
    assert.equal((await (await visible(note)).innerText()).trim(), 'Daily stock: 2 of 2 left');

    for (const expected of [201, 201, 409]) {
      const placed = await orderDessert(dessert.id);
      assert.equal(placed.status, expected, JSON.stringify(placed.body));
    }
    await page.reload();
    await visible(row.locator('[data-testid="sold-out-stock"][data-left="0"]'));
    assert.equal(
      (await note.innerText()).trim(),
      'Daily stock used up (0 of 2) – sold out until the next business day',
    );
    assert.equal(await row.getAttribute('data-sold-out'), 'false', 'not switched: used up by its stock');
    assert.equal((await menuProduct(DESSERT)).available, false);

    const shop = await context.newPage();
    shop.setDefaultTimeout(STEP_TIMEOUT_MS);
    await shop.setViewportSize(DESKTOP);
    await shop.goto(baseUrl);
    const card = await visible(shop.locator(`article.product-card[data-product-id="${dessert.id}"]`));
    assert.match(await card.getAttribute('class'), /product-card--sold-out/);
    assert.equal(await card.locator('button.product-card__add').isDisabled(), true);
    await shop.close();
  });
});
