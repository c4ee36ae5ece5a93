// Browser test of the menu page and the cart against the real server binary
// and its demo menu. Build the server and the UI it embeds first (see README).
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
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const MOBILE = { width: 375, height: 800 };

const hasToppings = (product) => product.enriched_topping_groups.some((group) => group.toppings.length > 0);

describe('menu and cart', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  const tempDirs = [];

  async function newPage(viewport = DESKTOP) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    return page;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-chromium-'));
    tempDirs.push(dataDir, profileDir);

    server = startServer(dataDir);
    baseUrl = await server.ready;
    const response = await fetch(new URL('/products/?store_id=14', baseUrl));
    assert.equal(response.status, 200, 'GET /products/?store_id=14');
    products = await response.json();
    assert.ok(products.length > 0, 'the demo menu has products');
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  const productCard = (page, name) =>
    page.locator('article.product-card').filter({ has: page.getByRole('heading', { level: 4, name, exact: true }) });

  test('shows the products with German prices', async () => {
    const page = await newPage();
    await page.goto(baseUrl);
    const simple = products.find((p) => p.type === 'simple' && p.available);
    const variable = products.find((p) => p.type === 'variable' && p.variants.length > 1);
    assert.ok(simple && variable, 'the demo menu has simple and variable products');

    await visible(productCard(page, simple.name));
    assert.match(await productCard(page, simple.name).innerText(), new RegExp(euro(cents(simple.price))));
    const lowest = Math.min(...variable.variants.map((v) => cents(v.price)));
    assert.match(await productCard(page, variable.name).innerText(), new RegExp(`ab ${euro(lowest)}`));
    await page.close();
  });

  test('the search shows only matching products', async () => {
    const page = await newPage();
    await page.goto(baseUrl);
    await visible(page.getByRole('heading', { level: 4 }).first());
    await page.getByRole('navigation').getByPlaceholder('search anything...').fill('margherita');

    const expected = products
      .filter((p) =>
        [p.name, p.name_en, p.description, p.description_en].some((text) => (text ?? '').toLowerCase().includes('margherita')),
      )
      .map((p) => p.name);
    assert.ok(expected.length > 0, 'the demo menu has a Margherita');
    await page.waitForFunction(
      (count) => globalThis.document.querySelectorAll('article.product-card').length === count,
      expected.length,
    );
    const shown = await page.getByRole('heading', { level: 4 }).allInnerTexts();
    assert.deepEqual(shown.map((text) => text.trim()), expected);
    await page.close();
  });

  test('variants and extras: same choice merges, an edit merges per the key rule, subtotal and reload', async () => {
    const pizza = products.find((p) => p.type === 'variable' && p.variants.length > 1 && p.available && hasToppings(p));
    assert.ok(pizza, 'the demo menu has a variable pizza with toppings');
    const group = pizza.enriched_topping_groups.find((g) => g.toppings.length > 0);
    const topping = group.toppings[0];
    const [small, large] = pizza.variants;
    const name = (variant) => `${pizza.name} (${variant.name})`;

    const page = await newPage();
    await gotoWithStorage(page, baseUrl, () => globalThis.localStorage.clear());

    const addPizza = async (variant) => {
      await page.getByRole('button', { name: `${pizza.name} in den Warenkorb legen`, exact: true }).click();
      const dialog = await visible(page.getByRole('dialog', { name: pizza.name }));
      const add = dialog.getByRole('button', { name: /In den Warenkorb/ });
      assert.equal(await add.isDisabled(), true, 'a variant is required');
      await dialog.getByRole('radio', { name: variant.name }).check();
      await dialog.getByRole('checkbox', { name: topping.name, exact: true }).check();
      await add.click();
      await dialog.waitFor({ state: 'detached' });
    };
    const cartButton = page.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ });
    // On a desktop the menu page shows the cart as a column beside the menu (no dialog to
    // open or close); the header's cart button takes the focus there.
    const cart = page.getByRole('complementary', { name: 'Warenkorb' });
    const quantity = (lineName) => cart.getByLabel(`Menge ${lineName}`, { exact: true });
    const openCart = async () => {
      await cartButton.click();
      await visible(cart);
      await page.waitForFunction(() => Boolean(globalThis.document.activeElement?.closest('#basket-column')));
    };
    const editLine = async (from, to) => {
      await cart.getByRole('button', { name: `${name(from)} bearbeiten` }).click();
      const editor = await visible(page.getByRole('dialog', { name: `${pizza.name} bearbeiten` }));
      assert.equal(await editor.getByRole('radio', { name: from.name }).isChecked(), true, 'the edit modal is prefilled');
      assert.equal(await editor.getByRole('checkbox', { name: topping.name, exact: true }).isChecked(), true);
      await editor.getByRole('radio', { name: to.name }).check();
      await editor.getByRole('button', { name: /Änderungen speichern/ }).click();
      await editor.waitFor({ state: 'detached' });
    };

    await addPizza(small);
    await addPizza(small);
    await openCart();
    assert.equal(await cart.locator('.cart-line').count(), 1, 'the same choice is one line');
    assert.equal((await quantity(name(small)).innerText()).trim(), '2');

    // Nothing else has the new key: the line changes in place and keeps its quantity.
    await editLine(small, large);
    assert.equal(await cart.locator('.cart-line').count(), 1);
    assert.equal((await quantity(name(large)).innerText()).trim(), '2');

    // Now the edited line collides with an existing one: they merge.
    await addPizza(small);
    await openCart();
    assert.equal(await cart.locator('.cart-line').count(), 2);
    await editLine(small, large);
    assert.equal(await cart.locator('.cart-line').count(), 1, 'colliding lines merge');
    assert.equal((await quantity(name(large)).innerText()).trim(), '3');

    const expected = (cents(large.price) + cents(topping.price)) * 3;
    assert.equal((await cart.getByTestId('cart-subtotal').innerText()).trim(), euro(expected));

    await page.reload();
    await visible(page.getByRole('button', { name: 'Warenkorb, 3 Artikel' }));
    await openCart();
    assert.equal((await cart.getByTestId('cart-subtotal').innerText()).trim(), euro(expected));
    assert.equal((await quantity(name(large)).innerText()).trim(), '3');
    await cart.getByRole('button', { name: 'Warenkorb leeren' }).click();
    await visible(cart.getByText('Ihr Warenkorb ist leer'));
    await page.close();
  });

  test('a sold-out product cannot be added', async () => {
    // The demo menu has one sold-out dessert.
    const soldOut = products.find((p) => !p.available);
    assert.ok(soldOut, 'the demo menu lists a sold-out product');
    const page = await newPage();
    await page.goto(baseUrl);
    const card = await visible(productCard(page, soldOut.name));
    await visible(card.getByText('Ausverkauft'));
    assert.equal(await card.getByRole('button').isDisabled(), true);
    await page.close();
  });

  test('on a phone the header opens a search modal', async () => {
    const page = await newPage(MOBILE);
    await page.goto(baseUrl);
    await visible(page.getByRole('heading', { level: 4 }).first());
    assert.equal(await page.getByRole('navigation').getByPlaceholder('search anything...').isVisible(), false);

    await page.getByRole('button', { name: 'Speisekarte durchsuchen' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Suche' }));
    const field = await visible(dialog.getByPlaceholder('search anything...'));
    assert.equal(await field.getAttribute('placeholder'), 'search anything...');
    await field.fill('margherita');
    await dialog.getByRole('button', { name: 'Ergebnisse anzeigen' }).click();
    await dialog.waitFor({ state: 'detached' });
    const shown = await page.getByRole('heading', { level: 4 }).allInnerTexts();
    assert.ok(shown.length > 0 && shown.every((text) => /margherita/i.test(text)), `only Margherita left: ${shown}`);
    await page.close();
  });
});
