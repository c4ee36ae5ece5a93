// Browser test of correcting an accepted order against the real server binary: a member
// of staff opens the order's page, is asked for a reason, cancels it, and sees it
// cancelled with the reason and their name; the customer's open status page turns to
// "cancelled" with the reason live, without a reload. Another order's items are changed
// (one less, one dish added from the menu) and its total follows the server. After a
// complaint, a completed cash order gets a dish taken off and then is cancelled: staff
// are told the cash to give back, and the customer reads it on their page. Once the day is
// closed, a completed order offers no correction any more.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  adminToken,
  createAdmin,
  DESKTOP,
  launchBrowser,
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

/** An amount as the shop writes it: 8.5 → "8,50 €". */
const price = (euros) => `${euros.toFixed(2).replace('.', ',')} €`;

const STAFF = { email: 'luca@example.com', password: 'pizzaofen-luca-42', name: 'Luca' };
const REASON = 'Ofen ausgefallen, Kunde angerufen';

describe('cancelling an accepted order', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];
  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-cancel-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-cancel-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    createAdmin(dataDir, { ...STAFF, role: 'staff' });
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  /** The owner sends `body` to `path` through the API; the answer's JSON. */
  async function asOwner(path, body) {
    const owner = await adminToken(baseUrl);
    const answer = await fetch(api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.equal(answer.status, 200, `${path}: ${answer.status}`);
    return answer.json();
  }

  /** The owner accepts `order` through the API: ready in 30 minutes. */
  async function accept(order) {
    await asOwner(`/admin/orders/${order.id}/accept`, { minutes: 30 });
  }

  /** The owner accepts `order` and marks it delivered through the API. */
  async function complete(order) {
    await accept(order);
    await asOwner(`/admin/orders/${order.id}/status`, { status: 'completed' });
  }

  /** The customer's status page of `order`, on a wide screen. */
  async function customerPage(order) {
    const customer = await context.newPage();
    customer.setDefaultTimeout(STEP_TIMEOUT_MS);
    await customer.setViewportSize(DESKTOP);
    await customer.goto(url(`orders/${order.token}`));
    return customer;
  }

  /** Luca's page of `order`, signed in, on a wide screen. */
  async function orderPage(order) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await logInAsStaff(page);
    await page.goto(url(`admin/orders/${order.id}`));
    await visible(page.getByRole('heading', { level: 1, name: `Order #${order.number}` }));
    return page;
  }

  /** Signs Luca in on `page`, unless the admin area is open already. */
  async function logInAsStaff(page) {
    await page.goto(url('admin'));
    const email = page.locator('#admin-login-email');
    const greeting = page.getByRole('heading', { level: 1, name: 'Hello Luca' });
    // Whichever shows first; the other one's wait ends unanswered.
    const shown = (locator) => locator.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
    await Promise.race([shown(email), shown(greeting)]);
    if (await email.isVisible()) {
      await email.fill(STAFF.email);
      await page.locator('#admin-login-password').fill(STAFF.password);
      await page.getByRole('button', { name: 'Login' }).click();
    }
    await visible(greeting);
  }

  test('staff cancel an accepted order with a reason and the customer sees it live', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Clara Customer', line1: 'Torstraße 5', phone: '030 555 1234' });
    await accept(order);

    const customer = await customerPage(order);
    await visible(customer.getByTestId('order-status').filter({ hasText: 'Accepted' }));

    const page = await orderPage(order);

    await page.getByTestId('cancel-order-open').click();
    const form = await visible(page.getByTestId('cancel-order-form'));
    await visible(form.getByText(`Cancel order #${order.number}?`));
    await visible(form.getByText('The cash payment falls away: nothing is due any more.'));
    await page.getByTestId('cancel-order').click();
    await visible(form.getByText('Please give a reason'));
    await form.getByLabel('Reason (the customer sees it)').fill(REASON);
    await page.getByTestId('cancel-order').click();

    const corrections = await visible(page.getByTestId('order-correction-cancelled'));
    await visible(corrections.getByText(`Reason: ${REASON}`));
    await visible(corrections.getByText('Luca'));
    assert.equal(await page.getByTestId('cancel-order-open').count(), 0, 'a cancelled order is not cancelled twice');
    await visible(page.getByText('Cancelled – nothing to pay'));

    // The customer's page follows without a reload.
    await visible(customer.getByTestId('order-status').filter({ hasText: 'Cancelled' }));
    const notice = await visible(customer.getByTestId('order-correction-cancelled'));
    await visible(notice.getByText('The restaurant cancelled your order.'));
    await visible(notice.getByText(`Reason: ${REASON}`));
    await visible(customer.getByText('nothing to pay'));

    const stored = await (await fetch(api(`/orders/track/${order.token}`))).json();
    assert.equal(stored.status, 'cancelled');
    assert.equal(stored.corrections[0].reason, REASON);
    await page.close();
    await customer.close();
  });

  test('staff change an accepted order\'s items and the total follows', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Bert Besteller', line1: 'Torstraße 5', phone: '030 555 9876' });
    await accept(order);
    const page = await orderPage(order);

    await page.getByTestId('change-lines-open').click();
    const form = await visible(page.getByTestId('change-lines-form'));
    await visible(form.getByLabel('Quantity of Bruschetta').filter({ hasText: '3' }));
    await form.getByRole('button', { name: 'One less Bruschetta' }).click();
    await visible(form.getByLabel('Quantity of Bruschetta').filter({ hasText: '2' }));
    await form.getByTestId('phone-product-search').fill('Panna');
    await form.getByTestId('phone-product').filter({ hasText: 'Panna Cotta' }).click();
    await visible(form.getByTestId('change-lines').getByText('Panna Cotta'));
    await form.getByLabel('Reason (the customer sees it)').fill('Eine Bruschetta weniger, dafür Dessert');
    await page.getByTestId('change-lines-save').click();

    const correction = await visible(page.getByTestId('order-correction-changed'));
    await visible(correction.getByText('Reason: Eine Bruschetta weniger, dafür Dessert'));
    const stored = await (await fetch(api(`/orders/track/${order.token}`))).json();
    assert.deepEqual(
      stored.lines.map((line) => [line.name, line.quantity]),
      [['Bruschetta', 2], ['Panna Cotta', 1]],
    );
    assert.notEqual(stored.total, order.total);
    const shown = await page.getByTestId('order-total').innerText();
    assert.match(shown, new RegExp(stored.total.toFixed(2).replace('.', ',')));
    await page.close();
  });

  test('after a complaint a completed cash order gives back in cash what is taken off, and the customer reads it on their page', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Rita Reklamation', line1: 'Torstraße 5', phone: '030 555 4321' });
    await complete(order);
    const customer = await customerPage(order);
    await visible(customer.getByTestId('order-status').filter({ hasText: 'Completed' }));
    await visible(customer.getByTestId('order-payment').filter({ hasText: 'Cash – paid' }));

    const page = await orderPage(order);
    await visible(page.getByTestId('order-finished').filter({ hasText: 'After a complaint you can still change or cancel it' }));
    await visible(page.locator('.admin-order-facts').getByText('Paid', { exact: true }));
    // One of the three Bruschetta was missing.
    await page.getByTestId('change-lines-open').click();
    const form = await visible(page.getByTestId('change-lines-form'));
    await visible(form.getByText(`Paid in cash (${price(order.total)}): the order may get cheaper; give the customer the difference back in cash.`));
    // Items only come off a completed order: no more of a dish, no other dish.
    assert.equal(await form.getByRole('button', { name: 'One more Bruschetta' }).isDisabled(), true);
    assert.equal(await form.getByTestId('phone-product-search').count(), 0);
    await form.getByRole('button', { name: 'One less Bruschetta' }).click();
    await form.getByLabel('Reason (the customer sees it)').fill('Eine Bruschetta fehlte');
    await page.getByTestId('change-lines-save').click();
    const changed = await visible(page.getByTestId('order-correction-changed'));
    const afterChange = await (await fetch(api(`/orders/track/${order.token}`))).json();
    const back = order.total - afterChange.total;
    assert.ok(back > 0, `${order.total} → ${afterChange.total}`);
    assert.equal(afterChange.status, 'completed');
    await visible(changed.getByText(`Given back in cash: ${price(back)}`));
    // The page stopped following a completed order: the customer, who complained, opens it again.
    await customer.reload();
    await visible(customer.getByTestId('order-correction-changed').getByText(`You get ${price(back)} back in cash.`));

    // Then the customer wants nothing of it: the rest goes back too.
    await page.getByTestId('cancel-order-open').click();
    const cancel = await visible(page.getByTestId('cancel-order-form'));
    await visible(cancel.getByText(`The order was paid in cash: give the customer ${price(afterChange.total)} back in cash.`));
    await cancel.getByLabel('Reason (the customer sees it)').fill('Alles kalt angekommen');
    await page.getByTestId('cancel-order').click();
    const cancelled = await visible(page.getByTestId('order-correction-cancelled'));
    await visible(cancelled.getByText(`Given back in cash: ${price(afterChange.total)}`));
    await customer.reload();
    await visible(customer.getByTestId('order-correction-cancelled').getByText(`You get ${price(afterChange.total)} back in cash.`));
    await visible(customer.getByTestId('order-status').filter({ hasText: 'Cancelled' }));
    assert.equal(await page.getByTestId('cancel-order-open').count(), 0);
    await page.close();
    await customer.close();
  });

  // Last: it closes the day.
  test('a completed order of a closed day offers no correction any more', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Zoe Zuspät', line1: 'Torstraße 5', phone: '030 555 1111' });
    await complete(order);
    await asOwner('/admin/closings');
    const page = await orderPage(order);
    await visible(page.getByTestId('order-finished').filter({ hasText: "This order's business day is closed (daily closing)" }));
    assert.equal(await page.getByTestId('change-lines-open').count(), 0, 'no change');
    assert.equal(await page.getByTestId('cancel-order-open').count(), 0, 'no cancellation');
    await page.close();
  });
});
