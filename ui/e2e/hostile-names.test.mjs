// Browser test: a product whose name and description are HTML (a script and an image
// with an onerror handler) is shown as text everywhere it appears — menu, cart,
// checkout, order status, and the admin's orders board, order detail, kitchen ticket
// and product list — and nothing of it runs. The CSP alone would stop the script from
// running, so the test also checks that no such element was put into the page at all.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  adminToken,
  ADMIN_PASSWORD,
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

const HOSTILE = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
const HOSTILE_TEXT = '<b onmouseover="window.__xss=3">Bold</b> & <i>more</i>';
const ORDER_PATH = /^\/order-online\/orders\/[0-9a-f]{64}$/;

describe('names with HTML in them', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];
  const dialogs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
    return page;
  }

  /** The hostile name is on the page as text, and nothing of it became markup or ran. */
  async function assertInert(page, where) {
    await visible(page.getByText(HOSTILE).filter({ visible: true }).first());
    const found = await page.evaluate(() => ({
      xss: globalThis.__xss,
      images: [...globalThis.document.querySelectorAll('img')].filter((img) => img.getAttribute('src') === 'x').length,
      // The page's initial data (`type="application/json"`, never run) carries the name
      // as data, with every `<` escaped; any other script holding it would be markup.
      scripts: [...globalThis.document.querySelectorAll('script')].filter(
        (s) => s.textContent.includes('__xss') && !(s.id === 'initial-data' && s.type === 'application/json' && !s.textContent.includes('<')),
      ).length,
      handlers: globalThis.document.querySelectorAll('[onerror], [onmouseover]').length,
    }));
    assert.deepEqual(found, { xss: undefined, images: 0, scripts: 0, handlers: 0 }, where);
    assert.deepEqual(dialogs, [], `${where}: no dialog opened`);
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-hostile-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-hostile-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;

    const token = await adminToken(baseUrl);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const catalog = await (await fetch(api('/admin/catalog'), { headers })).json();
    const created = await fetch(api('/products/'), {
      method: 'POST',
      headers,
      body: JSON.stringify({
        category_id: catalog.categories[0].id,
        name: HOSTILE,
        name_en: HOSTILE,
        description: HOSTILE_TEXT,
        description_en: HOSTILE_TEXT,
        price: 13,
        tax_id: catalog.taxes[0].id,
        type: 'simple',
        // Labelled (here: contains none), or the shop would not take the order.
        no_allergens: true,
      }),
    });
    const answer = await created.text();
    assert.equal(created.status, 201, answer);
    const product = JSON.parse(answer);
    assert.equal(product.name, HOSTILE, 'stored as typed, not escaped twice');

    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('the storefront and the admin area show the name as text and run none of it', async () => {
    const page = await newPage();
    await gotoWithStorage(page, url(), () => globalThis.localStorage.removeItem('cartItems'));
    await page.getByRole('button', { name: /^(Choose postcode|Change postcode )/ }).first().click();
    const postcode = await visible(page.getByRole('dialog', { name: 'Delivery address: postcode' }));
    await postcode.getByRole('combobox').fill('10115');
    await postcode.getByRole('button', { name: 'Continue', exact: true }).click();
    await postcode.waitFor({ state: 'detached' });
    await assertInert(page, 'menu');
    await visible(page.getByText(HOSTILE_TEXT).first());

    await page.getByRole('button', { name: `Add ${HOSTILE} to the cart`, exact: true }).click();
    // On a desktop the menu page shows the cart as a column beside the menu; the header's button takes the focus there.
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = await visible(page.getByRole('complementary', { name: 'Cart' }));
    await page.waitForFunction(() => Boolean(globalThis.document.activeElement?.closest('#basket-column')));
    await visible(cart.getByText(HOSTILE).first());
    await assertInert(page, 'cart');

    await page.goto(url('guest-login'));
    await page.getByLabel('Name', { exact: true }).fill('Gustav Gast');
    await page.getByLabel('Street and house number').fill('Gartenweg 5');
    await page.getByLabel('Postcode', { exact: true }).fill('10115');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Phone').fill('0176-555 444');
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Checkout' }));
    await assertInert(page, 'checkout');

    await page.getByRole('button', { name: 'Place binding order', exact: true }).click();
    await page.waitForURL((u) => ORDER_PATH.test(u.pathname));
    await assertInert(page, 'order status');
    const token = new URL(page.url()).pathname.split('/').at(-1);
    const order = await (await fetch(api(`/orders/track/${token}`))).json();

    const admin = await newPage();
    await admin.goto(url('admin'));
    await admin.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await admin.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await admin.getByRole('button', { name: 'Login' }).click();
    await visible(admin.getByTestId('order-card').filter({ hasText: 'Gustav Gast' }));
    const onBoard = await admin.evaluate(() => globalThis.__xss);
    assert.equal(onBoard, undefined, 'orders board');

    await admin.goto(url(`admin/orders/${order.id}`));
    await assertInert(admin, 'order detail');
    await admin.emulateMedia({ media: 'print' });
    await visible(admin.getByTestId('kitchen-ticket').getByText(HOSTILE).first());
    await assertInert(admin, 'kitchen ticket');
    await admin.emulateMedia({ media: 'screen' });

    await admin.goto(url('admin/products-list'));
    await assertInert(admin, 'product list');
    await page.close();
    await admin.close();
  });
});
