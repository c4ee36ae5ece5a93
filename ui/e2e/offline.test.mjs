// The installable storefront against the real server binary: the web app manifest and
// its icons, and the service worker (ui/public/sw.js) that keeps the menu readable
// offline. A first visit registers the worker, which keeps the app shell and the public
// menu; offline, a reload still shows the menu with the banner that ordering needs a
// connection and a disabled "Zur Kasse"; back online the banner goes. Signing in as the
// admin and opening admin and order pages leaves nothing private in the worker's caches.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DESKTOP, placeGuestOrder, startShop, STEP_TIMEOUT_MS, visible } from './support.mjs';

const OFFLINE_DE = 'Keine Verbindung – Bestellen ist erst wieder mit Internet möglich.';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return `${view.getUint32(16)}x${view.getUint32(20)}`;
}

/** In the page: the path and query of every request the service worker's caches hold, by cache. */
function cachedPaths() {
  return (async () => {
    const found = {};
    for (const name of await globalThis.caches.keys()) {
      const requests = await (await globalThis.caches.open(name)).keys();
      found[name] = requests.map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return found;
  })();
}

describe('the storefront installed and offline', { timeout: 180_000 }, () => {
  let shop;
  let page;
  let products;

  before(async () => {
    shop = await startShop(chromium, 'offline');
    page = await shop.context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    products = await (await fetch(shop.api('/products/?store_id=14'))).json();
  });

  after(async () => {
    await shop?.stop();
  });

  test('the manifest is served as a web app manifest, named after the shop, with its icons', async () => {
    const manifestUrl = shop.url('manifest.webmanifest');
    const response = await fetch(manifestUrl);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/manifest+json');
    assert.match(response.headers.get('cache-control') ?? '', /no-cache/, 'not immutable: the file is not hashed');
    const manifest = await response.json();
    assert.equal(manifest.name, 'Bella Napoli');
    assert.equal(manifest.short_name, 'Bella Napoli');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#b3261e');
    assert.equal(new URL(manifest.start_url, manifestUrl).href, shop.baseUrl);
    assert.equal(new URL(manifest.scope, manifestUrl).href, shop.baseUrl);

    const declared = [];
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, manifestUrl));
      assert.equal(image.status, 200, icon.src);
      assert.equal(image.headers.get('content-type'), 'image/png', icon.src);
      assert.equal(pngSize(new Uint8Array(await image.arrayBuffer())), icon.sizes, icon.src);
      declared.push(`${icon.sizes} ${icon.purpose}`);
    }
    assert.deepEqual(declared.sort(), ['192x192 any', '512x512 any', '512x512 maskable']);

    await page.goto(shop.baseUrl);
    const linked = await page.evaluate(() => ({
      manifest: globalThis.document.querySelector('link[rel="manifest"]')?.href,
      touchIcon: globalThis.document.querySelector('link[rel="apple-touch-icon"]')?.href,
    }));
    assert.equal(linked.manifest, manifestUrl);
    const touchIcon = await fetch(linked.touchIcon);
    assert.equal(touchIcon.headers.get('content-type'), 'image/png');
    assert.equal(pngSize(new Uint8Array(await touchIcon.arrayBuffer())), '180x180');
  });

  test('offline, a reload shows the kept menu, says ordering needs a connection and blocks checkout', async () => {
    const simple = products.find(
      (product) => product.available && product.variants.length === 0 && product.enriched_topping_groups.length === 0 && !product.age_restriction,
    );
    assert.ok(simple, 'the demo menu has a product without options');
    const others = products.filter((product) => product.id !== simple.id).slice(0, 3);

    await page.goto(shop.url('openapi.json'));
    await page.evaluate(() => globalThis.localStorage.setItem('order_type', 'pickup'));
    await page.goto(shop.baseUrl);
    await page.getByRole('button', { name: `${simple.name} in den Warenkorb legen`, exact: true }).click();
    const column = page.getByRole('complementary', { name: 'Warenkorb' });
    await visible(column.getByText(simple.name, { exact: true }));
    const checkout = column.getByRole('button', { name: 'Zur Kasse' });
    assert.equal(await checkout.isEnabled(), true);

    // The worker takes over the page after it loaded, and keeps what the page loaded before.
    await page.waitForFunction(() => globalThis.navigator.serviceWorker.controller !== null, null, { timeout: STEP_TIMEOUT_MS });
    // The page carries the menu (`#initial-data`), so keeping the page keeps the menu.
    await page.waitForFunction(cachedPathsInclude, '/order-online/', { timeout: STEP_TIMEOUT_MS });
    const cached = Object.values(await page.evaluate(cachedPaths)).flat();
    assert.ok(cached.includes('/order-online/'), `the page is kept: ${cached.join(', ')}`);
    assert.ok(cached.some((path) => /^\/order-online\/assets\/index-.*\.js$/.test(path)), `the entry script is kept: ${cached.join(', ')}`);

    await shop.context.setOffline(true);
    const menuAnswers = [];
    const onResponse = (response) => {
      if (new URL(response.url()).pathname === '/products/') menuAnswers.push(response);
    };
    page.on('response', onResponse);
    try {
      const reloaded = await page.reload();
      assert.ok(reloaded.fromServiceWorker(), 'the service worker answered the page from its cache');
      for (const product of [simple, ...others]) {
        await visible(page.getByRole('heading', { name: product.name, exact: true }).first());
      }
      const banner = await visible(page.getByTestId('offline-banner'));
      assert.equal(await banner.textContent(), OFFLINE_DE);
      await visible(column.getByText(simple.name, { exact: true }));
      assert.equal(await checkout.isDisabled(), true, '"Zur Kasse" is disabled offline');
      assert.equal(await column.getByTestId('checkout-blocked').textContent(), OFFLINE_DE);
      assert.ok(
        menuAnswers.every((response) => response.fromServiceWorker() && response.status() === 200),
        'any read of the menu was answered by the service worker',
      );
    } finally {
      page.off('response', onResponse);
      await shop.context.setOffline(false);
    }
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => !globalThis.document.querySelector('.cart-summary__checkout')?.disabled,
      null,
      { timeout: STEP_TIMEOUT_MS },
    );
  });

  test('admin pages, the order status page and signing in leave nothing private in the caches', async () => {
    const order = await placeGuestOrder(shop.baseUrl, { name: 'Olga Offline', line1: 'Netzweg 1', phone: '030 1234567' });
    await page.goto(shop.url(`orders/${order.token}`));
    await page.waitForLoadState('networkidle');

    await page.goto(shop.url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.locator('#admin-login-password').press('Enter');
    await page.waitForURL(/\/order-online\/admin\/home$/);
    await page.goto(shop.url('admin/orders'));
    await page.waitForLoadState('networkidle');
    await page.goto(shop.url('admin/products'));
    await page.waitForLoadState('networkidle');
    // A storefront visit while signed in: its reads carry the token.
    await page.goto(shop.baseUrl);
    await page.waitForLoadState('networkidle');

    const caches = await page.evaluate(cachedPaths);
    const cached = Object.values(caches).flat();
    assert.ok(cached.includes('/order-online/'), `the storefront page (with its menu) is kept: ${cached.join(', ')}`);
    const privatePaths = cached.filter((path) =>
      /^\/(admin|users|login|orders|ws|paypal|push)\b|^\/order-online\/(admin|orders)\b/.test(path),
    );
    assert.deepEqual(privatePaths, [], JSON.stringify(caches));
    assert.ok(!cached.some((path) => path.includes(order.token)), 'the order token is in no cached address');
  });
});

/** In the page: whether a cache holds `path` (with its query). */
function cachedPathsInclude(path) {
  return (async () => {
    for (const name of await globalThis.caches.keys()) {
      for (const request of await (await globalThis.caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (url.pathname + url.search === path) return true;
      }
    }
    return false;
  })();
}
