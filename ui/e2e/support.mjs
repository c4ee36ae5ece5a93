// Shared helpers of the browser tests: start the real server binary on a free
// port with a fresh data dir, and drive headless Chromium against it.
// SERVER_BIN overrides the binary path (default ../target/debug/heimservice).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const UI_DIR = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BIN = resolve(UI_DIR, process.env.SERVER_BIN ?? '../target/debug/heimservice');
const READY_LINE = /http:\/\/127\.0\.0\.1:(\d+)\/order-online\//;
const STARTUP_TIMEOUT_MS = 30_000;
/** The viewports the browser tests use: a desktop and a phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Euros as the API sends them → integer cents. */
export const cents = (euros) => Math.round(euros * 100);
/** The storefront's price format in both languages: "7,50 €". */
export const euro = (amountCents) => `${Math.floor(amountCents / 100)},${String(amountCents % 100).padStart(2, '0')} €`;

export const STEP_TIMEOUT_MS = 15_000;
/** Monday 23 November 2026, 12:00 in Berlin: the demo restaurant is open for lunch. */
export const LUNCHTIME = '2026-11-23T11:00:00Z';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct-horse-9';

/** The environment without HEIMSERVICE_* settings (the server refuses unknown ones), plus `extra`. */
export function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HEIMSERVICE_')));
  return { ...env, ...extra };
}

/**
 * Creates a restaurant account with `heimservice admin create` before the server starts:
 * the owner Anna unless told otherwise; `role` (`owner` or `staff`) is passed as `--role`
 * when given (the command's default is owner).
 */
export function createAdmin(dataDir, { email = ADMIN_EMAIL, password = ADMIN_PASSWORD, name = 'Anna Admin', role } = {}) {
  const args = ['admin', 'create', '--data-dir', dataDir, '--email', email, '--name', name];
  if (role) args.push('--role', role);
  const result = spawnSync(SERVER_BIN, args, {
    env: cleanEnv({ HEIMSERVICE_ADMIN_PASSWORD: password }),
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `admin create failed:\n${result.stdout}\n${result.stderr}`);
}

/** Headless Chromium with a fresh profile directory. */
export function launchBrowser(chromium, profileDir) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Closes the browser, stops the server and removes the temporary directories. */
export async function tearDown({ context, server, tempDirs }) {
  await context?.close().catch(() => {});
  if (server) await stopServer(server.child);
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/** The tests' shop books cash in its own POS, confirmed in the configuration (fiscal.test.mjs tests the choice). */
const HARNESS_FISCAL = {
  HEIMSERVICE_FISCAL_MODE: 'pos',
  HEIMSERVICE_FISCAL_POS_CONFIRMED_BY: 'Test Harness',
};

/** The order limits of the tests' shop, far above what a test places. */
const HARNESS_ORDER_LIMITS = {
  HEIMSERVICE_LIMITS_ORDERS_PER_IP: '1000000',
  HEIMSERVICE_LIMITS_ORDERS_PER_CONTACT: '1000000',
  HEIMSERVICE_LIMITS_MAILS_PER_ADDRESS: '1000000',
  HEIMSERVICE_ORDERS_MAX_WAITING: '100000',
};

/**
 * Starts the server on a free port with a fresh data dir; resolves once it prints its URL.
 * `env` adds settings such as HEIMSERVICE_TESTING_CLOCK_START on top of the defaults.
 * The clock counts as trusted unless `env` says otherwise, so the machine's own time
 * synchronisation never decides a test.
 */
export function startServer(dataDir, { env = {} } = {}) {
  const child = spawn(SERVER_BIN, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The server refuses unknown HEIMSERVICE_* settings; only the ones asked for are passed on.
    // The tests' shop is not under attack: the flood limits on orders are lifted.
    env: cleanEnv({ HEIMSERVICE_CLOCK_TRUST: 'always', ...HARNESS_ORDER_LIMITS, ...HARNESS_FISCAL, ...env }),
  });
  const output = [];
  const remember = (stream, name) =>
    createInterface({ input: stream }).on('line', (line) => {
      output.push(`[${name}] ${line}`);
      if (output.length > 200) output.shift();
    });
  remember(child.stderr, 'stderr');
  const stdout = createInterface({ input: child.stdout });

  const ready = new Promise((resolveReady, rejectReady) => {
    const fail = (why) => {
      clearTimeout(timer);
      rejectReady(new Error(`${why}\nserver output:\n${output.join('\n')}`));
    };
    const timer = setTimeout(
      () => fail(`server did not print its URL within ${STARTUP_TIMEOUT_MS / 1000} s`),
      STARTUP_TIMEOUT_MS,
    );
    // Keep reading after the match so a full pipe never blocks the server.
    stdout.on('line', (line) => {
      output.push(`[stdout] ${line}`);
      if (output.length > 200) output.shift();
      const match = READY_LINE.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveReady(`http://127.0.0.1:${match[1]}/order-online/`);
      }
    });
    child.once('error', (error) => fail(`could not start ${SERVER_BIN}: ${error.message}`));
    child.once('exit', (code, signal) => fail(`server exited early (code ${code}, signal ${signal})`));
  });
  return { child, ready };
}

export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Waits for document.title to become `expected`, then asserts it (so a failure shows the actual title). */
export async function assertTitle(page, expected) {
  await page
    // The callback runs in the browser.
    .waitForFunction((title) => globalThis.document.title === title, expected, {
      timeout: STEP_TIMEOUT_MS,
    })
    .catch(() => {});
  assert.equal(await page.title(), expected);
}

/**
 * Opens `url` once `change` has run on the shop's localStorage. The change runs on a
 * same-origin page that is not the app: an app page open meanwhile could save its own
 * state over it while it starts up.
 */
export async function gotoWithStorage(page, url, change, arg) {
  await page.goto(new URL('/openapi.json', url).href);
  await page.evaluate(change, arg);
  await page.goto(url);
}

/**
 * A guest with `quantity` of `product` (from the public menu) in the cart for pickup,
 * details filled in as `name`, at the checkout (`guestLoginUrl`: the storefront's
 * guest-login page).
 */
export async function guestPickupAtCheckout(page, guestLoginUrl, product, { name, quantity = 2 }) {
  const cartLine = {
    ...product,
    uniqueKey: `${product.id}|base|`,
    quantity,
    extras: [],
    basePrice: product.price,
    tax: product.tax.percentage,
    selectedVariant: null,
    displayName: product.name,
    displayPrice: euro(cents(product.price)),
  };
  await gotoWithStorage(
    page,
    guestLoginUrl,
    (line) => {
      globalThis.localStorage.setItem('order_type', 'pickup');
      globalThis.localStorage.setItem('cartItems', JSON.stringify([line]));
    },
    cartLine,
  );
  await guestDetailsToCheckout(page, name);
}

/** On the guest-login page (in English): a guest's details as `name`, then on to the checkout. */
export async function guestDetailsToCheckout(page, name) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Street and house number').fill('Gartenweg 5');
  await page.getByLabel('Postcode', { exact: true }).fill('10115');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Phone').fill('0176555444');
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
}

export async function visible(locator) {
  await locator.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  return locator;
}

/**
 * Places a cash guest order for delivery to 10115 through the API (three Bruschetta,
 * above the 12 € minimum) and returns the created order; fails unless it is 201.
 */
export async function placeGuestOrder(baseUrl, { name, line1, phone, note = '' }) {
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const products = await (await fetch(api('/products/?store_id=14'))).json();
  const bruschetta = products.find((product) => product.name === 'Bruschetta');
  const response = await fetch(api('/orders/guest'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      order_type: 'delivery',
      lines: [{ product_id: bruschetta.id, variant_id: null, extras: [], quantity: 3 }],
      shipping_address: {
        type: 'shipping', customer_name: name, line1, city: 'Berlin', zip: '10115',
        country: 'DE', phone, email: '',
      },
      payment_method: 'cash',
      preorder_at: null,
      note,
    }),
  });
  const body = await response.json();
  assert.equal(response.status, 201, JSON.stringify(body));
  return body;
}

/** Logs the admin in through the API and returns the bearer token. */
export async function adminToken(baseUrl, { email = ADMIN_EMAIL, password = ADMIN_PASSWORD } = {}) {
  const response = await fetch(new URL('/login', new URL(baseUrl).origin).href, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  assert.equal(response.status, 200, 'admin POST /login');
  const token = (await response.json()).access_token;
  assert.ok(token, 'the login answer carries an access_token');
  return token;
}

/**
 * A shop for one browser test file: a fresh data directory with the admin account, the
 * server binary on it (its clock at LUNCHTIME unless `env` says otherwise) and headless
 * Chromium in German (`language`) with its own profile. `url(path)` is a storefront page,
 * `api(path)` an API route. Stop it with `stop()` in `after`.
 */
export async function startShop(chromium, name, { env = {}, language = 'de' } = {}) {
  assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
  const dataDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-${name}-data-`));
  const profileDir = await mkdtemp(join(tmpdir(), `heimservice-e2e-${name}-chromium-`));
  const shop = { tempDirs: [dataDir, profileDir], server: null, context: null };
  createAdmin(dataDir);
  shop.server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME, ...env } });
  shop.baseUrl = await shop.server.ready;
  shop.url = (path = '') => new URL(path, shop.baseUrl).href;
  shop.api = (path) => new URL(path, new URL(shop.baseUrl).origin).href;
  shop.context = await launchBrowser(chromium, profileDir);
  await shop.context.addInitScript((lang) => globalThis.localStorage.setItem('app_language', lang), language);
  shop.stop = () => tearDown(shop);
  return shop;
}
