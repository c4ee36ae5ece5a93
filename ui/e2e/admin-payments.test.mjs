// Browser test of the admin's payments page against the real server binary and the
// fake PayPal: a capture PayPal took for the wrong amount (refunded at once) and a
// pending one are listed with their fates; "needs attention" leaves only the pending
// one. Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { paypalEnv, startFakePaypal } from './fake-paypal.mjs';
import {
  ADMIN_EMAIL,
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

describe('admin payments page', { timeout: 120_000 }, () => {
  let paypal;
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  const post = async (path, body) => {
    const response = await fetch(api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  /** A guest's online order, paid with a PayPal order the buyer approved and whose capture goes as `capture` says. */
  async function pay(capture) {
    const products = await (await fetch(api('/products/?store_id=14'))).json();
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const order = {
      order_type: 'delivery',
      lines: [{ product_id: bruschetta.id, variant_id: null, extras: [], quantity: 3 }],
      shipping_address: {
        type: 'shipping', customer_name: 'Pia Paypal', line1: 'Torstraße 5', city: 'Berlin', zip: '10115',
        country: 'DE', phone: '030 555 1234', email: '',
      },
      payment_method: 'online',
      preorder_at: null,
      note: '',
    };
    const created = await post('/orders/guest/paypal', order);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.paypal_order_id;
    paypal.approve(id);
    paypal.fail({ endpoint: 'capture', ...capture });
    return { id, placed: await post('/orders/guest', { ...order, paypal_order_id: id }) };
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    paypal = await startFakePaypal();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-payments-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-payments-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: {
        HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME,
        ...paypalEnv(paypal),
      },
    });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
    await paypal?.close();
  });

  test('a refunded and a pending payment are listed with their fates, and the filter keeps the pending one', async () => {
    const refunded = await pay({ amount: '1.00' });
    assert.equal(refunded.placed.status, 409);
    assert.equal(refunded.placed.body.code, 'payment_mismatch');
    const pending = await pay({ capture_status: 'PENDING' });
    assert.equal(pending.placed.status, 402);
    assert.equal(pending.placed.body.code, 'payment_pending');
    assert.equal(paypal.state().refunds.length, 1, 'the wrong amount was refunded at once');

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(new URL('admin', baseUrl).href);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Payments' }).click();
    await assertTitle(page, 'Payments | Bella Napoli Heimservice');

    const row = (id) => page.getByTestId(`payment-${id}`);
    const refundedRow = await visible(row(refunded.id));
    const pendingRow = await visible(row(pending.id));
    assert.equal((await refundedRow.locator('.admin-payment-fate').innerText()).trim(), 'Refunded');
    assert.match(await refundedRow.innerText(), /PayPal took another amount or currency than the order total\./);
    assert.match(await refundedRow.innerText(), /PayPal took 1,00 €/);
    assert.match(await refundedRow.innerText(), new RegExp(paypal.state().refunds[0].id));
    assert.equal((await pendingRow.locator('.admin-payment-fate').innerText()).trim(), 'Pending at PayPal');
    const order = await page.locator('.admin-payments__table tbody tr').allInnerTexts();
    assert.equal(order.length, 2);
    assert.match(order[0], /Pending at PayPal/, 'newest first');

    await page.getByRole('checkbox', { name: /Only payments that need attention/ }).check();
    await page.waitForURL((url) => url.searchParams.get('attention') === '1');
    await row(refunded.id).waitFor({ state: 'detached' });
    await visible(row(pending.id));
    assert.equal(await page.locator('.admin-payments__table tbody tr').count(), 1);

    await page.getByRole('checkbox', { name: /Only payments that need attention/ }).uncheck();
    await visible(row(refunded.id));
    await page.close();
  });
});
