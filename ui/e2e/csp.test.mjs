// Browser test of the Content-Security-Policy against the real server binary and the
// fake PayPal: the storefront's menu, the checkout with the PayPal buttons (whose
// <style> carries the page's nonce, as PayPal's SDK does with data-csp-nonce), the
// order status page, the other storefront pages and every admin screen load without a
// single CSP violation, while style-src allows no 'unsafe-inline'.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { paypalEnv, startFakePaypal } from './fake-paypal.mjs';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createAdmin,
  gotoWithStorage,
  launchBrowser,
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;
const STOREFRONT_PAGES = ['login', 'register', 'guest-login', 'forgot-password', 'support', 'privacypolicy', 'terms', 'no-such-page'];
const ADMIN_PAGES = [
  'home',
  'orders-history',
  'revenue',
  'category',
  'category-list',
  'products',
  'products-list',
  'tax',
  'store-setting',
  'disscount',
  'postcodes',
  'printers',
  'toppings',
  'topping-groups',
  'group-item',
  'product-groups',
  'allergy',
  'item-allergy',
  'categories-page',
  'banners',
  'support',
  'outbox',
];

describe('Content-Security-Policy in the browser', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let paypal;
  let products;
  const tempDirs = [];
  /** Every securitypolicyviolation event and CSP console error, with the page it came from. */
  const violations = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        violations.push({ page: page.url(), console: message.text() });
      }
    });
    return page;
  }

  /** Waits until a page shows its heading, has nothing loading and its requests are done. */
  async function settled(page) {
    await visible(page.locator('h1').first());
    await page.locator('.status--loading').first().waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
  }

  function assertNoViolations(where) {
    assert.deepEqual(violations, [], `CSP violations ${where}`);
  }

  /** The nonce the served page carries in its meta element. */
  const pageNonce = (page) =>
    page.evaluate(() => globalThis.document.querySelector('meta[name="csp-nonce"]')?.content ?? null);

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    paypal = await startFakePaypal();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-csp-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-csp-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: {
        HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME,
        ...paypalEnv(paypal),
      },
    });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    // Reported from every document (and frame) to this process, so that a violation
    // during a navigation is not lost with its page.
    await context.exposeBinding('__reportCspViolation', (source, violation) => {
      violations.push({ page: source.frame.url(), ...violation });
    });
    await context.addInitScript(() => {
      globalThis.document.addEventListener('securitypolicyviolation', (event) => {
        globalThis.__reportCspViolation({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      });
    });
  });

  beforeEach(() => {
    violations.length = 0;
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
    await paypal?.close();
  });

  test('the style-src of the pages allows no inline style without the nonce', async () => {
    const page = await newPage();
    const response = await page.goto(url());
    const policy = response.headers()['content-security-policy'];
    const styleSrc = policy.split(';').map((part) => part.trim()).find((part) => part.startsWith('style-src '));
    assert.ok(!policy.includes("'unsafe-inline'"), policy);
    const nonce = await pageNonce(page);
    assert.match(nonce, /^[A-Za-z0-9+/]{22,}={0,2}$/);
    assert.equal(styleSrc, `style-src 'self' 'nonce-${nonce}'`);
    await page.close();
  });

  test('the menu, the checkout with the PayPal buttons and the order status page', async () => {
    const page = await newPage();
    await gotoWithStorage(page, url(), () => globalThis.localStorage.removeItem('cartItems'));
    await visible(page.getByRole('heading', { level: 3, name: 'Pizza', exact: true }));
    await page.waitForLoadState('networkidle');
    assertNoViolations('on the menu');

    const bruschetta = products.find((p) => p.name === 'Bruschetta');
    await page.getByRole('button', { name: /^(Choose postcode|Change postcode )/ }).first().click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delivery address: postcode' }));
    await dialog.getByRole('combobox').fill('10115');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const add = page.getByRole('button', { name: `Add ${bruschetta.name_en || bruschetta.name} to the cart`, exact: true });
    for (let i = 1; i <= 3; i += 1) {
      await add.click();
      await visible(page.getByRole('button', { name: `Cart, ${i} item${i === 1 ? '' : 's'}` }));
    }
    await page.waitForFunction(() => JSON.parse(globalThis.localStorage.getItem('cartItems') ?? '[]').length === 1);
    await page.goto(url('guest-login'));
    await page.getByLabel('Name', { exact: true }).fill('Clara Csp');
    await page.getByLabel('Street and house number').fill('Gartenweg 5');
    await page.getByLabel('Postcode', { exact: true }).fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Phone').fill('0176-555 444');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    await page.getByRole('radio', { name: 'Pay online' }).check();
    await page.locator('[data-testid="paypal-area"][data-state="resolved"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    const buttons = await visible(page.getByTestId('fake-paypal-buttons'));
    await page.locator('[data-testid="checkout-quote"][data-state="ready"]').waitFor({ timeout: STEP_TIMEOUT_MS });

    assertNoViolations('at the checkout with the PayPal buttons');
    // The SDK got the page's nonce, put it on its style, and the style applies.
    const nonce = await pageNonce(page);
    assert.ok(nonce, 'the page carries its nonce');
    const sdkScript = page.locator(`script[src^="${paypal.sdkUrl}"]`);
    assert.equal(await sdkScript.getAttribute('data-csp-nonce'), nonce);
    assert.equal(await buttons.locator('style').count(), 1);
    assert.equal(await buttons.evaluate((element) => element.querySelector('style').nonce), nonce);
    assert.equal(await buttons.evaluate((element) => globalThis.getComputedStyle(element).position), 'relative');

    await page.getByTestId('fake-paypal-button').click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await visible(page.getByTestId('order-status').filter({ hasText: 'Waiting for restaurant confirmation' }));
    await page.waitForLoadState('networkidle');
    assertNoViolations('on the order status page');
    await page.close();
  });

  test('the other storefront pages', async () => {
    const page = await newPage();
    for (const path of STOREFRONT_PAGES) {
      await page.goto(url(path));
      await settled(page);
      assertNoViolations(`on /${path}`);
    }
    await page.close();
  });

  test('the admin login and every admin screen', async () => {
    const page = await newPage();
    await page.goto(url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('heading', { name: 'Hello Anna' }));
    assertNoViolations('on the admin login and dashboard');
    const order = await placeGuestOrder(baseUrl, { name: 'Otto Order', line1: 'Gartenweg 7', phone: '0176-555 333' });
    for (const path of [...ADMIN_PAGES, `orders/${order.id}`]) {
      await page.goto(url(`admin/${path}`));
      await settled(page);
      assert.equal(new URL(page.url()).pathname, `/order-online/admin/${path}`, 'still signed in');
      assertNoViolations(`on /admin/${path}`);
    }
    await page.close();
  });
});
