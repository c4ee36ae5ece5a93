// Browser test of pre-orders for later days against the real server binary, its clock
// started on Monday 2026-11-23 at 06:00 in Berlin (closed until 11:30) and
// orders.preorder_days = 3: the checkout asks for a day (Today, Tomorrow, Wed 25 Nov …)
// and then a time of that day; a guest places a cash pickup order for the day after
// tomorrow, the essentials above the binding button and the status page name its day and
// time. The phone order form offers the days too: staff place one for tomorrow. Closed
// for the night, the closed banner's "Pre-order now" (in the server's first screen and
// the app's) leads to the checkout with tomorrow's first time chosen. Without
// orders.preorder_days the checkout keeps the single list of today's times.
// E2E_SCREENSHOT_DIR saves screenshots (1280×900) of the checkout's day choice and of
// the phone order form with a later day chosen.
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
  guestDetailsToCheckout,
  guestPickupAtCheckout,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

// Monday 2026-11-23, 06:00 in Berlin; the demo hours open every day at 11:30.
const MONDAY_MORNING = '2026-11-23T05:00:00Z';
// Monday 2026-11-23, 23:00 in Berlin: Monday's last hours ended at 22:30.
const MONDAY_NIGHT = '2026-11-23T22:00:00Z';
const ORDER_PATH = /\/order-online\/orders\/[^/]+$/;
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

async function screenshot(page, name) {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A server started at MONDAY_MORNING (unless `env` says otherwise) with `env`, a browser in English, and the demo menu. */
function shop(prefix, env) {
  const state = { tempDirs: [] };
  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-${prefix}-data-`));
    const profileDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-${prefix}-chromium-`));
    state.tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    state.server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: MONDAY_MORNING, ...env } });
    state.baseUrl = await state.server.ready;
    state.api = (path) => new URL(path, new URL(state.baseUrl).origin).href;
    state.url = (path = '') => new URL(path, state.baseUrl).href;
    state.products = await (await fetch(state.api('/products/?store_id=14'))).json();
    state.context = await launchBrowser(chromium, profileDir);
    await state.context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });
  after(() => tearDown(state));
  state.newPage = async () => {
    const page = await state.context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    return page;
  };
  return state;
}

const optionTexts = (select) => select.evaluate((element) => [...element.options].map((option) => option.textContent));

describe('pre-orders for later days', { timeout: 180_000 }, () => {
  const state = shop('preorder-days', { HEIMSERVICE_ORDERS_PREORDER_DAYS: '3' });

  test('a guest pre-orders for the day after tomorrow; the status page names that day and time', async () => {
    const offer = await (await fetch(state.api('/stores/14/slots?order_type=pickup'))).json();
    const wednesday = offer.days.find((day) => day.date === '2026-11-25');
    assert.ok(wednesday, JSON.stringify(offer));
    const noon = wednesday.slots.find((slot) => slot.time === '12:00');
    assert.ok(noon, JSON.stringify(wednesday));

    const page = await state.newPage();
    const bruschetta = state.products.find((product) => product.name === 'Bruschetta');
    await guestPickupAtCheckout(page, state.url('guest-login'), bruschetta, { name: 'Vera Vorbestellt', quantity: 3 });

    // Closed until 11:30: today offers its times, then Tuesday to Thursday.
    const day = await visible(page.getByLabel('Day', { exact: true }));
    assert.deepEqual(await optionTexts(day), ['Today', 'Tomorrow', 'Wed 25 Nov', 'Thu 26 Nov']);
    const time = page.getByLabel('Time', { exact: true });
    assert.equal((await optionTexts(time))[1], 'As soon as possible – not possible right now');

    await day.selectOption({ label: 'Wed 25 Nov' });
    const times = await optionTexts(time);
    assert.equal(times[0], 'Pre-order for 11:30', 'the first time of that day, chosen with it');
    assert.ok(!times.some((text) => text.startsWith('As soon as possible')), 'only today has "as soon as possible"');
    await time.selectOption({ label: 'Pre-order for 12:00' });
    const essentials = await visible(page.getByTestId('order-essentials'));
    await page.waitForFunction(
      () => globalThis.document.querySelector('[data-testid="order-essentials"]')?.textContent.includes('Wed 25 Nov, 12:00'),
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
    assert.match(await essentials.innerText(), /Pre-order for Wed 25 Nov, 12:00/);
    assert.match(await essentials.innerText(), /Cash/);
    await screenshot(page, 'checkout-preorder-day');

    await page.waitForFunction(
      () => globalThis.document.querySelector('[data-testid="place-order"]')?.disabled === false,
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await assertTitle(page, 'Order Status | Bella Napoli Heimservice');
    await visible(
      page
        .getByTestId('order-status')
        .getByText('Pre-order for 25/11/2026, 12:00 – waiting for restaurant confirmation', { exact: true }),
    );
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(state.api(`/orders/track/${token}`))).json();
    assert.equal(Date.parse(order.preorder_at), Date.parse(noon.starts_at), JSON.stringify(order));
    assert.equal(order.order_type, 'pickup');
    await page.close();
  });

  test('the phone order form offers the later days: staff place a pre-order for tomorrow', async () => {
    const offer = await (await fetch(state.api('/stores/14/slots?order_type=pickup'))).json();
    const tomorrow = offer.days.find((day) => day.date === '2026-11-24');
    assert.ok(tomorrow, JSON.stringify(offer));
    const slot = tomorrow.slots[2];

    const board = await state.newPage();
    await board.goto(state.url('admin'));
    await board.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await board.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await board.getByRole('button', { name: 'Login' }).click();
    await assertTitle(board, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(board.getByTestId('board-connection').and(board.locator('[data-state="live"]')));
    await board.getByTestId('phone-order-open').click();
    const dialog = await visible(board.getByRole('dialog', { name: 'Phone order' }));
    await dialog.getByLabel(/^Name/).fill('Paul Anrufer');
    await dialog.getByLabel(/^Phone/).fill('0171 2345678');
    await dialog.getByRole('radio', { name: 'Pickup' }).check();
    const bruschetta = state.products.find((product) => product.name === 'Bruschetta');
    await dialog.getByTestId('phone-product-search').fill('bruschetta');
    const pick = dialog.getByTestId('phone-product').filter({ hasText: bruschetta.name_en || bruschetta.name });
    for (let i = 0; i < 3; i += 1) await pick.click();

    // Closed now: a pre-order, for a day and then a time.
    const day = await visible(dialog.getByLabel(/^Day/));
    assert.deepEqual(await optionTexts(day), ['Today', 'Tomorrow', 'Wed 25 Nov', 'Thu 26 Nov']);
    await day.selectOption({ label: 'Tomorrow' });
    const time = dialog.getByLabel(/^Time/);
    assert.deepEqual((await optionTexts(time)).slice(1), tomorrow.slots.map((entry) => entry.time));
    await time.selectOption(slot.starts_at);
    await dialog.getByTestId('phone-minutes-30').click();
    await screenshot(board, 'phone-order-preorder-day');
    await dialog.getByTestId('phone-order-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const placed = await visible(board.getByTestId('phone-order-placed'));
    assert.match(await placed.innerText(), new RegExp(`^Phone order #\\d+ placed: .+ €, ready at 24\\.11\\.2026,? ${slot.time}\\.$`));
    const card = await visible(board.getByTestId('order-card').filter({ hasText: 'Paul Anrufer' }));
    assert.match(await card.getByTestId('preorder-slot').innerText(), new RegExp(`24\\.11\\.2026,? ${slot.time}`));
    await board.close();
  });
});

describe('closed for the night, with orders.preorder_days', { timeout: 120_000 }, () => {
  const state = shop('preorder-night', { HEIMSERVICE_TESTING_CLOCK_START: MONDAY_NIGHT, HEIMSERVICE_ORDERS_PREORDER_DAYS: '3' });

  test('"Pre-order now" leads to the checkout with tomorrow\'s first time chosen', async () => {
    const offer = await (await fetch(state.api('/stores/14/slots?order_type=pickup'))).json();
    assert.deepEqual(offer.slots, [], 'no time is left today');
    const [tomorrow] = offer.days;
    assert.equal(tomorrow?.date, '2026-11-24', JSON.stringify(offer));
    const firstScreen = await (await fetch(state.url())).text();
    assert.match(firstScreen, /<button type="button" class="button preorder-now__button">Jetzt vorbestellen<\/button>/, "in the server's first screen");

    const page = await state.newPage();
    // The device's clock shows the server's night: "Tomorrow" is the 24th.
    await page.clock.setFixedTime(new Date(MONDAY_NIGHT));
    await page.goto(state.url());
    const banner = await visible(page.getByTestId('closed-banner'));
    const preorder = await visible(banner.getByRole('button', { name: 'Pre-order now' }));
    await page.getByRole('button', { name: 'Pickup', exact: true }).click();
    await page.getByRole('button', { name: 'Add Bruschetta to the cart' }).click();
    await preorder.click();
    await page.waitForURL((u) => u.pathname.endsWith('/guest-login'));
    await guestDetailsToCheckout(page, 'Nora Nachts');

    const day = await visible(page.getByLabel('Day', { exact: true }));
    const chosen = (select) => select.evaluate((element) => element.selectedOptions[0]?.textContent);
    assert.equal(await chosen(day), 'Tomorrow');
    assert.equal(await chosen(page.getByLabel('Time', { exact: true })), `Pre-order for ${tomorrow.slots[0].time}`);
    await page.waitForFunction(
      (time) => globalThis.document.querySelector('[data-testid="order-essentials"]')?.textContent.includes(`Pre-order for Tue 24 Nov, ${time}`),
      tomorrow.slots[0].time,
      { timeout: STEP_TIMEOUT_MS },
    );
    await page.close();
  });
});

describe('without orders.preorder_days', { timeout: 120_000 }, () => {
  const state = shop('preorder-today', {});

  test("the checkout keeps the single list of today's times, no day choice", async () => {
    const page = await state.newPage();
    const bruschetta = state.products.find((product) => product.name === 'Bruschetta');
    await guestPickupAtCheckout(page, state.url('guest-login'), bruschetta, { name: 'Hans Heute', quantity: 3 });
    const select = await visible(page.getByRole('combobox', { name: 'Order time' }));
    const texts = await optionTexts(select);
    assert.equal(texts[1], 'As soon as possible – not possible right now', texts.join(' | '));
    assert.equal(texts[2], 'Pre-order for 11:30', texts.join(' | '));
    assert.equal(await page.getByTestId('order-day').count(), 0);
    assert.equal(await page.getByLabel('Day', { exact: true }).count(), 0);
    await page.close();
  });
});
