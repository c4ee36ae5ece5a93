// Browser test of the menu page's layout around the cart, against the real server binary
// and its demo menu: on a phone (390×844) the sticky basket bar with the cart's total and
// the compact header once scrolled; on a desktop (1280×900) the basket column beside the
// menu with the cart's lines, totals and "Zur Kasse".
// E2E_SCREENSHOT_DIR saves menu-desktop.png (two dishes in the basket column) and
// menu-mobile.png (the basket bar), both as the screen shows them.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
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
  LUNCHTIME,
  PHONE,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

const TEXTS = {
  de: {
    add: (name) => `${name} in den Warenkorb legen`,
    cartButton: /^Warenkorb, \d+ Artikel$/,
    cart: 'Warenkorb',
    bar: (total) => `Warenkorb ansehen · ${total}`,
    barLabel: (total, count) => `Warenkorb ansehen · ${total}, ${count} Artikel`,
    clear: 'Warenkorb leeren',
    empty: 'Ihr Warenkorb ist leer',
    checkout: 'Zur Kasse',
    increase: (name) => `${name}: Menge erhöhen`,
    quantity: (name) => `Menge ${name}`,
    blockedMinimum: /Mindestbestellwert/,
    guestTitle: 'Ihre Angaben',
  },
  en: {
    add: (name) => `Add ${name} to the cart`,
    cartButton: /^Cart, \d+ items?$/,
    cart: 'Cart',
    bar: (total) => `View basket · ${total}`,
    barLabel: (total, count) => `View basket · ${total}, ${count} item${count === 1 ? '' : 's'}`,
    clear: 'Clear cart',
    empty: 'Your cart is empty',
  },
};

const nameIn = (lang, record) => (lang === 'en' && record.name_en ? record.name_en : record.name);

describe('menu page layout around the cart', { timeout: 300_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  let zone;
  const tempDirs = [];

  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const product = (name) => {
    const found = products.find((p) => p.name === name);
    assert.ok(found, `the demo menu has ${name}`);
    return found;
  };

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    // The "added to the cart" notes would cover the page.
    for (let i = 0; i < 10 && (await page.locator('.toast__close').count()) > 0; i += 1) {
      await page.locator('.toast__close').first().click();
    }
    await page.locator('.toast').waitFor({ state: 'detached' });
    // What the screen shows, not the whole page.
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
  }

  /** A fresh menu page at `viewport` in `lang`, delivering to 10115 with an empty cart. */
  async function openMenu(viewport, lang) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await gotoWithStorage(
      page,
      baseUrl,
      (entries) => {
        globalThis.localStorage.clear();
        for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
      },
      {
        app_language: lang,
        order_type: 'delivery',
        'postcode-data': JSON.stringify(zone),
        delivery_postcode: zone.postcode,
        delivery_fee: String(zone.delivery_fee),
      },
    );
    await visible(page.getByRole('heading', { level: 4 }).first());
    return page;
  }

  /** Adds a dish without options from its card and waits until the header counts it. */
  async function addSimple(page, lang, record) {
    const before = await page.getByRole('button', { name: TEXTS[lang].cartButton }).getAttribute('aria-label');
    await page.getByRole('button', { name: TEXTS[lang].add(nameIn(lang, record)), exact: true }).click();
    await page.waitForFunction(
      (label) => globalThis.document.querySelector('.cart-button')?.getAttribute('aria-label') !== label,
      before,
    );
  }

  /** Waits (bounded) until `locator`'s text is `expected`, then asserts it, so a failure shows the text. */
  async function expectText(locator, expected) {
    for (let i = 0; i < 50; i += 1) {
      if ((await locator.innerText()).trim() === expected) break;
      await locator.page().waitForTimeout(100);
    }
    assert.equal((await locator.innerText()).trim(), expected);
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-layout-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-layout-chromium-'));
    tempDirs.push(dataDir, profileDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    const postcodes = await (await fetch(api('/postcodes/store/14'))).json();
    zone = postcodes.find((p) => p.postcode === '10115');
    assert.ok(zone && zone.delivery_fee > 0 && zone.minimum_order_amount > 0, '10115 has a fee and a minimum');
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  for (const lang of ['de', 'en']) {
    test(`phone (${lang}): the basket bar shows the cart's total, opens the cart, keeps clear of the last dish and goes with the last item`, async () => {
      const T = TEXTS[lang];
      const page = await openMenu(PHONE, lang);
      const bar = page.locator('.basket-bar');
      try {
        assert.equal(await bar.count(), 0, 'no bar while the cart is empty');
        assert.equal(await page.getByRole('complementary', { name: T.cart }).count(), 0, 'no basket column on a phone');

        const bruschetta = product('Bruschetta');
        const lasagne = product('Lasagne al Forno');
        await addSimple(page, lang, bruschetta);
        await visible(bar);
        await addSimple(page, lang, bruschetta);
        await addSimple(page, lang, lasagne);
        // Delivery to 10115: the dishes and the delivery fee, as the cart shows its total.
        const total = euro(2 * cents(bruschetta.price) + cents(lasagne.price) + cents(zone.delivery_fee));
        await expectText(page.getByTestId('basket-bar-text'), T.bar(total));
        const button = page.getByRole('button', { name: T.barLabel(total, 3), exact: true });
        await visible(button);
        assert.equal((await bar.locator('.basket-bar__count').innerText()).trim(), '3', 'the item count');

        // Stuck to the bottom of the screen, over the safe area of phones with a home indicator.
        const barBox = await bar.boundingBox();
        assert.ok(Math.abs(barBox.y + barBox.height - PHONE.height) <= 1, `the bar ends at the bottom: ${JSON.stringify(barBox)}`);
        const safeArea = await page.evaluate(() =>
          Array.from(globalThis.document.styleSheets)
            .flatMap((sheet) => Array.from(sheet.cssRules))
            .filter((rule) => rule.selectorText === '.basket-bar')
            .map((rule) => rule.style.getPropertyValue('padding-bottom') || rule.style.getPropertyValue('padding'))
            .join(' '),
        );
        assert.match(safeArea, /env\(safe-area-inset-bottom/, 'the bar keeps clear of the safe area');

        // At the very end of the page the last dish and the footer stay above the bar.
        await page.evaluate(() => globalThis.scrollTo(0, globalThis.document.documentElement.scrollHeight));
        await page.waitForFunction(
          () =>
            Math.ceil(globalThis.scrollY + globalThis.innerHeight) >= globalThis.document.documentElement.scrollHeight - 1,
        );
        const lastCard = await page.locator('article.product-card').last().boundingBox();
        const footer = await page.locator('footer.site-footer').boundingBox();
        const barTop = (await bar.boundingBox()).y;
        assert.ok(lastCard.y + lastCard.height <= barTop, `the last dish ends above the bar (${lastCard.y + lastCard.height} > ${barTop})`);
        assert.ok(footer.y + footer.height <= barTop + 1, `the footer ends above the bar (${footer.y + footer.height} > ${barTop})`);

        if (lang === 'de') {
          await page.evaluate(() => globalThis.scrollTo(0, 900));
          await page.waitForTimeout(300);
          await screenshot(page, 'menu-mobile');
        }

        // Tapping the bar opens the cart with the same total.
        await button.click();
        const cart = await visible(page.getByRole('dialog', { name: T.cart, exact: true }));
        await page.locator('.modal-root--shown').waitFor();
        await expectText(cart.getByTestId('cart-total'), total);

        await cart.getByRole('button', { name: T.clear }).click();
        await visible(cart.getByText(T.empty, { exact: true }));
        await page.keyboard.press('Escape');
        await cart.waitFor({ state: 'detached' });
        await bar.waitFor({ state: 'detached' });
        const padding = await page.evaluate(() => globalThis.getComputedStyle(globalThis.document.body).paddingBottom);
        assert.equal(padding, '0px', 'the room kept for the bar goes with it');
      } finally {
        await page.close();
      }
    });
  }

  for (const lang of ['de', 'en']) {
    test(`phone (${lang}): once scrolled, the sticky header takes less than 15 % of the screen`, async () => {
      const page = await openMenu(PHONE, lang);
      try {
        const header = page.locator('header.site-header');
        const full = (await header.boundingBox()).height;

        await page.evaluate(() => globalThis.scrollTo(0, 1500));
        await page.waitForFunction(() => globalThis.document.documentElement.hasAttribute('data-header-compact'));
        await page.waitForTimeout(100);
        const box = await header.boundingBox();
        assert.ok(box.height < PHONE.height * 0.15, `the header is ${box.height}px high once scrolled (was ${full}px)`);
        assert.ok(Math.abs(box.y) <= 1, 'it still sticks to the top');
        // The order type stays at hand, and the category bar sits right under the header.
        await visible(page.getByRole('button', { name: lang === 'de' ? 'Abholung' : 'Pickup', exact: true }));
        const nav = await page.getByRole('navigation', { name: lang === 'de' ? 'Kategorien' : 'Categories' }).boundingBox();
        // (The header's 2px of borders lie over the bar's top, as before scrolling.)
        const headerBottom = box.y + box.height;
        assert.ok(nav.y >= headerBottom - 2 && nav.y <= headerBottom, `the category bar (${nav.y}) follows the header (${headerBottom})`);

        // Back at the top the header is whole again.
        await page.evaluate(() => globalThis.scrollTo(0, 0));
        await page.waitForFunction(() => !globalThis.document.documentElement.hasAttribute('data-header-compact'));
        await page.waitForTimeout(100);
        assert.equal((await header.boundingBox()).height, full);
      } finally {
        await page.close();
      }
    });
  }

  test('desktop: the basket column beside the menu shows the lines and totals, follows quantity changes and goes to checkout', async () => {
    const T = TEXTS.de;
    const page = await openMenu(DESKTOP, 'de');
    try {
      const column = await visible(page.getByRole('complementary', { name: T.cart, exact: true }));
      await visible(column.getByText(T.empty, { exact: true }));

      // Beside the menu: right of the dishes, not over them.
      const columnBox = await column.boundingBox();
      const card = await page.locator('article.product-card').first().boundingBox();
      assert.ok(columnBox.x >= card.x + card.width, `the column (${columnBox.x}) is right of the dishes (${card.x + card.width})`);
      assert.ok(columnBox.x + columnBox.width <= DESKTOP.width, 'and inside the screen');

      const bruschetta = product('Bruschetta');
      const lasagne = product('Lasagne al Forno');
      await addSimple(page, 'de', bruschetta);
      const line = (record) => column.locator('.cart-line').filter({ hasText: record.name });
      await visible(line(bruschetta));
      const fee = cents(zone.delivery_fee);
      await expectText(column.getByTestId('cart-total'), euro(cents(bruschetta.price) + fee));

      // Below 10115's minimum "Zur Kasse" is blocked, as in the cart dialog.
      const checkout = column.getByRole('button', { name: T.checkout });
      assert.ok(cents(bruschetta.price) * 2 < cents(zone.minimum_order_amount));
      assert.equal(await checkout.isDisabled(), true);
      assert.match(await (await visible(column.getByTestId('checkout-blocked'))).innerText(), T.blockedMinimum);

      // A quantity changed in the column changes its line and totals.
      await line(bruschetta).getByRole('button', { name: T.increase(bruschetta.name) }).click();
      await expectText(line(bruschetta).getByLabel(T.quantity(bruschetta.name), { exact: true }), '2');
      await expectText(column.getByTestId('cart-subtotal'), euro(2 * cents(bruschetta.price)));
      await expectText(column.getByTestId('cart-total'), euro(2 * cents(bruschetta.price) + fee));
      assert.equal(await checkout.isDisabled(), true, 'still below the minimum');

      await addSimple(page, 'de', lasagne);
      await visible(line(lasagne));
      const total = euro(2 * cents(bruschetta.price) + cents(lasagne.price) + fee);
      await expectText(column.getByTestId('cart-total'), total);
      await page.waitForFunction(() => {
        const button = globalThis.document.querySelector('#basket-column .cart-summary__checkout');
        return button && !button.disabled;
      });
      assert.equal(await column.getByTestId('checkout-blocked').count(), 0);
      assert.equal(await column.locator('.cart-line').count(), 2);
      // No bar on a desktop: the column is the basket.
      assert.equal(await page.locator('.basket-bar').count(), 0, 'no basket bar on a desktop');
      // The menu's heading right under the header, the basket beside the dishes.
      await page.evaluate(() => {
        const heading = globalThis.document.getElementById('menu-heading').getBoundingClientRect().top;
        const header = globalThis.document.querySelector('header.site-header').getBoundingClientRect().height;
        globalThis.scrollTo(0, heading + globalThis.scrollY - header - 16);
      });
      await page.waitForTimeout(300);
      await screenshot(page, 'menu-desktop');

      // The column stays in view while the menu scrolls.
      await page.evaluate(() => globalThis.scrollTo(0, 2500));
      await page.waitForFunction(() => globalThis.scrollY > 2000);
      const header = await page.locator('header.site-header').boundingBox();
      const stuck = await column.boundingBox();
      assert.ok(stuck.y >= header.y + header.height, 'below the header');
      assert.ok(stuck.y + stuck.height <= DESKTOP.height, 'and within the screen');
      assert.equal(await checkout.isVisible(), true);

      // The header's cart button opens no dialog here: it takes the focus to the column.
      await page.getByRole('button', { name: T.cartButton }).click();
      await page.waitForFunction(() => Boolean(globalThis.document.activeElement?.closest('#basket-column')));
      assert.equal(await page.getByRole('dialog').count(), 0, 'no cart dialog beside the column');

      await checkout.click();
      await page.waitForURL((url) => url.pathname.endsWith('/guest-login'));
      await visible(page.getByRole('heading', { name: T.guestTitle, exact: true }));
    } finally {
      await page.close();
    }
  });

  test('desktop: a long basket scrolls inside the column and keeps "Zur Kasse" in view', async () => {
    const page = await openMenu(DESKTOP, 'de');
    try {
      const column = await visible(page.getByRole('complementary', { name: TEXTS.de.cart, exact: true }));
      const simple = products.filter(
        (p) => p.available && p.type !== 'variable' && p.enriched_topping_groups.every((g) => g.toppings.length === 0),
      );
      assert.ok(simple.length >= 10, 'the demo menu has ten dishes without options');
      for (const record of simple.slice(0, 10)) await addSimple(page, 'de', record);
      await page.waitForFunction(() => globalThis.document.querySelectorAll('#basket-column .cart-line').length === 10);

      const box = await column.boundingBox();
      assert.ok(box.y + box.height <= DESKTOP.height, `the column fits the screen: ${JSON.stringify(box)}`);
      const lines = await column.locator('.basket-column__body').evaluate((body) => ({
        scrolls: body.scrollHeight > body.clientHeight,
        overflow: globalThis.getComputedStyle(body).overflowY,
      }));
      assert.deepEqual(lines, { scrolls: true, overflow: 'auto' }, 'the lines scroll on their own');
      const checkout = await column.getByRole('button', { name: TEXTS.de.checkout }).boundingBox();
      assert.ok(checkout.y >= box.y && checkout.y + checkout.height <= box.y + box.height, '"Zur Kasse" is in view');

      // Scrolling the lines leaves the page where it is.
      const pageBefore = await page.evaluate(() => globalThis.scrollY);
      await column.locator('.basket-column__body').hover();
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      assert.ok((await column.locator('.basket-column__body').evaluate((body) => body.scrollTop)) > 0, 'the lines scrolled');
      assert.equal(await page.evaluate(() => globalThis.scrollY), pageBefore, 'the menu did not');
    } finally {
      await page.close();
    }
  });
});
