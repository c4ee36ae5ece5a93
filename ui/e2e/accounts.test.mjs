// Browser test of customer accounts, the guest flow, the checkout guards and
// the password reset against the real server binary. Build the UI
// (npm run build) and then the server that embeds it (cargo build).
// SERVER_BIN overrides the binary path (default ../target/debug/heimservice);
// E2E_SCREENSHOT_DIR saves screenshots of the login modal, guest form and checkout.
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
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const CUSTOMER = { name: 'Erika Mustermann', email: 'erika@example.com', password: 'kartoffel-salat-42', phone: '030 1234567' };
const NEW_PASSWORD = 'spaghetti-eis-77';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;


describe('customer accounts, guest flow and checkout guards', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let products;
  /** The tab the customer is signed in with (sessionStorage is per tab). */
  let customerPage;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const pathOf = (page) => new URL(page.url()).pathname + new URL(page.url()).search;
  const header = (page) => page.locator('header.site-header');
  const accountToggle = (page, first) => header(page).getByRole('button', { name: `Account of ${first}` });

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    return page;
  }

  async function screenshot(page, name) {
    if (!SCREENSHOT_DIR) return;
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }

  /** Collects the texts of alert() dialogs and accepts them. */
  function collectAlerts(page) {
    const messages = [];
    page.on('dialog', (dialog) => {
      messages.push({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
    return messages;
  }

  const simpleProduct = () =>
    products.find((p) => p.type === 'simple' && p.available && !p.enriched_topping_groups.some((g) => g.toppings.length > 0));

  /** `count` of a simple product in an emptied cart. */
  async function addSimpleProductToCart(page, count = 1) {
    const simple = simpleProduct();
    assert.ok(simple, 'the demo menu has a simple product without extras');
    await gotoWithStorage(page, url(), () => globalThis.localStorage.removeItem('cartItems'));
    const add = await visible(page.getByRole('button', { name: `Add ${simple.name_en || simple.name} to the cart`, exact: true }));
    for (let i = 1; i <= count; i += 1) {
      await add.click();
      await visible(page.getByRole('button', { name: `Cart, ${i} item${i === 1 ? '' : 's'}` }));
    }
    // The cart is saved right after rendering; wait for it before leaving the page.
    await page.waitForFunction(() => globalThis.localStorage.getItem('cartItems') !== null);
    return simple;
  }

  async function fillGuestForm(page, { zip = '10115' } = {}) {
    await page.getByLabel('Name', { exact: true }).fill('Gustav Gast');
    await page.getByLabel('Street and house number').fill('Gartenweg 5');
    await page.getByLabel('Postcode', { exact: true }).fill(zip);
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Phone').fill('0176-555 444');
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-accounts-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-accounts-chromium-'));
    tempDirs.push(dataDir, profileDir);

    createAdmin(dataDir);
    // Lunchtime: the restaurant takes orders for now, so checkout can show a total.
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    const response = await fetch(url('/products/?store_id=14'));
    assert.equal(response.status, 200, 'GET /products/?store_id=14');
    products = await response.json();
    context = await launchBrowser(chromium, profileDir);
    // These flows read the English texts the spec quotes.
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('registering signs the customer in and goes home', async () => {
    customerPage = await newPage();
    const page = customerPage;
    await page.goto(url('register'));
    await assertTitle(page, 'Register | Bella Napoli Heimservice');
    await page.getByLabel('Name').fill(CUSTOMER.name);
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill(CUSTOMER.password);
    const phone = page.getByLabel('Phone');
    await phone.pressSequentially(CUSTOMER.phone);
    assert.equal(await phone.inputValue(), '0301234567', 'the phone keeps digits only');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(accountToggle(page, 'Erika'));
    assert.equal(pathOf(page), '/order-online/');
  });

  test('registering the same e-mail again shows the 409 message', async () => {
    const page = await newPage();
    await page.goto(url('register'));
    await page.getByLabel('Name').fill('Erika Zwei');
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password').fill('noch-ein-passwort-8');
    await page.getByLabel('Phone').fill('030999');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }));
    await page.close();
  });

  test('after logout, the header Login opens the login modal and signs in', async () => {
    const page = customerPage;
    await accountToggle(page, 'Erika').click();
    await header(page).getByRole('button', { name: 'Logout' }).click();
    const login = await visible(header(page).getByRole('link', { name: 'Login', exact: true }));
    assert.equal(await login.getAttribute('href'), '/order-online/login');

    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Login' }));
    assert.equal(pathOf(page), '/order-online/', 'the modal opens over the current page');
    await visible(dialog.getByRole('link', { name: 'Continue as guest' }));
    await visible(dialog.getByRole('link', { name: 'Register' }));
    await visible(dialog.getByRole('link', { name: 'Forgot password?' }));

    await dialog.getByLabel('Email').fill(CUSTOMER.email);
    await dialog.getByLabel('Password').fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await visible(dialog.getByRole('alert').filter({ hasText: 'Invalid credentials' }));

    await dialog.getByLabel('Password').fill(CUSTOMER.password);
    await screenshot(page, 'login-modal');
    await dialog.getByRole('button', { name: 'Login' }).click();
    await visible(accountToggle(page, 'Erika'));
    assert.equal(pathOf(page), '/order-online/');
    const stored = await page.evaluate(() => JSON.parse(globalThis.sessionStorage.getItem('userData') ?? 'null'));
    assert.ok(stored?.access_token, 'userData holds the login payload');
  });

  test('/login stays a page of its own', async () => {
    const page = await newPage();
    await page.goto(url('login'));
    await assertTitle(page, 'Login | Bella Napoli Heimservice');
    await visible(page.getByRole('main').getByRole('button', { name: 'Login' }));
    await page.close();
  });

  test('the guest form with missing fields alerts form_fill_message', async () => {
    const page = await newPage();
    const alerts = collectAlerts(page);
    await page.goto(url('guest-login'));
    await visible(page.getByRole('heading', { name: 'update your info', exact: true }));
    await page.getByLabel('Name', { exact: true }).fill('Gustav Gast');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByLabel('Phone').and(page.locator('[aria-invalid="true"]')));
    assert.deepEqual(alerts, [{ type: 'alert', message: 'Please fill out all the fields.' }]);
    assert.equal(pathOf(page), '/order-online/guest-login');
    await page.close();
  });

  test('a guest with a cart lands on checkout with the address', async () => {
    const page = await newPage();
    const alerts = collectAlerts(page);
    // Enough for 10115's minimum order: checkout shows the server's total for it.
    const zones = await (await fetch(url('/postcodes/store/14'))).json();
    const minimum = zones.find((zone) => zone.postcode === '10115').minimum_order_amount;
    const product = await addSimpleProductToCart(page, Math.ceil(minimum / simpleProduct().price));
    await page.goto(url('guest-login'));
    await visible(page.getByRole('heading', { name: 'update your info', exact: true }));
    await fillGuestForm(page);
    await screenshot(page, 'guest-form');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    assert.deepEqual(alerts, []);
    assert.equal(pathOf(page), '/order-online/checkout?isGuestLogin=true');
    await assertTitle(page, 'Checkout | Bella Napoli Heimservice');
    const address = page.getByTestId('checkout-address');
    await visible(address.getByText('Gustav Gast'));
    await visible(address.getByText('Gartenweg 5'));
    await visible(page.getByText(product.name_en || product.name).first());
    await visible(page.getByRole('radio', { name: 'Cash' }));
    await visible(page.getByRole('radio', { name: 'Pay online' }));
    await visible(page.locator('[data-testid="checkout-quote"][data-state="ready"]').getByTestId('cart-total'));
    const stored = await page.evaluate(() => JSON.parse(globalThis.localStorage.getItem('guestShippingAddress')));
    assert.equal(stored.type, 'shipping');
    assert.equal(stored.country, 'DE');
    assert.equal(stored.phone, '0176555444');
    await screenshot(page, 'checkout-guest');
    await page.close();
  });

  test('a direct visit to checkout: signed out → guest-login, signed in → update-address', async () => {
    const fresh = await newPage();
    await fresh.goto(url('checkout'));
    await fresh.waitForURL((u) => u.pathname === '/order-online/guest-login');
    await visible(fresh.getByRole('heading', { name: 'update your info', exact: true }));
    await fresh.close();

    const page = customerPage;
    await page.goto(url('checkout'));
    await page.waitForURL((u) => u.pathname === '/order-online/update-address');
    await assertTitle(page, 'Address | Bella Napoli Heimservice');
  });

  test('a signed-in customer saves an address and continues to checkout', async () => {
    const page = customerPage;
    await addSimpleProductToCart(page);
    await page.goto(url('update-address'));
    const form = await visible(page.locator('form.address-form'));
    assert.equal(await form.getByLabel('Name', { exact: true }).inputValue(), CUSTOMER.name, 'prefilled from the account');
    await form.getByLabel('Street and house number').fill('Lindenallee 12');
    await form.getByLabel('Postcode', { exact: true }).fill('10117');
    await form.getByLabel('City').fill('Berlin');
    await form.getByRole('button', { name: 'Save address' }).click();
    await visible(page.getByRole('radio', { name: /Lindenallee 12/ }));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    assert.equal(pathOf(page), '/order-online/checkout');
    await visible(page.getByTestId('checkout-address').getByText('Lindenallee 12'));
    await screenshot(page, 'checkout-customer');
  });

  test('forgot password: neutral answer, the link from the outbox sets a new password', async () => {
    const page = await newPage();
    await page.goto(url('forgot-password'));
    await assertTitle(page, 'Forgot Password | Bella Napoli Heimservice');
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(
      page.getByRole('status').filter({ hasText: 'If an account exists for this email, we have sent a link to reset the password.' }),
    );

    const loginResponse = await fetch(url('/login'), {
      method: 'POST',
      body: new URLSearchParams({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    assert.equal(loginResponse.status, 200, 'admin POST /login');
    const { access_token: adminToken } = await loginResponse.json();
    const outboxResponse = await fetch(url('/admin/outbox'), { headers: { Authorization: `Bearer ${adminToken}` } });
    assert.equal(outboxResponse.status, 200, 'GET /admin/outbox');
    const outbox = await outboxResponse.json();
    const mail = outbox.find((entry) => entry.to === CUSTOMER.email);
    assert.ok(mail, 'the reset mail is in the outbox');
    const link = /https?:\/\/\S+\/order-online\/reset-password\?token=[^\s"<>]+/.exec(mail.body)?.[0];
    assert.ok(link, `the mail holds the reset link:\n${mail.body}`);
    const target = new URL(link);
    assert.equal(target.pathname, '/order-online/reset-password');

    await page.goto(url(`reset-password${target.search}`));
    await assertTitle(page, 'Reset Password | Bella Napoli Heimservice');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Your password has been changed. Please log in.' }));

    await page.getByRole('link', { name: 'Go to login' }).click();
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(CUSTOMER.email);
    await main.getByLabel('Password').fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Login' }).click();
    await visible(accountToggle(page, 'Erika'));

    // The link is single use.
    await page.goto(url(`reset-password${target.search}`));
    await page.getByLabel('New password', { exact: true }).fill('noch-ein-passwort-8');
    await page.getByLabel('Repeat new password').fill('noch-ein-passwort-8');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }));
    await page.close();
  });

  test('the support form thanks the sender', async () => {
    const page = await newPage();
    await page.goto(url('support'));
    await assertTitle(page, 'Support | Bella Napoli Heimservice');
    await page.getByLabel('Name').fill('Susi Sorge');
    await page.getByLabel('Email').fill('susi@example.com');
    await page.getByLabel('Your message').fill('Do you deliver to Potsdam?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText('Thank you! We will get back to you soon.'));
    await page.close();
  });
});
