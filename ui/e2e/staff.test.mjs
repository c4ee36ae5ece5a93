// Browser test of the staff role against the real server binary: a member of staff
// logs in, lands on the orders board, sees only the screens staff may use (an owner's
// screen sends them back to the board) and marks a product sold out, which the
// storefront's menu then shows; the owner adds another staff account on the Accounts page.
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
  adminToken,
  assertTitle,
  createAdmin,
  DESKTOP,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const STAFF = { email: 'luca@example.com', password: 'pizzaofen-luca-42', name: 'Luca' };
const NEW_STAFF = { email: 'mia@example.com', password: 'teigrolle-mia-17', name: 'Mia' };
const SOLD_OUT = 'Bruschetta';

describe('staff and owner accounts', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const nav = (name) => page.getByRole('navigation').getByRole('link', { name, exact: true });
  const pathname = () => new URL(page.url()).pathname;

  /** The product as the public menu lists it now. */
  async function menuProduct(name) {
    const response = await fetch(api('/products/?store_id=14'));
    assert.equal(response.status, 200, 'GET /products/?store_id=14');
    const product = (await response.json()).find((item) => item.name === name);
    assert.ok(product, `the demo menu has ${name}`);
    return product;
  }

  async function logIn({ email, password }) {
    await page.locator('#admin-login-email').fill(email);
    await page.locator('#admin-login-password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-staff-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-staff-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    createAdmin(dataDir, { ...STAFF, role: 'staff' });
    server = startServer(dataDir);
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('a member of staff logs in and lands on the orders board, with only the screens staff may use', async () => {
    await page.goto(url('admin'));
    await logIn(STAFF);
    await visible(page.getByRole('heading', { level: 1, name: 'Hello Luca' }));
    assert.equal(pathname(), '/order-online/admin/home');
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(page.getByRole('heading', { level: 2, name: 'Orders', exact: true }));
    await visible(page.getByTestId('dashboard-pause'));
    assert.equal((await page.getByTestId('admin-user').innerText()).trim(), 'Luca · Staff');

    await visible(nav('Sold out'));
    const links = await page.getByRole('navigation').locator('ul a').evaluateAll((items) =>
      items.map((item) => item.getAttribute('href')),
    );
    assert.deepEqual(links, [
      '/order-online/admin/home',
      '/order-online/admin/orders-history',
      '/order-online/admin/customers',
      '/order-online/admin/sold-out',
      '/order-online/admin/printers',
    ]);
    assert.equal(await nav('Store settings').count(), 0, 'no store settings entry for staff');
    assert.equal(await page.getByTestId('readiness').count(), 0, 'no checklist for staff');
  });

  test('an owner-only screen sends staff back to the board', async () => {
    await page.goto(url('admin/store-setting'));
    await page.waitForURL((address) => address.pathname === '/order-online/admin/home');
    await visible(page.getByRole('heading', { level: 1, name: 'Hello Luca' }));
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Store settings' }).count(), 0);
  });

  test('staff mark a product sold out and the storefront menu shows it sold out', async () => {
    const before = await menuProduct(SOLD_OUT);
    assert.equal(before.available, true, `${SOLD_OUT} is on sale at first`);

    await nav('Sold out').click();
    await assertTitle(page, 'Sold Out | Bella Napoli Heimservice');
    const toggle = await visible(page.getByRole('switch', { name: `Sold out: ${SOLD_OUT}`, exact: true }));
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page
      .locator(`[data-testid="sold-out-product"][data-product-id="${before.id}"][data-sold-out="true"]`)
      .waitFor();
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    assert.equal(await page.getByTestId('sold-out-error').count(), 0);
    assert.equal((await menuProduct(SOLD_OUT)).available, false, 'the public menu lists it sold out');

    const shop = await context.newPage();
    shop.setDefaultTimeout(STEP_TIMEOUT_MS);
    await shop.setViewportSize(DESKTOP);
    await shop.goto(baseUrl);
    const card = await visible(shop.locator(`article.product-card[data-product-id="${before.id}"]`));
    assert.match(await card.getAttribute('class'), /product-card--sold-out/);
    await visible(card.getByText('Sold out', { exact: true }));
    const add = card.locator('button.product-card__add');
    assert.equal(await add.isDisabled(), true, 'a sold-out product cannot go into the cart');
    await shop.close();

    // Back on sale for the rest of the run.
    await toggle.click();
    await page
      .locator(`[data-testid="sold-out-product"][data-product-id="${before.id}"][data-sold-out="false"]`)
      .waitFor();
    assert.equal((await menuProduct(SOLD_OUT)).available, true);
  });

  test('the owner opens Accounts, adds a staff account through the form and sees it listed', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    await logIn({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await visible(page.getByRole('heading', { level: 1, name: 'Hello Anna' }));
    assert.equal((await page.getByTestId('admin-user').innerText()).trim(), 'Anna · Owner');

    await nav('Accounts').click();
    await assertTitle(page, 'Accounts | Bella Napoli Heimservice');
    const rows = page.getByTestId('account-row');
    await visible(rows.filter({ hasText: STAFF.email }));
    const own = rows.filter({ hasText: ADMIN_EMAIL });
    assert.equal(await own.getAttribute('data-own'), 'true');
    assert.equal(await own.getByRole('button').count(), 0, 'no delete or password for the own account');

    await page.locator('#account-email').fill(NEW_STAFF.email);
    await page.locator('#account-name').fill(NEW_STAFF.name);
    await page.locator('#account-role').selectOption('staff');
    await page.locator('#account-password').fill(NEW_STAFF.password);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Account for Mia created.' }));
    const created = await visible(rows.filter({ hasText: NEW_STAFF.email }));
    assert.match(await created.innerText(), /Mia[\s\S]*Staff/);

    // Stored: listed after a reload, and Mia can sign in as staff.
    await page.reload();
    await visible(rows.filter({ hasText: NEW_STAFF.email }));
    assert.equal(await rows.count(), 3);
    const token = await adminToken(baseUrl, NEW_STAFF);
    const me = await fetch(api('/users/me'), { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(me.status, 200);
    assert.equal((await me.json()).role, 'staff');
  });
});
