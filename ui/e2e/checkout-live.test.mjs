// Browser test of checkout, order status and account (desktop 1280×900 German and a
// 390×844 phone English), against the real server binary and its demo menu: an open
// checkout follows a pause and the resume without a reload; beer asks for the age
// confirmation; the status page offers the restaurant's phone; a past order goes into
// the cart again at today's prices, naming what is sold out; the registration links the
// privacy policy.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves checkout-desktop.png and checkout-mobile.png.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  adminToken,
  cents,
  createAdmin,
  DESKTOP,
  euro,
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

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

const TEXTS = {
  de: {
    guest: { name: 'Name', street: 'Straße und Hausnummer', zip: 'Postleitzahl', city: 'Ort', phone: 'Telefon' },
    toCheckoutFromGuest: 'Weiter zur Kasse',
    checkoutTitle: 'Kasse',
    asap: 'So schnell wie möglich',
    place: 'Zahlungspflichtig bestellen',
    age: 'Ich bestätige, dass ich mindestens 16 Jahre alt bin. Bei der Übergabe kann ein Ausweis verlangt werden.',
    ageBlocked: 'Bitte bestätigen Sie Ihr Alter.',
    paused: '„So schnell wie möglich“ ist gerade nicht möglich: Das Restaurant nimmt gerade keine Bestellungen an.',
    noTime: /^Gerade ist keine Bestellung möglich, auch keine Vorbestellung\. Das Restaurant nimmt gerade keine Bestellungen an\.$/,
    callUs: 'Fragen zur Bestellung? Rufen Sie uns an:',
    reorder: (number) => `Bestellung Nr. ${number} erneut bestellen`,
    cart: 'Warenkorb',
    unavailable: (names) => `Nicht mehr verfügbar: ${names}`,
    added: 'Die Artikel Ihrer Bestellung liegen im Warenkorb – zu den heutigen Preisen.',
    toCheckout: 'Zur Kasse',
    continue: 'Weiter',
    privacyLink: 'Datenschutzhinweise (öffnet in neuem Tab)',
    privacyNote: 'Mit der Registrierung gelten unsere Datenschutzhinweise (öffnet in neuem Tab).',
    privacyHeading: 'Impressum',
    registerName: 'Name',
  },
  en: {
    guest: { name: 'Name', street: 'Street and house number', zip: 'Postcode', city: 'City', phone: 'Phone' },
    toCheckoutFromGuest: 'Continue to checkout',
    checkoutTitle: 'Checkout',
    asap: 'As soon as possible',
    place: 'Place binding order',
    age: 'I confirm that I am at least 16 years old. An ID may be requested on handover.',
    ageBlocked: 'Please confirm your age.',
    paused: '“As soon as possible” is not possible right now: The restaurant is not taking orders right now.',
    noTime: /^No order is possible right now, not even a pre-order\. The restaurant is not taking orders right now\.$/,
    callUs: 'Questions about your order? Call us:',
    reorder: (number) => `Order no. ${number} again`,
    cart: 'Cart',
    unavailable: (names) => `No longer available: ${names}`,
    added: "The items of your order are in the cart – at today's prices.",
    toCheckout: 'Go to checkout',
    continue: 'Continue',
    privacyLink: 'privacy notice (opens in a new tab)',
    privacyNote: 'Our privacy notice (opens in a new tab) applies when you register.',
    privacyHeading: 'Legal notice',
    registerName: 'Name',
  },
};

const nameIn = (lang, record) => (lang === 'en' && record.name_en ? record.name_en : record.name);

describe('checkout, order status and account', { timeout: 300_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let admin;
  let products;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function call(path, { method = 'GET', token, body } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(api(path), { method, headers, body: body && JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function loadProducts() {
    products = (await call('/products/?store_id=14')).body;
  }

  const product = (name) => {
    const found = products.find((p) => p.name === name);
    assert.ok(found, `the demo menu has ${name}`);
    return found;
  };

  /** A cart line as the storefront stores it, for a simple product. */
  function cartLine(record, quantity) {
    return {
      ...record,
      uniqueKey: `${record.id}|base|`,
      quantity,
      extras: [],
      basePrice: record.price,
      tax: record.tax.percentage,
      selectedVariant: null,
      displayName: record.name,
      displayPrice: euro(cents(record.price)),
    };
  }

  /** Changes a product through the admin API (price, sold out), keeping everything else. */
  async function changeProduct(record, change) {
    const body = {
      category_id: record.category_id,
      name: record.name,
      name_en: record.name_en,
      description: record.description,
      description_en: record.description_en,
      price: record.price,
      tax_id: record.tax.id,
      type: record.type,
      variants: record.variants,
      sort_order: record.sort_order,
      available: record.available,
      age_restriction: record.age_restriction ?? null,
      ...change,
    };
    const response = await call(`/products/${record.id}`, { method: 'PUT', token: admin, body });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return { ...record, ...change };
  }

  async function pause(paused) {
    const response = await call('/stores/14/pause', { method: 'PUT', token: admin, body: { paused } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.paused, paused);
  }

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    // From the top, so the sticky header sits where it belongs in the full-page image.
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  async function newPage(viewport) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    return page;
  }

  /** Waits until the binding button can be pressed (the server's quote is in). */
  async function enabled(page, lang) {
    const button = page.getByRole('button', { name: TEXTS[lang].place, exact: true });
    await page.waitForFunction(
      () => globalThis.document.querySelector('[data-testid="place-order"]')?.disabled === false,
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
    return button;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-checkout-live-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-checkout-live-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    admin = await adminToken(baseUrl);
    await loadProducts();
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  for (const [label, viewport, lang, shot] of [
    ['desktop, German', DESKTOP, 'de', 'checkout-desktop'],
    ['phone, English', PHONE, 'en', 'checkout-mobile'],
  ]) {
    test(`an open checkout follows a pause and the resume, beer asks for the age, the status page offers the phone (${label})`, async () => {
      const T = TEXTS[lang];
      const bruschetta = product('Bruschetta');
      const beer = product('Peroni 0,33 l');
      assert.equal(beer.age_restriction, 16, 'the demo menu sells Peroni from 16');
      const store = (await call('/stores/14')).body;
      assert.ok(store.phone, 'the demo restaurant has a phone number');

      const page = await newPage(viewport);
      try {
        await gotoWithStorage(
          page,
          url('guest-login'),
          (entries) => {
            globalThis.localStorage.clear();
            for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
          },
          {
            app_language: lang,
            order_type: 'pickup',
            cartItems: JSON.stringify([cartLine(bruschetta, 2), cartLine(beer, 2)]),
          },
        );
        await page.getByLabel(T.guest.name, { exact: true }).fill('Gina Gast');
        await page.getByLabel(T.guest.street).fill('Gartenweg 5');
        await page.getByLabel(T.guest.zip, { exact: true }).fill('10115');
        await page.getByLabel(T.guest.city).fill('Berlin');
        await page.getByLabel(T.guest.phone).fill('0176555444');
        await page.getByRole('button', { name: T.toCheckoutFromGuest }).click();
        await visible(page.getByRole('heading', { level: 1, name: T.checkoutTitle }));
        // Set once: a reload would lose it.
        await page.evaluate(() => {
          globalThis.stillTheSamePage = true;
        });

        // Beer in the cart: the age must be confirmed before the order can be placed.
        const essentials = await visible(page.getByTestId('order-essentials'));
        await page.waitForFunction(
          (text) => globalThis.document.querySelector('[data-testid="order-essentials"]')?.textContent.includes(text),
          T.asap,
        );
        const box = await visible(page.getByRole('checkbox', { name: T.age }));
        assert.equal(await box.isChecked(), false);
        const button = page.getByRole('button', { name: T.place, exact: true });
        assert.equal(await button.isDisabled(), true, 'the order waits for the age confirmation');
        const reason = await visible(page.getByTestId('place-order-blocked'));
        assert.equal((await reason.innerText()).trim(), T.ageBlocked);
        await box.check();
        await enabled(page, lang);
        assert.equal(await page.getByTestId('place-order-blocked').count(), 0);
        await screenshot(page, shot);

        // The kitchen pauses ordering while the checkout is open.
        await pause(true);
        const unavailable = await visible(page.getByTestId('asap-unavailable'));
        // At once from the live status; the slot list asked for again then shows no pre-order either.
        await page
          .waitForFunction(
            (text) => globalThis.document.querySelector('[data-testid="asap-unavailable"]')?.textContent.trim() === text,
            T.paused,
          )
          .catch(() => {});
        assert.equal((await unavailable.innerText()).trim(), T.paused);
        await visible(page.getByTestId('no-slots'));
        await page.waitForFunction(
          () => globalThis.document.querySelector('[data-testid="place-order"]')?.disabled === true,
        );
        assert.match((await page.getByTestId('place-order-blocked').innerText()).trim(), T.noTime);
        assert.doesNotMatch(await essentials.innerText(), new RegExp(T.asap));

        // Resumed: "as soon as possible" is back and the order can be placed, all without a reload.
        await pause(false);
        await page.getByTestId('asap-unavailable').waitFor({ state: 'detached' });
        await page.waitForFunction(
          (text) => globalThis.document.querySelector('[data-testid="order-essentials"]')?.textContent.includes(text),
          T.asap,
        );
        await enabled(page, lang);
        assert.equal(await page.evaluate(() => globalThis.stillTheSamePage), true, 'the page was never reloaded');
        assert.equal(await box.isChecked(), true, 'the confirmation stayed');

        await button.click();
        await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
        const token = new URL(page.url()).pathname.split('/').at(-1);
        const order = (await call(`/orders/track/${token}`)).body;
        assert.equal(order.age_restriction, 16, 'the order carries the age check for the handover');

        // The restaurant's number for questions, as a tel: link.
        const callUs = await visible(page.getByTestId('order-call-us'));
        assert.equal((await callUs.innerText()).trim(), `${T.callUs} ${store.phone}`);
        const phoneLink = callUs.getByRole('link', { name: store.phone });
        assert.equal(await phoneLink.getAttribute('href'), `tel:${store.phone.replace(/[^\d+]/g, '')}`);
      } finally {
        await pause(false);
        await page.close();
      }
    });
  }

  for (const [label, viewport, lang, email] of [
    ['desktop, German', DESKTOP, 'de', 'rita@example.com'],
    ['phone, English', PHONE, 'en', 'tom@example.com'],
  ]) {
    test(`a past order goes into the cart again at today's prices, naming what is sold out (${label})`, async () => {
      const T = TEXTS[lang];
      await loadProducts();
      const bruschetta = product('Bruschetta');
      const hawaii = product('Pizza Hawaii');
      const pannaCotta = product('Panna Cotta');
      const big = hawaii.variants.find((variant) => variant.name === 'Ø 32 cm');
      const extra = hawaii.enriched_topping_groups.flatMap((group) => group.toppings)[0];
      assert.ok(big && extra, 'Pizza Hawaii comes in Ø 32 cm with extras');

      // A customer with a saved address and a completed pickup order.
      const customer = { name: 'Rita Reich', email, password: 'kartoffel-salat-42', phone: '030999' };
      assert.equal((await call('/register/customer', { method: 'POST', body: customer })).status, 201);
      const loginResponse = await fetch(api('/login'), {
        method: 'POST',
        body: new URLSearchParams({ username: email, password: customer.password }),
      });
      assert.equal(loginResponse.status, 200);
      const login = await loginResponse.json();
      const address = await call('/addresses/', {
        method: 'POST',
        token: login.access_token,
        body: { customer_name: customer.name, line1: 'Chausseestraße 8', city: 'Berlin', zip: '10115', country: 'DE', phone: customer.phone, email: '', notes: '' },
      });
      assert.equal(address.status, 201, JSON.stringify(address.body));
      const placed = await call('/orders/', {
        method: 'POST',
        token: login.access_token,
        body: {
          order_type: 'pickup',
          lines: [
            { product_id: hawaii.id, variant_id: big.id, extras: [{ topping_id: extra.id, quantity: 1 }], quantity: 1 },
            { product_id: bruschetta.id, variant_id: null, extras: [], quantity: 2 },
            { product_id: pannaCotta.id, variant_id: null, extras: [], quantity: 1 },
          ],
          address_id: address.body.id,
          payment_method: 'cash',
          preorder_at: null,
          note: '',
        },
      });
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      for (const [path, body] of [
        [`/admin/orders/${placed.body.id}/accept`, { minutes: 20 }],
        [`/admin/orders/${placed.body.id}/status`, { status: 'completed' }],
      ]) {
        const answer = await call(path, { method: 'POST', token: admin, body });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
      }

      // Since then the kitchen raised the Bruschetta's price and ran out of Panna Cotta.
      const raised = await changeProduct(bruschetta, { price: bruschetta.price + 1 });
      await changeProduct(pannaCotta, { available: false });
      const page = await newPage(viewport);
      try {
        await page.goto(url('../openapi.json'));
        await page.evaluate(
          ({ payload, language }) => {
            globalThis.localStorage.clear();
            globalThis.localStorage.setItem('app_language', language);
            globalThis.localStorage.setItem('order_type', 'pickup');
            globalThis.sessionStorage.setItem('userData', JSON.stringify(payload));
          },
          { payload: login, language: lang },
        );
        await page.goto(url('my-orders'));
        const item = await visible(page.getByTestId('my-order').filter({ hasText: String(placed.body.number) }));
        await item.getByRole('button', { name: T.reorder(placed.body.number) }).click();

        const cart = await visible(page.getByRole('dialog', { name: T.cart, exact: true }));
        const line = (text) => cart.locator('.cart-line').filter({ hasText: text });
        const bruschettaLine = await visible(line(nameIn(lang, bruschetta)));
        assert.equal(
          (await bruschettaLine.getByTestId('line-total').innerText()).trim(),
          euro(2 * cents(raised.price)),
          'two Bruschetta at the raised price',
        );
        const pizzaLine = await visible(line(`${nameIn(lang, hawaii)} (${nameIn(lang, big)})`));
        await visible(pizzaLine.getByText(nameIn(lang, extra)));
        assert.equal(await line(nameIn(lang, pannaCotta)).count(), 0, 'the sold-out dessert is left out');
        // Named over the open cart, and beside the button.
        await visible(page.locator('.toast__message').filter({ hasText: T.unavailable(pannaCotta.name) }));
        assert.equal((await item.getByTestId('reorder-missing').innerText()).trim(), T.unavailable(pannaCotta.name));
        assert.match(await item.getByTestId('reorder-result').innerText(), new RegExp(T.added.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

        // On to checkout: the server's quote prices the lines as always.
        await cart.getByRole('button', { name: T.toCheckout }).click();
        await page.waitForURL((u) => u.pathname === '/order-online/update-address');
        await page.getByRole('button', { name: T.continue, exact: true }).click();
        await visible(page.getByRole('heading', { level: 1, name: T.checkoutTitle }));
        await enabled(page, lang);
        const checkoutLine = page.locator('.checkout-line').filter({ hasText: nameIn(lang, bruschetta) });
        assert.equal(
          (await checkoutLine.getByTestId('checkout-line-total').innerText()).trim(),
          euro(2 * cents(raised.price)),
        );
      } finally {
        await changeProduct(pannaCotta, { available: true });
        await changeProduct(raised, { price: bruschetta.price });
        await page.close();
      }
    });
  }

  for (const [label, viewport, lang] of [
    ['desktop, German', DESKTOP, 'de'],
    ['phone, English', PHONE, 'en'],
  ]) {
    test(`the registration links the privacy policy and keeps what was typed (${label})`, async () => {
      const T = TEXTS[lang];
      const page = await newPage(viewport);
      try {
        await gotoWithStorage(page, url('register'), (language) => globalThis.localStorage.setItem('app_language', language), lang);
        const name = page.getByLabel(T.registerName, { exact: false }).first();
        await name.fill('Paula Privat');
        const note = await visible(page.getByTestId('register-privacy'));
        assert.equal((await note.textContent()).replace(/\s+/g, ' ').trim(), T.privacyNote);
        const link = note.getByRole('link', { name: T.privacyLink });
        assert.equal(await link.isVisible(), true);
        assert.equal(new URL(await link.getAttribute('href'), page.url()).pathname, '/order-online/privacypolicy');
        assert.equal(await link.getAttribute('target'), '_blank');
        // It sits just above the submit button.
        const linkBox = await link.boundingBox();
        const submitBox = await page.locator('form button[type="submit"]').boundingBox();
        assert.ok(linkBox.y < submitBox.y && submitBox.y - (linkBox.y + linkBox.height) < 120, 'near the submit button');

        const [policy] = await Promise.all([context.waitForEvent('page'), link.click()]);
        await visible(policy.getByRole('heading', { level: 1, name: T.privacyHeading }));
        await policy.close();
        assert.equal(await name.inputValue(), 'Paula Privat', 'the form keeps what was typed');
      } finally {
        await page.close();
      }
    });
  }
});
