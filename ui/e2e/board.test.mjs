// Browser test of the live orders board as staff keep it open on a tablet (1280×800,
// German) and a phone (390×844, English), against the real server binary: each card
// shows its items, the address or "Abholung", the notes, the pre-order time, payment
// and total without opening the details; the switched-on alert survives a reload, and
// while the browser holds the sound back a bar says so until someone taps it; the
// service worker (sw.js under the base path) registers and shows the notification of
// a new order.
// Headless Chromium plays audio without a user gesture, so the page's AudioContext is
// wrapped to behave like a tablet's browser after a reload: suspended until a tap.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves board.png (1280×800): a delivery with notes, a pickup and a pre-order.
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

const TABLET = { width: 1280, height: 800 };
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const DRIVER_NOTES = 'Hinterhaus, 3. OG';
const KITCHEN_NOTE = 'Bitte ohne Zwiebeln';
const ALERT_KEY = 'heimservice_order_alerts';

/**
 * Runs in the page before its scripts: an AudioContext made before the first tap or
 * key press on this page stays suspended until resume() is called after one (as
 * browsers do after a reload), and every tone is counted in `__beeps`.
 */
function holdAudioBackUntilTapped() {
  globalThis.__beeps = 0;
  let tapped = false;
  for (const name of ['pointerdown', 'keydown', 'touchend']) {
    globalThis.addEventListener(name, () => (tapped = true), { capture: true });
  }
  const Real = globalThis.AudioContext;
  const createOscillator = Real.prototype.createOscillator;
  Real.prototype.createOscillator = function counted() {
    globalThis.__beeps += 1;
    return createOscillator.call(this);
  };
  class HeldBack extends Real {
    #held;

    constructor(options) {
      super(options);
      this.#held = !tapped;
      if (this.#held) void super.suspend();
    }

    get state() {
      return this.#held ? 'suspended' : super.state;
    }

    resume() {
      if (!tapped) return Promise.resolve();
      this.#held = false;
      return super.resume().then(() => {
        this.dispatchEvent(new Event('statechange'));
      });
    }
  }
  globalThis.AudioContext = HeldBack;
}

describe('the orders board on a tablet and a phone', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  let board;
  const orders = {};
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const product = (name) => {
    const found = products.find((candidate) => candidate.name === name);
    assert.ok(found, `the demo menu has ${name}`);
    return found;
  };
  const variant = (name, variantName) => {
    const found = product(name).variants.find((candidate) => candidate.name === variantName);
    assert.ok(found, `${name} comes as ${variantName}`);
    return found.id;
  };
  const topping = (name, toppingName) => {
    const found = product(name)
      .enriched_topping_groups.flatMap((group) => group.toppings)
      .find((candidate) => candidate.name === toppingName);
    assert.ok(found, `${name} takes ${toppingName}`);
    return found.id;
  };

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  }

  /** Places a cash guest order through the API; fails unless it is 201. */
  async function placeOrder({ orderType, lines, name, line1 = 'Torstraße 5', notes = '', note = '', preorderAt = null, ageConfirmed }) {
    const response = await fetch(api('/orders/guest'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        order_type: orderType,
        lines,
        shipping_address: {
          type: 'shipping', customer_name: name, line1, city: 'Berlin', zip: '10115',
          country: 'DE', phone: '030 555 1234', email: '', notes,
        },
        payment_method: 'cash',
        preorder_at: preorderAt,
        note,
        ...(ageConfirmed === undefined ? {} : { age_confirmed: ageConfirmed }),
      }),
    });
    const body = await response.json();
    assert.equal(response.status, 201, JSON.stringify(body));
    return body;
  }

  /** Opens the admin in `language` at `viewport` and logs in; resolves on the live board. */
  async function openBoard(language, viewport) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await page.addInitScript(holdAudioBackUntilTapped);
    await gotoWithStorage(page, url('admin'), (lang) => globalThis.localStorage.setItem('app_language', lang), language);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.locator('#admin-login-password').press('Enter');
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(page.getByTestId('board-connection').and(page.locator('[data-state="live"]')));
    return page;
  }

  const card = (page, order) => page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
  const text = async (locator) => (await visible(locator)).innerText().then((value) => value.trim());

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-board-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-board-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
    await context.grantPermissions(['notifications'], { origin: new URL(baseUrl).origin });

    // The beer is age-restricted once the server knows about it (contract: age_restriction).
    const peroni = product('Peroni 0,33 l');
    const withBeer = peroni.age_restriction === 16;
    orders.delivery = await placeOrder({
      orderType: 'delivery',
      name: 'Doris Dorf',
      notes: DRIVER_NOTES,
      note: KITCHEN_NOTE,
      lines: [
        {
          product_id: product('Pizza Salami').id,
          variant_id: variant('Pizza Salami', 'Ø 32 cm'),
          extras: [{ topping_id: topping('Pizza Salami', 'Schinken'), quantity: 1 }],
          quantity: 2,
        },
        ...(withBeer ? [{ product_id: peroni.id, variant_id: null, extras: [], quantity: 2 }] : []),
      ],
      ageConfirmed: withBeer ? true : undefined,
    });
    orders.withBeer = withBeer;
    orders.pickup = await placeOrder({
      orderType: 'pickup',
      name: 'Paula Pickup',
      lines: [
        { product_id: product('Lasagne al Forno').id, variant_id: null, extras: [], quantity: 1 },
        { product_id: product('Tiramisu').id, variant_id: null, extras: [{ topping_id: topping('Tiramisu', 'Schlagsahne'), quantity: 1 }], quantity: 1 },
      ],
    });
    const slots = await (await fetch(api('/stores/14/slots?order_type=delivery'))).json();
    const slot = slots.slots?.[4];
    assert.ok(slot, JSON.stringify(slots));
    orders.preorder = await placeOrder({
      orderType: 'delivery',
      name: 'Vera Vorbestellung',
      line1: 'Gartenweg 12',
      preorderAt: slot.starts_at,
      lines: [{ product_id: product('Bruschetta').id, variant_id: null, extras: [], quantity: 3 }],
    });
    orders.slotTime = slot.time;
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('cards show the items, the address or "Abholung", the notes and the pre-order time without a click', async () => {
    board = await openBoard('de', TABLET);
    const delivery = card(board, orders.delivery);
    const lines = await text(delivery.getByTestId('card-lines'));
    assert.match(lines, /^2 × Pizza Salami.*Ø 32 cm/m, 'quantity × name with the variant');
    assert.match(lines, /\+ Schinken/, 'the extra');
    if (orders.withBeer) {
      assert.match(lines, /^2 × Peroni 0,33 l$/m);
      assert.equal(await text(delivery.getByTestId('age-check')), 'Alterskontrolle ab 16');
    }
    assert.equal(await text(delivery.getByTestId('card-address')), 'Torstraße 5, 10115 Berlin');
    assert.equal(await text(delivery.getByTestId('driver-notes')), `Hinweis für den Fahrer: ${DRIVER_NOTES}`);
    assert.equal(await text(delivery.getByTestId('card-note')), `Anmerkung: ${KITCHEN_NOTE}`);
    assert.equal(await text(delivery.getByTestId('card-payment')), 'Bar · nicht bezahlt');
    assert.equal(
      (await text(delivery.getByTestId('card-total'))).replace(/\s/g, ''),
      `${orders.delivery.total.toFixed(2).replace('.', ',')}€`,
    );
    // The extras are the small print under their item.
    const sizes = await delivery.evaluate((element) => {
      const item = element.querySelector('.admin-order-card__item');
      const extras = element.querySelector('.admin-order-card__extras');
      return [item, extras].map((node) => Number.parseFloat(globalThis.getComputedStyle(node).fontSize));
    });
    assert.ok(sizes[1] < sizes[0], `extras in smaller text (${sizes})`);

    const pickup = card(board, orders.pickup);
    assert.equal(await text(pickup.getByTestId('card-address')), 'Abholung');
    assert.match(await text(pickup.getByTestId('card-lines')), /^1 × Lasagne al Forno\n1 × Tiramisu\s*\+ Schlagsahne$/);
    assert.equal(await pickup.getByTestId('driver-notes').count(), 0);
    assert.equal(await pickup.getByTestId('age-check').count(), 0);

    const preorder = board.getByTestId('board-preorders').locator(`[data-order-id="${orders.preorder.id}"]`);
    assert.equal(await text(preorder.getByTestId('preorder-slot')), `Vorbestellung für ${orders.slotTime}`);
    assert.equal(await text(preorder.getByTestId('card-address')), 'Gartenweg 12, 10115 Berlin');
    assert.match(await text(preorder.getByTestId('card-lines')), /^3 × Bruschetta$/);

    // Until switched on, the board says the sound is off.
    assert.equal(await text(board.getByTestId('sound-off')), 'Ton aus');
    // The screenshot shows the tablet's screen with the board at its top.
    await board.locator('#admin-board-title').evaluate((title) => {
      // Below the sticky top bar.
      globalThis.scrollTo(0, title.getBoundingClientRect().top + globalThis.scrollY - 72);
    });
    await screenshot(board, 'board');
  });

  test('the switched-on alert survives a reload; "Ton aus" and the bar stay until a tap', async () => {
    await board.getByTestId('enable-alerts').click();
    await visible(board.getByTestId('disable-alerts'));
    await board.getByTestId('sound-off').waitFor({ state: 'detached' });
    await board.waitForFunction(() => globalThis.__beeps > 0, null, { timeout: STEP_TIMEOUT_MS });
    assert.equal(await board.evaluate((key) => globalThis.localStorage.getItem(key), ALERT_KEY), 'on');

    await board.reload();
    await visible(board.getByTestId('order-alert'));
    await visible(board.getByTestId('disable-alerts'));
    const bar = await visible(board.getByRole('button', { name: 'Ton ist aus – tippen Sie hier, um ihn einzuschalten' }));
    assert.equal(await text(board.getByTestId('sound-off')), 'Ton aus');
    // Orders wait, but nothing sounds, and the warning stays.
    await board.waitForTimeout(3500);
    assert.equal(await board.evaluate(() => globalThis.__beeps), 0);
    assert.equal(await bar.isVisible(), true);
    assert.equal(await board.getByTestId('sound-off').isVisible(), true);

    await bar.click();
    await board.getByTestId('sound-blocked').waitFor({ state: 'detached' });
    await board.getByTestId('sound-off').waitFor({ state: 'detached' });
    await board.waitForFunction(() => globalThis.__beeps > 0, null, { timeout: STEP_TIMEOUT_MS });
  });

  test('the service worker registers for the base path and shows the notification of a new order', async () => {
    const script = await fetch(url('sw.js'), { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(await script.text(), /notificationclick/);

    const registration = await board.waitForFunction(
      async () => {
        const found = await globalThis.navigator.serviceWorker.getRegistration();
        return found?.active ? { scope: found.scope, script: found.active.scriptURL, state: found.active.state } : null;
      },
      null,
      { timeout: STEP_TIMEOUT_MS, polling: 200 },
    );
    assert.deepEqual(await registration.jsonValue(), {
      scope: url(),
      script: url('sw.js'),
      state: 'activated',
    });

    const order = await placeOrder({
      orderType: 'pickup',
      name: 'Nora Neu',
      lines: [{ product_id: product('Bruschetta').id, variant_id: null, extras: [], quantity: 1 }],
    });
    await visible(card(board, order));
    const shown = await board.waitForFunction(
      async (tag) => {
        const found = await globalThis.navigator.serviceWorker.getRegistration();
        const notifications = (await found?.getNotifications({ tag })) ?? [];
        return notifications.map((notification) => ({ title: notification.title, body: notification.body }))[0] ?? null;
      },
      `order-${order.id}`,
      { timeout: STEP_TIMEOUT_MS, polling: 200 },
    );
    const notification = await shown.jsonValue();
    assert.equal(notification.title, `Neue Bestellung #${order.number}`);
    assert.match(notification.body, /^Abholung · .*€ · Nora Neu$/);
  });

  test('on a phone the card keeps its items, address and notes readable without scrolling sideways', async () => {
    const phone = await openBoard('en', PHONE);
    // Typing the login counts as a gesture; a reload (as on the next morning) does not.
    await phone.reload();
    await visible(phone.getByTestId('board-connection').and(phone.locator('[data-state="live"]')));
    const delivery = card(phone, orders.delivery);
    await delivery.scrollIntoViewIfNeeded();
    assert.match(await text(delivery.getByTestId('card-lines')), /^2 × Pizza Salami/);
    assert.equal(await text(delivery.getByTestId('card-address')), 'Torstraße 5, 10115 Berlin');
    assert.equal(await text(delivery.getByTestId('driver-notes')), `Note for the driver: ${DRIVER_NOTES}`);
    assert.equal(await text(delivery.getByTestId('card-payment')), 'Cash · not paid');
    if (orders.withBeer) assert.equal(await text(delivery.getByTestId('age-check')), 'Age check: 16+');
    assert.equal(await text(card(phone, orders.pickup).getByTestId('card-address')), 'Pickup');
    // The alert is switched on for this device; the reloaded page waits for a tap.
    await visible(phone.getByRole('button', { name: 'Sound is off – tap here to turn it on' }));
    assert.equal(await text(phone.getByTestId('sound-off')), 'Sound off');

    const box = await delivery.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the card fits the screen (${JSON.stringify(box)})`);
    const overflow = await phone.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px too wide)`);
    await phone.close();
  });
});
