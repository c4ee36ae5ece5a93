// Browser test of the board's alarm when as many orders wait for an answer as may
// (orders.max_waiting, here 3), against the real server binary: three guest orders
// placed through the API raise a red alarm at the top of the board, in German; staff
// accept one on the board and the alarm goes away with the count the socket brings.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves orders-on-hold.png (1280×900): the board with the alarm.
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
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const ON_HOLD =
  'Bestellstopp: 3 Bestellungen warten auf Ihre Antwort. Neue Online-Bestellungen werden abgelehnt, bis Sie Bestellungen annehmen oder ablehnen.';

describe('the board raises an alarm while too many orders wait', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];
  const url = (path = '') => new URL(path, baseUrl).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-on-hold-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-on-hold-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME, HEIMSERVICE_ORDERS_MAX_WAITING: '3' },
    });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('three waiting orders put ordering on hold until staff accept one', async () => {
    const guests = [
      { name: 'Anton Erst', line1: 'Torstraße 1', phone: '030 555 0001' },
      { name: 'Berta Zweit', line1: 'Torstraße 2', phone: '030 555 0002' },
      { name: 'Carla Dritt', line1: 'Torstraße 3', phone: '030 555 0003' },
    ];
    const orders = [];
    for (const guest of guests) orders.push(await placeGuestOrder(baseUrl, guest));

    const board = await context.newPage();
    board.setDefaultTimeout(STEP_TIMEOUT_MS);
    await board.setViewportSize(DESKTOP);
    await gotoWithStorage(board, url('admin'), (lang) => globalThis.localStorage.setItem('app_language', lang), 'de');
    await board.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await board.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await board.locator('#admin-login-password').press('Enter');
    await assertTitle(board, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(board.getByTestId('board-connection').and(board.locator('[data-state="live"]')));

    const alarm = await visible(board.getByTestId('orders-on-hold'));
    assert.equal(await alarm.getAttribute('role'), 'alert');
    assert.equal((await alarm.innerText()).trim(), ON_HOLD);
    // Red, and on screen above the orders without scrolling.
    const look = await alarm.evaluate((element) => {
      const style = globalThis.getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return { background: style.backgroundColor, color: style.color, top: box.top, bottom: box.bottom };
    });
    const [red, green, blue] = look.background.match(/\d+/g).map(Number);
    assert.ok(red > 100 && red > 3 * green && red > 3 * blue, `a red background (${look.background})`);
    assert.equal(look.color, 'rgb(255, 255, 255)');
    assert.ok(look.top >= 0 && look.bottom <= DESKTOP.height, `visible at the top (${look.top}–${look.bottom})`);
    const firstCard = board.locator(`[data-testid="order-card"][data-order-id="${orders[0].id}"]`);
    const cardTop = await firstCard.evaluate((element) => element.getBoundingClientRect().top);
    assert.ok(look.bottom <= cardTop, 'above the orders');
    if (SCREENSHOT_DIR) {
      await mkdir(SCREENSHOT_DIR, { recursive: true });
      await board.screenshot({ path: join(SCREENSHOT_DIR, 'orders-on-hold.png') });
    }

    await firstCard.getByTestId('accept-20').click();
    await alarm.waitFor({ state: 'detached' });
    await board.close();
  });
});
