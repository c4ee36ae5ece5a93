// Browser test of the ordering guards against the real server binary: the storefront
// names why it is closed (clock not confirmed yet, shop not ready, paused after
// unanswered orders) in both languages; the dashboard shows the "Before you open"
// checklist with links and the owner's confirmation, and the board's banner with the
// way to resume ordering; banner and ordering state follow the live status socket. A
// product without allergen labels is left off the menu while the shop stays open. The
// clock's flag file lives in a temp dir the test creates.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
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
  placeGuestOrder,
  launchBrowser,
  LUNCHTIME,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

describe('ordering guards', { timeout: 240_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let flagFile;
  let token;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, baseUrl).href;
  const headers = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

  async function storefront(language) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await gotoWithStorage(
      page,
      url(),
      (lang) => {
        globalThis.localStorage.clear();
        globalThis.localStorage.setItem('app_language', lang);
      },
      language,
    );
    return page;
  }

  async function badge(page) {
    const status = await visible(page.getByTestId('store-status'));
    return status;
  }

  async function adminPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await gotoWithStorage(page, url('admin'), () => globalThis.localStorage.setItem('app_language', 'en'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('heading', { name: 'Hello Anna' }));
    return page;
  }

  const guestOrder = () =>
    placeGuestOrder(baseUrl, { name: 'Gina Gast', line1: 'Torstraße 5', phone: '030 555 1234' });

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-guards-data-'));
    const flagDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-guards-clock-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-guards-chromium-'));
    tempDirs.push(dataDir, flagDir, profileDir);
    flagFile = join(flagDir, 'synchronized');
    createAdmin(dataDir);
    server = startServer(dataDir, {
      env: {
        HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME,
        HEIMSERVICE_CLOCK_TRUST: 'file',
        HEIMSERVICE_CLOCK_SYNCHRONIZED_FILE: flagFile,
        HEIMSERVICE_ORDERS_AUTO_REJECT_SECONDS: '2',
        HEIMSERVICE_ORDERS_PAUSE_AFTER_UNANSWERED: '2',
      },
    });
    baseUrl = await server.ready;
    token = await adminToken(baseUrl);
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('until the clock is confirmed the storefront says why it is closed, then opens by itself', async () => {
    const german = await storefront('de');
    const status = await badge(german);
    await visible(status.getByText('Gerade keine Bestellungen: Die Uhr des Shops wird nach einem Neustart gestellt.'));
    assert.equal(await status.locator('.store-status__badge').innerText(), 'Geschlossen');

    const english = await storefront('en');
    const englishStatus = await badge(english);
    await visible(englishStatus.getByText("Not taking orders right now: the shop's clock is being set after a restart."));

    const admin = await adminPage();
    const banner = await visible(admin.getByTestId('closed-reason'));
    assert.equal(await banner.getAttribute('data-reason'), 'clock_untrusted');
    await visible(banner.getByText(/Closed: the box's clock has not been confirmed since it started/));
    await admin.close();

    await writeFile(flagFile, '');
    // Pushed over the live status socket: no reload.
    await englishStatus.getByText('Open', { exact: true }).waitFor();
    await visible(englishStatus.getByText('11:30 - 14:30', { exact: true }));
    await german.close();
    await english.close();
  });

  /** The store record as PUT /stores/14 takes it, with `change` on top. */
  async function putStore(change) {
    const store = await (await fetch(api('/stores/14'))).json();
    const body = Object.fromEntries(
      [
        'company_name', 'address_line', 'phone', 'show_impressum', 'impressum_text', 'privacy_text',
        'store_hours', 'closures', 'paused', 'pickup_lead_minutes', 'delivery_lead_minutes', 'slot_interval_minutes',
      ]
        .filter((key) => key in store)
        .map((key) => [key, store[key]]),
    );
    const response = await fetch(api('/stores/14'), {
      method: 'PUT',
      headers: headers(),
      body: JSON.stringify({ ...body, ...change }),
    });
    assert.equal(response.status, 200, await response.clone().text());
  }

  /** The product cards of the storefront's menu named `name`, once the menu is there. */
  async function menuCards(page, name) {
    await visible(page.locator('article.product-card').filter({ hasText: 'Bruschetta' }).first());
    return page.locator('article.product-card').filter({ hasText: name });
  }

  test('an unlabelled product is not sold while the shop stays open; the dashboard lists it and links to the fix', async () => {
    const catalog = await (await fetch(api('/admin/catalog'), { headers: headers() })).json();
    const created = await fetch(api('/products/'), {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        category_id: catalog.categories[0].id,
        name: 'Focaccia',
        price: 4.5,
        tax_id: catalog.taxes[0].id,
        type: 'simple',
      }),
    });
    assert.equal(created.status, 201);
    const product = await created.json();

    // The shop stays open; the product is not on its menu.
    const shop = await storefront('en');
    await (await badge(shop)).getByText('Open', { exact: true }).waitFor();
    assert.equal(await (await menuCards(shop, 'Focaccia')).count(), 0, 'an unlabelled product is not on the menu');
    const menu = await (await fetch(api('/products/?store_id=14'))).json();
    assert.ok(!menu.some((item) => item.id === product.id), 'nor in the menu the API answers');

    const admin = await adminPage();
    const checklist = await visible(admin.getByTestId('readiness'));
    await visible(checklist.getByRole('heading', { name: 'Before you open' }));
    const item = await visible(checklist.locator(`[data-key="allergens_missing:product:${product.id}"]`));
    await visible(item.getByText('Product “Focaccia”: allergens and additives are not labelled; it is not sold until it is.'));
    await visible(item.getByText('Not in the shop'));
    await visible(checklist.getByText('The shop takes orders; the items marked are not sold until they are labelled.'));
    assert.equal(await checklist.getByRole('button', { name: 'Open with these items anyway' }).count(), 0);
    assert.equal(await admin.getByTestId('closed-reason').count(), 0, 'no closed banner');

    // "Fix" opens the product's form, which says before saving that it is not shown.
    await item.getByRole('link', { name: 'Fix' }).click();
    await visible(admin.getByRole('heading', { name: 'Edit product “Focaccia”' }));
    assert.equal(new URL(admin.url()).search, `?id=${product.id}`);
    await visible(admin.getByTestId('allergens-unset'));
    await visible(
      admin
        .getByTestId('allergens-hidden-warning')
        .getByText('Without allergen labels (or “Contains none …”) this product is not shown in the shop.'),
    );
    const none = await visible(admin.getByLabel('Contains none of the allergens and additives that must be labelled'));
    await none.check();
    await admin.getByTestId('allergens-hidden-warning').waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await visible(admin.getByText('Saved.').first());

    // Labelled: on the menu, and the list is empty.
    await shop.reload();
    await visible((await menuCards(shop, 'Focaccia')).first());
    await admin.goto(url('admin/home'));
    await visible(admin.getByTestId('readiness').getByText('Everything is in place: nothing is missing before the shop may open.'));
    await admin.close();
    await shop.close();
  });

  test('a missing legal link closes the shop until the owner opens with it', async () => {
    await putStore({ show_impressum: false });

    const shop = await storefront('en');
    await visible((await badge(shop)).getByText('Not taking orders yet: the shop is still being set up.'));
    const german = await storefront('de');
    await visible((await badge(german)).getByText('Noch keine Bestellungen: Der Shop wird gerade eingerichtet.'));
    await german.close();

    const admin = await adminPage();
    const checklist = await visible(admin.getByTestId('readiness'));
    const item = await visible(checklist.locator('[data-key="impressum_hidden:setting:show_impressum"]'));
    await visible(item.getByText('The footer does not link to the Impressum.'));
    await visible(item.getByText('Advice'));
    await visible(checklist.getByText('The shop takes no orders until each item is fixed or you confirm the list.'));
    const banner = await visible(admin.getByTestId('closed-reason'));
    assert.equal(await banner.getAttribute('data-reason'), 'not_ready');

    // "Fix" leads to the store settings.
    await item.getByRole('link', { name: 'Fix' }).click();
    assert.equal(new URL(admin.url()).pathname, '/order-online/admin/store-setting');
    await admin.goBack();

    // The owner opens with the list as it is.
    const again = await visible(admin.getByTestId('readiness'));
    await again.getByRole('button', { name: 'Open with these items anyway' }).click();
    await visible(again.getByText('You confirmed these items: the shop takes orders by its opening hours.'));
    await visible(again.getByText('confirmed', { exact: true }));
    await admin.getByTestId('closed-reason').waitFor({ state: 'detached' });
    await (await badge(shop)).getByText('Open', { exact: true }).waitFor();

    // Fixed: the list is empty.
    await putStore({ show_impressum: true });
    await admin.reload();
    await visible(admin.getByTestId('readiness').getByText('Everything is in place: nothing is missing before the shop may open.'));
    await admin.close();
    await shop.close();
  });

  test('orders nobody answers pause ordering; the board and the storefront say why until staff resume', async () => {
    const admin = await adminPage();
    await guestOrder();
    await guestOrder();
    const banner = admin.getByTestId('closed-reason');
    await banner.waitFor();
    assert.equal(await banner.getAttribute('data-reason'), 'auto_paused');
    await visible(banner.getByText(/^Paused automatically: 2 orders in a row were not answered \(since 12:0\d\)\.$/));
    const ordering = (text) => admin.getByTestId('dashboard-ordering').filter({ hasText: text });
    await visible(ordering('Ordering is paused. Customers cannot place orders right now.'));

    const english = await storefront('en');
    await visible((await badge(english)).getByText('Paused automatically: 2 orders in a row were not answered.'));
    const german = await storefront('de');
    await visible((await badge(german)).getByText('Automatisch pausiert: 2 Bestellungen in Folge blieben unbeantwortet.'));
    await german.close();

    await banner.getByRole('button', { name: 'Resume ordering' }).click();
    await banner.waitFor({ state: 'detached' });
    await visible(ordering('Taking orders. Ordering is not paused.'));
    await (await badge(english)).getByText('Open', { exact: true }).waitFor();
    const store = await (await fetch(api('/stores/14'))).json();
    assert.equal(store.paused, false);
    assert.equal(store.closed_reason, null);
    await english.close();
    await admin.close();
  });
});
