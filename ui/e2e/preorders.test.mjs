// Browser test of pre-orders against the real server binary, with the server clock
// started on a Monday at 06:00 (closed until 11:30): pre-orders placed at night wait on
// the orders board in a column of their own, the earliest time first, each showing its
// time and the notes for the driver; staff accept one for its time and the rest with
// "Accept all pre-orders"; the customer's status page names the time instead of
// minutes, before and after, with the notes for the driver; the order detail and the
// kitchen ticket show them too.
// E2E_SCREENSHOT_DIR saves screenshots (1280×900) of the board with its pre-orders and
// of the customer's status page.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
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
  gotoWithStorage,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

// Monday 2026-11-23, 06:00 in Berlin; the demo hours open on Mondays at 11:30.
const MONDAY_MORNING = '2026-11-23T05:00:00Z';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const NOTES = 'Hinterhaus, 3. OG';

describe('pre-orders on the board and the status page', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  async function newPage(path, language) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await gotoWithStorage(page, url(path), (lang) => globalThis.localStorage.setItem('app_language', lang), language);
    return page;
  }

  /** The slot `index` of today's pre-order times for `orderType`. */
  async function slot(orderType, index) {
    const slots = await (await fetch(api(`/stores/14/slots?order_type=${orderType}`))).json();
    assert.equal(slots.immediately, false, JSON.stringify(slots));
    const chosen = slots.slots[index];
    assert.ok(chosen, JSON.stringify(slots));
    return chosen;
  }

  /** Places a cash guest pre-order of three Bruschetta through the API; returns the created order. */
  async function placePreorder({ orderType, at, name, notes = '' }) {
    const products = await (await fetch(api('/products/?store_id=14'))).json();
    const bruschetta = products.find((product) => product.name === 'Bruschetta');
    const response = await fetch(api('/orders/guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        order_type: orderType,
        lines: [{ product_id: bruschetta.id, variant_id: null, extras: [], quantity: 3 }],
        shipping_address: {
          type: 'shipping', customer_name: name, line1: 'Torstraße 5', city: 'Berlin', zip: '10115',
          country: 'DE', phone: '030 555 1234', email: '', notes,
        },
        payment_method: 'cash',
        preorder_at: at.starts_at,
        note: '',
      }),
    });
    const body = await response.json();
    assert.equal(response.status, 201, JSON.stringify(body));
    return body;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-preorders-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-preorders-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: MONDAY_MORNING } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('pre-orders placed at night wait apart on the board and are accepted for their times', async () => {
    const noon = await slot('delivery', 2);
    const halfPast = await slot('delivery', 4);
    const pickupSlot = await slot('pickup', 6);
    // Placed out of time order: the board sorts them by their time.
    const delivery = await placePreorder({ orderType: 'delivery', at: halfPast, name: 'Doris Dorf', notes: NOTES });
    const early = await placePreorder({ orderType: 'delivery', at: noon, name: 'Erik Eilig' });
    const pickup = await placePreorder({ orderType: 'pickup', at: pickupSlot, name: 'Paula Pickup', notes: 'Klingel defekt' });

    const admin = await newPage('admin', 'en');
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Login' }).click();
    await assertTitle(admin, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(admin.getByTestId('board-connection').and(admin.locator('[data-state="live"]')));

    const column = await visible(admin.getByTestId('board-preorders'));
    await visible(column.getByRole('heading', { name: 'Pre-orders 3' }));
    await visible(admin.getByTestId('board-new').getByText('No new orders.'));
    const cards = column.getByTestId('order-card');
    assert.deepEqual(
      await cards.evaluateAll((found) => found.map((card) => Number(card.dataset.orderId))),
      [early.id, delivery.id, pickup.id],
    );
    const card = (order) => column.locator(`[data-order-id="${order.id}"]`);
    assert.equal(await card(early).getByTestId('preorder-slot').innerText(), `Pre-order for ${noon.time}`);
    assert.equal(await card(delivery).getByTestId('driver-notes').innerText(), `Note for the driver: ${NOTES}`);
    assert.equal(await card(pickup).getByTestId('driver-notes').count(), 0, 'no driver for a pickup');
    // Ten minutes from the opening at 11:30 to answer, named by the time.
    assert.equal(
      await card(early).getByTestId('auto-reject-countdown').innerText(),
      'Rejected automatically at 11:40 unless answered',
    );
    // Accepted for its time: no minutes to choose.
    assert.equal(await card(early).getByTestId('accept-20').count(), 0);
    await visible(card(early).getByRole('button', { name: `Accept order #${early.number} for ${noon.time}` }));
    await screenshot(admin, 'orders-board-preorders');

    // The customer sees the time it waits for.
    const status = await newPage(`orders/${delivery.token}`, 'de');
    await visible(
      status
        .getByTestId('order-status')
        .getByText(`Vorbestellung für ${halfPast.time} Uhr – wartet auf Bestätigung durch das Restaurant`, { exact: true }),
    );
    await visible(status.getByTestId('order-driver-notes').getByText(NOTES));
    assert.equal(await status.getByTestId('order-estimated-time').count(), 0);

    // One accepted for its time, then all the others at once.
    await card(early).getByTestId('accept-preorder').click();
    const working = admin.getByTestId('board-progress');
    await visible(working.locator(`[data-order-id="${early.id}"]`).getByText(`Ready by ${noon.time}`));
    await visible(column.getByRole('heading', { name: 'Pre-orders 2' }));
    await column.getByRole('button', { name: 'Accept all pre-orders' }).click();
    await column.waitFor({ state: 'detached' });
    await visible(working.locator(`[data-order-id="${delivery.id}"]`).getByText(`Ready by ${halfPast.time}`));
    await visible(working.locator(`[data-order-id="${pickup.id}"]`).getByText(`Ready by ${pickupSlot.time}`));
    for (const order of [early, delivery, pickup]) {
      const tracked = await (await fetch(api(`/orders/track/${order.token}`))).json();
      assert.equal(tracked.status, 'accepted');
      assert.equal(Date.parse(tracked.estimated_ready_at), Date.parse(order.preorder_at), 'ready at its time');
    }

    // No reload: the status page names the time, not minutes.
    await visible(status.getByTestId('order-status').getByText('Angenommen', { exact: true }));
    assert.equal(await status.getByTestId('order-estimated-time').innerText(), `Vorbestellt für ${halfPast.time} Uhr`);
    await screenshot(status, 'order-status-preorder');
    await status.close();

    // The detail page and its kitchen ticket.
    await working.locator(`[data-order-id="${delivery.id}"]`).getByRole('link', { name: `Details of order #${delivery.number}` }).click();
    await visible(admin.getByRole('heading', { name: `Order #${delivery.number}` }));
    const fact = (label) => admin.locator('.admin-order-detail dt', { hasText: label }).locator('xpath=following-sibling::dd');
    assert.equal(await fact('Requested time').innerText(), `Pre-order for ${halfPast.time}`);
    assert.equal(await fact('Note for the driver').innerText(), NOTES);
    assert.match(await admin.getByTestId('kitchen-ticket').textContent(), new RegExp(`Note for the driver: ${NOTES}`));
    await admin.close();
  });
});
