// Browser test of a customer deleting their account against the real server binary:
// from the account menu to "My account", a wrong password first, then the right one;
// afterwards the customer is signed out, the old session is refused, the e-mail can
// register again, and the admin sees the past order kept, anonymised.
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
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const CUSTOMER = { name: 'Rita Reich', email: 'rita@example.com', password: 'rita-password-1', phone: '030999' };

/** An amount in euros as the pages show it (formatPrice): "19,20 €". */
function euros(amount) {
  const cents = Math.round(amount * 100);
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;
}

describe('deleting a customer account', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const header = (page) => page.locator('header.site-header');

  async function call(path, { method = 'GET', token, body } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(api(path), { method, headers, body: body && JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function login(email, password) {
    const response = await fetch(api('/login'), { method: 'POST', body: new URLSearchParams({ username: email, password }) });
    return { status: response.status, token: (await response.json()).access_token };
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-deletion-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-deletion-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('a customer deletes the account; the order stays, anonymised', async () => {
    // Rita has an account with a delivered order.
    assert.equal((await call('/register/customer', { method: 'POST', body: CUSTOMER })).status, 201);
    const rita = await login(CUSTOMER.email, CUSTOMER.password);
    assert.equal(rita.status, 200, 'customer POST /login');
    const admin = await adminToken(baseUrl);
    const address = await call('/addresses/', {
      method: 'POST',
      token: rita.token,
      body: { customer_name: CUSTOMER.name, line1: 'Chausseestraße 8', city: 'Berlin', zip: '10115', country: 'DE', phone: CUSTOMER.phone, email: '', notes: '' },
    });
    const products = (await call('/products/?store_id=14')).body;
    const bruschetta = products.find((p) => p.name === 'Bruschetta');
    const placed = await call('/orders/', {
      method: 'POST',
      token: rita.token,
      body: {
        order_type: 'delivery',
        lines: [{ product_id: bruschetta.id, variant_id: null, extras: [], quantity: 3 }],
        address_id: address.body.id,
        payment_method: 'cash',
        preorder_at: null,
        note: '',
      },
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    const orderId = placed.body.id;
    const accepted = await call(`/admin/orders/${orderId}/accept`, { method: 'POST', token: admin, body: { minutes: 30 } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const completed = await call(`/admin/orders/${orderId}/status`, {
      method: 'POST',
      token: admin,
      body: { status: 'completed' },
    });
    assert.equal(completed.status, 200, JSON.stringify(completed.body));

    // She logs in and finds "Delete account" under My account.
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('login'));
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await header(page).getByRole('button', { name: 'Account of Rita' }).click();
    await header(page).getByRole('link', { name: 'My account' }).click();
    await assertTitle(page, 'My Account | Bella Napoli Heimservice');
    await visible(page.getByText(CUSTOMER.email));
    const oldToken = await page.evaluate(() => JSON.parse(globalThis.sessionStorage.getItem('userData')).access_token);

    await page.getByTestId('delete-account').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete your account?' }));
    await dialog.getByLabel('Password').fill('not-her-password');
    await dialog.getByTestId('delete-account-confirm').click();
    await visible(dialog.getByText('The password is not correct.'));
    assert.equal((await call('/users/me', { token: oldToken })).status, 200, 'nothing deleted yet');

    await dialog.getByLabel('Password').fill(CUSTOMER.password);
    await dialog.getByTestId('delete-account-confirm').click();
    // Signed out like a logout: back on the menu page with an empty session.
    await page.waitForURL((u) => u.pathname === '/order-online/');
    await visible(header(page).getByRole('link', { name: 'Login', exact: true }));
    assert.equal(await page.evaluate(() => globalThis.sessionStorage.getItem('userData')), null);
    assert.equal((await call('/users/me', { token: oldToken })).status, 401, 'the old session is refused');
    assert.equal((await login(CUSTOMER.email, CUSTOMER.password)).status, 401);

    // The e-mail is free again.
    await page.goto(url('register'));
    await page.getByLabel('Name').fill(CUSTOMER.name);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    await page.getByLabel('Phone').fill(CUSTOMER.phone);
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(header(page).getByRole('button', { name: 'Account of Rita' }));

    // The restaurant keeps the order for its books, without her.
    const board = await context.newPage();
    board.setDefaultTimeout(STEP_TIMEOUT_MS);
    await board.goto(url('admin'));
    await board.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await board.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await board.getByRole('button', { name: 'Login' }).click();
    await assertTitle(board, 'Admin Dashboard | Bella Napoli Heimservice');
    await board.goto(url(`admin/orders/${orderId}`));
    await visible(board.getByTestId('anonymised'));
    const detail = await board.locator('.admin-order-detail').innerText();
    assert.match(detail, /anonymised/);
    assert.doesNotMatch(detail, /Rita|Chausseestraße|rita@example\.com/);
    assert.equal(
      await board.locator('.admin-order-detail .admin-order-totals__total dd').innerText(),
      euros(placed.body.total),
      'the amounts are kept',
    );
    await board.close();
    await page.close();
  });
});
