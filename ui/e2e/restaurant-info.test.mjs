// Browser test of what the menu page tells a customer about the restaurant, against the
// real server binary and its demo data, on a desktop (1280×900, German) and a phone
// (390×844, English): the "Info" dialog with the week's opening hours (today marked, a
// day without hours closed, closure days), the address, the phone as a link and the
// delivery areas with minimum and fee; the discounts advertised near the top; the age
// notice on Peroni; the closed banner that follows a pause in the admin live, and at
// night names the next opening and offers "Pre-order now", which leads to the menu
// while the cart is empty and else to checkout with the earliest pre-order time chosen.
// E2E_SCREENSHOT_DIR saves restaurant-info.png (desktop) and menu-closed.png (phone).
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  adminToken,
  createAdmin,
  DESKTOP,
  gotoWithStorage,
  launchBrowser,
  LUNCHTIME,
  PHONE,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  stopServer,
  tearDown,
  visible,
} from './support.mjs';

/** Monday 23 November 2026, 02:00 in Berlin: closed until 11:30. */
const MONDAY_NIGHT = '2026-11-23T01:00:00Z';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

/** The storefront's price format: "12,00 €". */
const euro = (amount) => `${amount.toFixed(2).replace('.', ',')} €`;

async function screenshot(page, name, { fullPage = false } = {}) {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** A server with the demo restaurant and an admin, its clock started at `clock`. */
async function startShop(name, clock, tempDirs) {
  const dataDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-${name}-data-`));
  tempDirs.push(dataDir);
  createAdmin(dataDir);
  const server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: clock } });
  const baseUrl = await server.ready;
  return { server, baseUrl, api: (path) => new URL(path, new URL(baseUrl).origin).href };
}

describe('the restaurant on the menu page', { timeout: 300_000 }, () => {
  const tempDirs = [];
  let context;
  let lunch;
  let night;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-info-chromium-'));
    tempDirs.push(profileDir);
    lunch = await startShop('info-lunch', LUNCHTIME, tempDirs);
    night = await startShop('info-night', MONDAY_NIGHT, tempDirs);
    context = await launchBrowser(chromium, profileDir);
  });

  after(async () => {
    if (night) await stopServer(night.server.child);
    await tearDown({ context, server: lunch?.server, tempDirs });
  });

  /** A fresh menu page of `shop` at `viewport` in `language`, with `storage` put into localStorage. */
  async function openMenu(shop, viewport, language, storage = {}) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await gotoWithStorage(
      page,
      shop.baseUrl,
      ([lang, entries]) => {
        globalThis.localStorage.clear();
        globalThis.localStorage.setItem('app_language', lang);
        for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
      },
      [language, storage],
    );
    await visible(page.locator('article.product-card').first());
    return page;
  }

  async function adminFetch(shop, path, method, body) {
    const token = await adminToken(shop.baseUrl);
    const response = await fetch(shop.api(path), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 200, `${method} ${path}: ${await response.clone().text()}`);
    return response.json();
  }

  /** The store record as PUT /stores/14 takes it, with `change` on top. */
  async function putStore(shop, change) {
    const store = await (await fetch(shop.api('/stores/14'))).json();
    const writable = [
      'company_name', 'address_line', 'phone', 'show_impressum', 'impressum_text', 'impressum_text_en', 'privacy_text',
      'privacy_text_en', 'store_hours', 'closures', 'paused', 'pickup_lead_minutes', 'delivery_lead_minutes',
      'slot_interval_minutes',
    ];
    const body = Object.fromEntries(writable.filter((key) => key in store).map((key) => [key, store[key]]));
    await adminFetch(shop, '/stores/14', 'PUT', { ...body, ...change });
  }

  test('desktop, German: the Info dialog, the discounts and the age notice', async () => {
    // Tuesdays closed from now on, Christmas Eve closed, and a delivery discount until New Year's Eve.
    const store = await (await fetch(lunch.api('/stores/14'))).json();
    await putStore(lunch, {
      store_hours: store.store_hours.filter((slot) => slot.day_of_week !== 2),
      closures: [{ date: '2026-12-24', note: 'Heiligabend' }],
    });
    await adminFetch(lunch, '/discounts/14/DELIVERY_DISCOUNT', 'PUT', { value: 5, expires_on: '2026-12-31' });
    const postcodes = await (await fetch(lunch.api('/postcodes/store/14'))).json();
    assert.ok(postcodes.length >= 3, 'the demo restaurant delivers to several postcodes');

    const page = await openMenu(lunch, DESKTOP, 'de');
    assert.equal(await page.getByTestId('closed-banner').count(), 0, 'no closed banner at lunchtime');

    const advert = await visible(page.getByTestId('discount-advert'));
    assert.deepEqual(
      (await advert.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/^%\s*/, '').trim()),
      ['10 % Rabatt bei Abholung', '5 % Rabatt auf Lieferungen bis 31.12.'],
    );

    const peroni = page.locator('article.product-card').filter({ hasText: 'Peroni 0,33 l' });
    assert.equal(
      (await peroni.getByTestId('age-notice').innerText()).replace(/^16\+\s*/, ''),
      'Abgabe nur an Personen ab 16 Jahren',
    );
    const bruschetta = page.locator('article.product-card').filter({ hasText: 'Bruschetta' });
    assert.equal(await bruschetta.getByTestId('age-notice').count(), 0, 'no age notice on food');

    const hero = page.locator('.menu-hero');
    await hero.getByRole('button', { name: /^Info/ }).click();
    const dialog = await visible(page.getByRole('dialog', { name: / – Info$/ }));
    const days = dialog.getByTestId('hours-day');
    await visible(days.first());
    assert.deepEqual(
      (await days.locator('th').allInnerTexts()).map((text) => text.trim()),
      ['Montag (heute)', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
    );
    const monday = days.nth(0);
    assert.equal(await monday.getAttribute('aria-current'), 'date');
    assert.match(await monday.innerText(), /11:30 – 14:30 Uhr · Mittagstisch\s+17:00 – 22:30 Uhr/);
    const highlighted = await monday.evaluate((row) => globalThis.getComputedStyle(row).backgroundColor);
    const plain = await days.nth(2).evaluate((row) => globalThis.getComputedStyle(row).backgroundColor);
    assert.notEqual(highlighted, plain, 'today stands out');
    assert.match(await days.nth(1).innerText(), /Geschlossen/);
    assert.match(await days.nth(5).innerText(), /12:00 – 01:00 Uhr · Late night/);
    assert.match(await dialog.getByTestId('restaurant-info-closures').innerText(), /Donnerstag, 24\.12\.2026 · Heiligabend/);

    assert.equal(await dialog.getByTestId('restaurant-address').innerText(), 'Hauptstraße 12, 10115 Berlin');
    const phone = dialog.getByTestId('restaurant-phone');
    assert.equal(await phone.innerText(), '030123456');
    assert.equal(await phone.getAttribute('href'), 'tel:030123456');

    const areas = dialog.getByTestId('delivery-area');
    await visible(areas.first());
    assert.equal(await areas.count(), postcodes.length);
    for (const record of postcodes) {
      const text = await dialog.locator(`[data-postcode="${record.postcode}"]`).innerText();
      assert.match(text, new RegExp(`^${record.postcode}`));
      assert.ok(text.includes(`Mindestbestellwert ${euro(record.minimum_order_amount)}`), text);
      assert.ok(text.includes(`Liefergebühr ${euro(record.delivery_fee)}`), text);
      assert.ok(text.includes(`ca. ${record.delivery_time} Min.`), text);
    }
    assert.match(await dialog.getByTestId('restaurant-info-discounts').innerText(), /10 % Rabatt bei Abholung/);
    await screenshot(page, 'restaurant-info');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  test('desktop, German: a pause in the admin shows the banner live, the resume takes it away', async () => {
    const page = await openMenu(lunch, DESKTOP, 'de');
    await visible(page.getByTestId('store-status').filter({ hasText: 'Geöffnet' }));
    assert.equal(await page.getByTestId('closed-banner').count(), 0);

    const slotsAsked = page.waitForResponse((response) => response.url().includes('/slots?order_type=pickup'));
    await adminFetch(lunch, '/stores/14/pause', 'PUT', { paused: true });
    const banner = await visible(page.getByTestId('closed-banner'));
    assert.equal(await banner.getAttribute('data-reason'), 'paused');
    assert.match(await banner.innerText(), /Wir haben gerade geschlossen\s+Bestellungen pausiert/);
    await visible(page.getByTestId('store-status').filter({ hasText: 'Geschlossen' }));
    // Paused: no pre-order times, so no pre-order button and no opening time to name.
    await slotsAsked;
    await page.waitForTimeout(300);
    assert.equal(await banner.getByRole('button', { name: 'Jetzt vorbestellen' }).count(), 0);
    assert.equal(await banner.getByTestId('next-opening').count(), 0);

    await adminFetch(lunch, '/stores/14/pause', 'PUT', { paused: false });
    await page.getByTestId('closed-banner').waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await visible(page.getByTestId('store-status').filter({ hasText: 'Geöffnet' }));
    await page.close();
  });

  test('phone, English: at night the banner names the opening and "Pre-order now" leads to a pre-order', async () => {
    const pickupSlots = await (await fetch(night.api('/stores/14/slots?order_type=pickup'))).json();
    assert.equal(pickupSlots.immediately, false, JSON.stringify(pickupSlots));
    const first = pickupSlots.slots[0];
    assert.equal(first?.time, '11:30', JSON.stringify(pickupSlots));

    const page = await openMenu(night, PHONE, 'en', { order_type: 'pickup' });
    const banner = await visible(page.getByTestId('closed-banner'));
    assert.equal(await banner.getAttribute('data-reason'), 'outside_hours');
    assert.equal(await banner.getByRole('heading').innerText(), 'We are closed right now');
    assert.equal(await banner.getByTestId('next-opening').innerText(), 'We open again today at 11:30.');
    const preorder = await visible(banner.getByRole('button', { name: 'Pre-order now' }));
    const box = await banner.boundingBox();
    assert.ok(box && box.y + box.height <= PHONE.height, 'the banner is in the first screen');
    assert.match(
      (await page.locator('article.product-card').filter({ hasText: 'Peroni 0.33 l' }).getByTestId('age-notice').innerText()),
      /Sold only to persons aged 16 or over/,
    );
    await screenshot(page, 'menu-closed');

    // An empty cart: on to the menu.
    await preorder.click();
    await page.waitForFunction(() => globalThis.document.activeElement?.id === 'menu-heading');
    await page.waitForFunction(() => {
      const top = globalThis.document.getElementById('menu-heading').getBoundingClientRect().top;
      return top >= 0 && top < globalThis.innerHeight / 2;
    });
    assert.equal(new URL(page.url()).pathname, '/order-online/');

    // With something in the cart: the guest details, then checkout with the earliest time.
    await page.getByRole('button', { name: 'Add Bruschetta to the cart', exact: true }).click();
    await page.waitForFunction(() => JSON.parse(globalThis.localStorage.getItem('cartItems') ?? '[]').length === 1);
    await banner.getByRole('button', { name: 'Pre-order now' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/guest-login'));
    await page.getByLabel('Name', { exact: true }).fill('Nora Nacht');
    await page.getByLabel('Street and house number').fill('Gartenweg 5');
    await page.getByLabel('Postcode', { exact: true }).fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Phone').fill('0176-555 444');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    const time = page.locator('.order-time__select');
    await visible(time);
    await page.waitForFunction((startsAt) => globalThis.document.querySelector('.order-time__select')?.value === startsAt, first.starts_at);
    assert.equal((await time.locator('option:checked').innerText()).trim(), 'Pre-order for 11:30');
    await page.close();
  });
});
