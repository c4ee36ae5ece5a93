// End-to-end test of the admin area against the real server binary.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// SERVER_BIN overrides the binary path (default ../target/debug/heimservice).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  assertTitle,
  createAdmin,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

// A 1×1 PNG for the image upload.
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);


describe('admin area', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const nav = (name) => page.getByRole('navigation').getByRole('link', { name, exact: true });
  const saved = () => visible(page.getByRole('status').filter({ hasText: 'Saved.' }).first());

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-admin-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-admin-chromium-'));
    tempDirs.push(dataDir, profileDir);

    createAdmin(dataDir);
    server = startServer(dataDir);
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    // The admin flow reads the English texts.
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('a signed-out visit to an admin screen lands on the admin login', async () => {
    await page.goto(url('admin/products'));
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    assert.equal(new URL(page.url()).pathname, '/order-online/admin');
    await assertTitle(page, 'Admin Login | Bella Napoli Heimservice');
  });

  test('the admin catalog refuses anonymous requests', async () => {
    const response = await fetch(new URL('/admin/catalog', baseUrl));
    assert.equal(response.status, 401);
  });

  test('a wrong password shows "Invalid credentials"', async () => {
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }));
    assert.equal(new URL(page.url()).pathname, '/order-online/admin');
  });

  test('the admin logs in and sees the dashboard', async () => {
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await visible(page.getByRole('heading', { name: 'Hello Anna' }));
    assert.equal(new URL(page.url()).pathname, '/order-online/admin/home');
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await visible(page.getByRole('link', { name: /Categories/ }).first());
  });

  test('creates a tax rate', async () => {
    await nav('Taxes').click();
    await assertTitle(page, 'Taxes | Bella Napoli Heimservice');
    await page.locator('#tax-name').fill('Test 10 %');
    await page.locator('#tax-percentage').fill('10');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Test 10 %', exact: true }));
  });

  test('creates a category', async () => {
    await nav('New category').click();
    await assertTitle(page, 'Categories | Bella Napoli Heimservice');
    await page.locator('#category-name').fill('Testgerichte');
    await page.locator('#category-sort_order').fill('50');
    await page.getByRole('button', { name: 'Create' }).click();
    await saved();
    await nav('Category list').click();
    await assertTitle(page, 'Category List | Bella Napoli Heimservice');
    await page.getByRole('searchbox').fill('testger');
    await visible(page.getByRole('cell', { name: 'Testgerichte', exact: true }));
  });

  test('creates two toppings, declared free of labelled allergens so the shop offers them', async () => {
    await nav('Toppings').click();
    await assertTitle(page, 'Toppings | Bella Napoli Heimservice');
    const hidden = page.getByTestId('allergens-hidden-warning');
    const none = page.getByLabel('Contains no labelled allergens or additives');
    await page.locator('#topping-name').fill('Extra Käse');
    await page.locator('#topping-price').fill('1,2x');
    await visible(hidden.getByText('Without allergen labels (or “Contains none …”) this topping is not offered in the shop.', { exact: false }));
    await none.check();
    await hidden.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('Enter a price like 1,20 or 1.20.'));
    await page.locator('#topping-price').fill('1,20');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Extra Käse', exact: true }));
    await page.locator('#topping-name').fill('Extra Oliven');
    await page.locator('#topping-price').fill('0.90');
    await none.check();
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Extra Oliven', exact: true }));
  });

  test('creates a topping group, checking min ≤ max first', async () => {
    await nav('Topping groups').click();
    await assertTitle(page, 'Topping Groups | Bella Napoli Heimservice');
    await page.locator('#topping-group-name').fill('Käseauswahl');
    await page.locator('#topping-group-min_selections').fill('3');
    await page.locator('#topping-group-max_selections').fill('2');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByText('The minimum must not be larger than the maximum.'));
    await page.locator('#topping-group-min_selections').fill('1');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Käseauswahl', exact: true }));
  });

  test('puts both toppings into the group with their prices', async () => {
    await nav('Group items').click();
    await assertTitle(page, 'Group Items | Bella Napoli Heimservice');
    await page.locator('#group-item-topping_group_id').selectOption({ label: 'Käseauswahl' });
    await page.locator('#group-item-topping_id').selectOption({ label: 'Extra Käse (1,20 €)' });
    assert.equal(await page.locator('#group-item-price').inputValue(), '1,20');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Extra Käse', exact: true }));

    await page.locator('#group-item-topping_group_id').selectOption({ label: 'Käseauswahl' });
    await page.locator('#group-item-topping_id').selectOption({ label: 'Extra Oliven (0,90 €)' });
    await page.locator('#group-item-price').fill('1,00');
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('cell', { name: 'Extra Oliven', exact: true }));
  });

  test('creates a variable product with variants, a topping group and an allergen', async () => {
    await nav('New product').click();
    await assertTitle(page, 'Products | Bella Napoli Heimservice');
    await page.locator('#product-name').fill('Testpizza');
    await page.locator('#product-category_id').selectOption({ label: 'Testgerichte' });
    await page.locator('#product-tax_id').selectOption({ label: 'Test 10 % (10 %)' });
    await page.locator('#product-type').selectOption('variable');
    await page.locator('#product-variant-0-name').fill('Klein');
    await page.locator('#product-variant-0-price').fill('8,00');
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.locator('#product-variant-1-name').fill('Groß');
    await page.locator('#product-variant-1-price').fill('11,50');
    await page.getByLabel(/^Käseauswahl \(1–2\)/).check();
    await page.getByLabel(/^G – /).check();
    await page.getByRole('button', { name: 'Create' }).click();

    await visible(page.getByRole('heading', { name: 'Edit product “Testpizza”' }));
    await saved();
    assert.match(page.url(), /\/order-online\/admin\/products\?id=\d+/);
    assert.ok(await page.getByLabel(/^Käseauswahl \(1–2\)/).isChecked());
    assert.ok(await page.getByLabel(/^G – /).isChecked());

    const response = await page.request.get(new URL('/products/?store_id=14', baseUrl).href);
    assert.equal(response.status(), 200);
    const products = await response.json();
    const pizza = products.find((product) => product.name === 'Testpizza');
    assert.ok(pizza, 'Testpizza is on the public menu');
    assert.equal(pizza.type, 'variable');
    assert.deepEqual(
      pizza.variants.map((variant) => [variant.name, variant.price]),
      [
        ['Klein', 8],
        ['Groß', 11.5],
      ],
    );
    assert.equal(pizza.price, 8);
    assert.equal(pizza.tax.percentage, 10);
    assert.deepEqual(
      pizza.enriched_topping_groups.map((group) => group.name),
      ['Käseauswahl'],
    );
    const toppings = pizza.enriched_topping_groups[0].toppings.map((topping) => [topping.name, topping.price]);
    assert.deepEqual(
      toppings.sort(),
      [
        ['Extra Käse', 1.2],
        ['Extra Oliven', 1],
      ].sort(),
    );
    assert.ok(pizza.allergens.some((allergen) => allergen.code === 'G'));
  });

  test('uploads and removes a product image', async () => {
    await page.locator('#product-image').setInputFiles({ name: 'pizza.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saved();
    const image = await visible(page.getByRole('img', { name: 'Current image of Testpizza' }));
    const src = await image.getAttribute('src');
    assert.ok(src, 'the product has an image_url');
    const bytes = await page.request.get(new URL(src, baseUrl).href);
    assert.equal(bytes.status(), 200);

    await page.getByRole('button', { name: 'Remove the image' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await saved();
    assert.equal(await page.getByRole('img', { name: 'Current image of Testpizza' }).count(), 0);
  });

  test('the product list finds the product and the overview shows it', async () => {
    await nav('Product list').click();
    await assertTitle(page, 'Product List | Bella Napoli Heimservice');
    await page.getByRole('searchbox').fill('testpiz');
    await visible(page.getByRole('cell', { name: 'Testpizza', exact: true }));

    await nav('Menu overview').click();
    await assertTitle(page, 'Categories | Bella Napoli Heimservice');
    await visible(page.getByRole('link', { name: 'Testpizza', exact: true }));
  });

  test('a customer sees the new dish and orders it by the cart rules', async () => {
    const shop = await context.newPage();
    shop.setDefaultTimeout(STEP_TIMEOUT_MS);
    await shop.goto(url());
    const card = shop
      .locator('article.product-card')
      .filter({ has: shop.getByRole('heading', { level: 4, name: 'Testpizza', exact: true }) });
    await visible(card);
    assert.match(await card.innerText(), /from 8,00 €/);
    assert.match(await card.innerText(), /\bG\b/, 'the allergen code is shown');

    const openOptions = async () => {
      await card.getByRole('button', { name: 'Add Testpizza to the cart', exact: true }).click();
      return visible(shop.getByRole('dialog', { name: 'Testpizza' }));
    };
    const dialog = await openOptions();
    const add = dialog.getByRole('button', { name: /Add to cart/ });
    await dialog.getByRole('radio', { name: 'Klein' }).check();
    assert.equal(await add.isDisabled(), true, 'the cheese choice is required');
    await visible(dialog.getByText('Please choose at least 1 from "Käseauswahl"'));
    await dialog.getByRole('checkbox', { name: 'Extra Käse', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Extra Oliven', exact: true }).check();
    await add.click();
    await dialog.waitFor({ state: 'detached' });

    const again = await openOptions();
    await again.getByRole('radio', { name: 'Klein' }).check();
    await again.getByRole('checkbox', { name: 'Extra Käse', exact: true }).check();
    await again.getByRole('checkbox', { name: 'Extra Oliven', exact: true }).check();
    await again.getByRole('button', { name: /Add to cart/ }).click();
    await again.waitFor({ state: 'detached' });

    // On a desktop the menu page shows the cart as a column beside the menu; the header's button takes the focus there.
    await shop.getByRole('button', { name: 'Cart, 2 items' }).click();
    const cart = await visible(shop.getByRole('complementary', { name: 'Cart' }));
    await shop.waitForFunction(() => Boolean(globalThis.document.activeElement?.closest('#basket-column')));
    assert.equal(await cart.locator('.cart-line').count(), 1, 'the same choice is one line');
    assert.equal((await cart.getByLabel('Quantity of Testpizza (Klein)', { exact: true }).innerText()).trim(), '2');

    // No other line has the edited key, so the line changes in place.
    await cart.getByRole('button', { name: 'Edit Testpizza (Klein)' }).click();
    const editor = await visible(shop.getByRole('dialog', { name: 'Edit Testpizza' }));
    await editor.getByRole('radio', { name: 'Groß' }).check();
    await editor.getByRole('button', { name: /Save changes/ }).click();
    await editor.waitFor({ state: 'detached' });
    assert.equal(await cart.locator('.cart-line').count(), 1);
    assert.equal((await cart.getByLabel('Quantity of Testpizza (Groß)', { exact: true }).innerText()).trim(), '2');

    // (11,50 € + 1,20 € + 1,00 €) × 2
    assert.equal((await cart.getByTestId('cart-subtotal').innerText()).trim(), '27,40 €');
    await shop.close();
  });

  test('marks a drink as sold only from 18 and takes the mark off again', async () => {
    await nav('New product').click();
    await page.locator('#product-name').fill('Testgrappa');
    await page.locator('#product-category_id').selectOption({ label: 'Testgerichte' });
    await page.locator('#product-tax_id').selectOption({ label: 'Test 10 % (10 %)' });
    await page.locator('#product-price').fill('3,50');
    await page.locator('#product-age_restriction').selectOption({ label: '18 and over (spirits)' });
    await page.locator('#product-no-allergens').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('heading', { name: 'Edit product “Testgrappa”' }));
    await saved();
    const ageOnMenu = async () => {
      const response = await page.request.get(new URL('/products/?store_id=14', baseUrl).href);
      const products = await response.json();
      return products.find((product) => product.name === 'Testgrappa')?.age_restriction;
    };
    assert.equal(await ageOnMenu(), 18);
    assert.equal(await page.locator('#product-age_restriction').inputValue(), '18');

    await page.locator('#product-age_restriction').selectOption({ label: 'None' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    let age = await ageOnMenu();
    for (let attempt = 0; attempt < 50 && age !== null; attempt += 1) {
      await page.waitForTimeout(100);
      age = await ageOnMenu();
    }
    assert.equal(age, null, 'saved without an age, the drink is sold to anyone');
  });

  test('uploads a banner that the storefront carousel shows, then deletes it', async () => {
    await nav('Banners').click();
    await assertTitle(page, 'Banners | Bella Napoli Heimservice');
    const file = page.locator('#banner-image');
    await file.setInputFiles({ name: 'party.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await visible(page.getByText('Please choose a JPEG, PNG or WebP image.'));
    await file.setInputFiles({ name: 'sommerfest.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByText('Please fill in this field.'));
    await page.locator('#banner-alt').fill('Sommerfest');
    // Before the demo's own banner (position 0), so the carousel opens on it.
    await page.locator('#banner-sort_order').fill('-10');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Banner uploaded.' }));
    await visible(page.getByRole('cell', { name: 'Sommerfest', exact: true }));

    const shop = await context.newPage();
    shop.setDefaultTimeout(STEP_TIMEOUT_MS);
    await shop.goto(url());
    const carousel = await visible(shop.getByRole('region', { name: 'Offers' }));
    const slide = await visible(carousel.getByRole('img', { name: 'Sommerfest', exact: true }));
    await shop.waitForFunction((image) => image.complete && image.naturalWidth > 0, await slide.elementHandle());
    await shop.close();

    await page.getByRole('button', { name: 'Delete Sommerfest' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('cell', { name: 'Sommerfest', exact: true }).waitFor({ state: 'detached' });
    await visible(page.getByRole('cell', { name: /^Pizza Margherita aus dem Steinofen/ }));
    const response = await fetch(new URL('/banners/?store_id=14', baseUrl));
    assert.equal(response.status, 200);
    const banners = await response.json();
    assert.equal(banners.filter((banner) => banner.alt === 'Sommerfest').length, 0, 'the banner is gone');
  });

  test('deleting a tax that products use shows the server message', async () => {
    await nav('Taxes').click();
    await page.getByRole('button', { name: 'Delete Test 10 %' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This is still in use and cannot be deleted.' }));
    await visible(page.getByRole('cell', { name: 'Test 10 %', exact: true }));
  });

  /** GET on the server as a client outside the browser (public reads). */
  const getJson = async (path) => {
    const response = await fetch(new URL(path, baseUrl));
    assert.equal(response.status, 200, `GET ${path}`);
    return response.json();
  };

  test('sets the hours of today to a single slot', async () => {
    await nav('Store settings').click();
    await assertTitle(page, 'Store Settings | Bella Napoli Heimservice');
    const store = await getJson('/stores/14');
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: store.timezone }).format(new Date());
    const day = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(weekday);
    const removeFirst = page.getByRole('button', { name: `Remove slot 1 on ${weekday}`, exact: true });
    await visible(page.getByRole('group', { name: weekday, exact: true }));
    while ((await removeFirst.count()) > 0) await removeFirst.click();
    await page.getByRole('button', { name: `Add a slot on ${weekday}` }).click();
    await page.locator(`#hours-${day}-0-open`).fill('10:00');
    await page.locator(`#hours-${day}-0-close`).fill('10:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('Opening and closing time must differ.'));
    await page.locator(`#hours-${day}-0-close`).fill('23:30');
    await page.locator(`#hours-${day}-0-label`).fill('Durchgehend');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Store settings saved.' }));

    const saved = await getJson('/stores/14');
    assert.deepEqual(
      saved.store_hours.filter((hour) => hour.day_of_week === day),
      [{ day_of_week: day, open_time: '10:00', close_time: '23:30', label: 'Durchgehend', label_en: '' }],
    );
  });

  test('pauses ordering at once and resumes it', async () => {
    const toggle = page.getByRole('switch', { name: 'Pause ordering' });
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await toggle.click();
    await page.waitForFunction(() => globalThis.document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    await visible(page.getByText('Ordering is paused. Customers cannot place orders right now.'));
    assert.equal((await getJson('/stores/14')).paused, true);

    await nav('Dashboard').click();
    await visible(page.getByText('Ordering is paused. Customers cannot place orders right now.'));
    await page.getByRole('main').getByRole('link', { name: 'Store settings' }).click();
    await assertTitle(page, 'Store Settings | Bella Napoli Heimservice');

    await page.getByRole('switch', { name: 'Pause ordering' }).click();
    await visible(page.getByText('Taking orders as usual.'));
    assert.equal((await getJson('/stores/14')).paused, false);
  });

  test('adds a closure date', async () => {
    const date = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await page.locator('#closure-date').fill(date);
    await page.locator('#closure-note').fill('Betriebsferien');
    await page.getByRole('button', { name: 'Add closure' }).click();
    await visible(page.getByText('Betriebsferien'));
    await page.locator('#closure-date').fill(date);
    await page.getByRole('button', { name: 'Add closure' }).click();
    await visible(page.getByText('This date is already listed.'));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Store settings saved.' }));
    const store = await getJson('/stores/14');
    assert.ok(
      store.closures.some((closure) => closure.date === date && closure.note === 'Betriebsferien'),
      `closure ${date} is saved: ${JSON.stringify(store.closures)}`,
    );
  });

  test('sets a delivery discount of 10 % without expiry', async () => {
    await nav('Discounts').click();
    await assertTitle(page, 'Discounts | Bella Napoli Heimservice');
    await page.locator('#discount-delivery-value').fill('10');
    await page.getByRole('button', { name: 'Save Delivery discount' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Delivery discount saved.' }));
    await visible(page.getByRole('cell', { name: /DELIVERY_DISCOUNT/ }));
    const discounts = await getJson('/discounts/14');
    const delivery = discounts.find((discount) => discount.code === 'DELIVERY_DISCOUNT');
    assert.ok(delivery, `DELIVERY_DISCOUNT is listed: ${JSON.stringify(discounts)}`);
    assert.equal(delivery.value, 10);
    assert.equal(delivery.expires_on, null);
  });

  test('creates a postcode, refuses it a second time and deletes it', async () => {
    await nav('Postcodes').click();
    await assertTitle(page, 'Postcodes | Bella Napoli Heimservice');
    const fill = async () => {
      await page.locator('#postcode-postcode').fill('12345');
      await page.locator('#postcode-minimum_order_amount').fill('15,00');
      await page.locator('#postcode-delivery_fee').fill('2,50');
      await page.getByRole('button', { name: 'Create' }).click();
    };
    await fill();
    await visible(page.getByRole('status').filter({ hasText: 'Postcode 12345 created.' }));
    await visible(page.getByRole('cell', { name: '12345', exact: true }));
    const created = (await getJson('/postcodes/store/14')).find((zone) => zone.postcode === '12345');
    assert.ok(created, 'the postcode is listed');
    assert.equal(created.delivery_fee, 2.5);
    assert.equal(created.minimum_order_amount, 15);

    await fill();
    await visible(page.locator('#postcode-postcode-error'));
    assert.equal(await page.locator('#postcode-postcode').getAttribute('aria-invalid'), 'true');
    assert.equal((await getJson('/postcodes/store/14')).filter((zone) => zone.postcode === '12345').length, 1);

    await page.getByRole('button', { name: 'Delete 12345' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('cell', { name: '12345', exact: true }).waitFor({ state: 'detached' });
    assert.equal((await getJson('/postcodes/store/14')).filter((zone) => zone.postcode === '12345').length, 0);
  });

  test('shows a message sent with the contact form under support messages', async () => {
    const refused = await fetch(new URL('/admin/support-messages', baseUrl));
    assert.equal(refused.status, 401, 'support messages need the admin token');

    const question = `Do you deliver to Musterstadt? (${Date.now()})`;
    const response = await page.request.post(url('/support'), {
      data: { name: 'Erika Example', email: 'erika@example.com', phone: '+49 30 123456', message: question },
    });
    assert.ok(response.ok(), `POST /support answered ${response.status()}: ${await response.text()}`);

    await nav('Support messages').click();
    await assertTitle(page, 'Support messages | Bella Napoli Heimservice');
    const entry = page.locator('.admin-inbox__item').filter({ hasText: 'Erika Example' }).first();
    await visible(entry);
    await visible(entry.getByRole('link', { name: 'erika@example.com' }));
    assert.equal(await entry.getByRole('link', { name: 'erika@example.com' }).getAttribute('href'), 'mailto:erika@example.com');
    await entry.getByRole('button', { name: 'Show message from Erika Example' }).click();
    await visible(entry.locator('.admin-inbox__text').filter({ hasText: question }));

    await page.getByRole('searchbox').fill('Musterstadt');
    await visible(entry);
    await page.getByRole('searchbox').fill('no message says this');
    await visible(page.getByText('No entries match your search.'));
  });

  test('shows the password reset mail in the outbox when no SMTP server is set up', async () => {
    const refused = await fetch(new URL('/admin/outbox', baseUrl));
    assert.equal(refused.status, 401, 'the outbox needs the admin token');

    const response = await page.request.post(url('/forgot-password'), { data: { email: ADMIN_EMAIL } });
    assert.ok(response.ok(), `POST /forgot-password answered ${response.status()}: ${await response.text()}`);

    // The server files the mail after answering; wait for it with the admin's token.
    const token = await page.evaluate(() => JSON.parse(globalThis.sessionStorage.getItem('userData') ?? '{}').access_token);
    const isReset = (mail) => mail.to === ADMIN_EMAIL && /password|Passwort/i.test(mail.subject);
    let mails = [];
    for (let attempt = 0; attempt < 50 && !mails.some(isReset); attempt += 1) {
      if (attempt > 0) await new Promise((wait) => setTimeout(wait, 100));
      const answer = await fetch(new URL('/admin/outbox', baseUrl), { headers: { Authorization: `Bearer ${token}` } });
      assert.equal(answer.status, 200, 'GET /admin/outbox with the admin token');
      mails = await answer.json();
    }
    assert.ok(mails.some(isReset), `a password reset mail is in the outbox: ${JSON.stringify(mails)}`);

    await nav('Outbox').click();
    await assertTitle(page, 'Outbox | Bella Napoli Heimservice');
    await visible(page.getByText(/No SMTP server is configured/));
    const mail = page
      .locator('.admin-inbox__item')
      .filter({ hasText: ADMIN_EMAIL })
      .filter({ has: page.locator('.admin-inbox__title', { hasText: /password|Passwort/i }) })
      .first();
    await visible(mail);
    await mail.getByRole('button', { name: /^Show mail/ }).click();
    const body = mail.locator('.admin-inbox__text');
    await visible(body);
    assert.ok(((await body.textContent()) ?? '').trim().length > 0, 'the mail has a body');
    const link = body.getByRole('link', { name: /reset-password\?token=/ }).first();
    await visible(link);
    assert.match((await link.getAttribute('href')) ?? '', /^https?:\/\/.+\/reset-password\?token=\w+$/);
  });

  test('logging out returns to the admin login and forgets the session', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    assert.equal(await page.evaluate(() => globalThis.sessionStorage.getItem('userData')), null);
    await page.goto(url('admin/home'));
    await visible(page.getByRole('heading', { name: 'Admin Login' }));
    assert.equal(new URL(page.url()).pathname, '/order-online/admin');
  });
});
