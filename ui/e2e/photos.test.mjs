// Browser test of the menu's photos, against the real server binary: the owner uploads
// a photo for the first dish; the storefront shows its card with the WebP rendition
// Chromium picks for the card's size at the screen's density (1 and 2), no photo above
// the fold waits to be scrolled to, and nothing shifts while the photos arrive
// (cumulative layout shift ≤ 0.02 from the moment the menu stands until its photos
// are in); the banner's photo is the rendition for the screen, at most 960 px wide on a
// phone, asked for once (the page's preload is the one the picture takes). Build the UI
// (npm run build) and then the server
// that embeds it (cargo build).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { adminToken, DESKTOP, LUNCHTIME, PHONE, startShop, STEP_TIMEOUT_MS, UI_DIR, visible } from './support.mjs';

const PHOTO = new URL('../../assets/demo-photos/salad.webp', new URL(`file://${UI_DIR}/`));

/** Adds every layout shift up in `window.__cls` (nothing is clicked here). */
function observeLayoutShift() {
  globalThis.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The two renditions around `needed` pixels: the browser takes one of them. */
function around(widths, needed) {
  const above = widths.find((w) => w >= needed) ?? widths.at(-1);
  const below = [...widths].reverse().find((w) => w < needed) ?? above;
  return [below, above];
}

describe('photos on the menu', { timeout: 300_000 }, () => {
  let shop;
  let product;

  before(async () => {
    shop = await startShop(chromium, 'photos');
    const token = await adminToken(shop.baseUrl);
    const menu = await (await fetch(shop.api('/products/?store_id=14'))).json();
    const upload = await fetch(shop.api(`/products/${menu[0].id}/image`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/webp' },
      body: await readFile(PHOTO),
    });
    assert.equal(upload.status, 200);
    product = await upload.json();
    assert.deepEqual(product.image.widths, [128, 256, 384, 640]);
    await shop.context.addInitScript(observeLayoutShift);
  });

  after(async () => {
    await shop?.stop();
  });

  for (const density of [1, 2]) {
    test(`the card shows the WebP rendition for its size at density ${density}, without layout shift`, async () => {
      const page = await shop.context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      // The screen's clock shows the server's time, as a real one does: the app reads
      // the opening hours by it until the live status confirms them, and a clock hours
      // away from the server's would open and close the shop on the screen meanwhile.
      await page.clock.setFixedTime(new Date(LUNCHTIME));
      const cdp = await shop.context.newCDPSession(page);
      await cdp.send('Emulation.setDeviceMetricsOverride', {
        width: DESKTOP.width,
        height: DESKTOP.height,
        deviceScaleFactor: density,
        mobile: false,
      });
      // The photos wait until the menu stands: the layout shift measured from then on
      // is what the arriving photos cause (the menu's own arrival is not theirs).
      let release;
      const menuStands = new Promise((resolve) => {
        release = resolve;
      });
      await page.route('**/images/**', async (route) => {
        await menuStands;
        await route.continue();
      });
      // The first screen's photos are in the app's first render, so the load event
      // waits for them: only the page itself is waited for here.
      await page.goto(shop.url(), { waitUntil: 'domcontentloaded' });
      const card = await visible(page.locator(`article[data-product-id="${product.id}"]`));
      await visible(page.locator('.carousel__slide img').first());
      await page.evaluate(() => {
        globalThis.__cls = 0;
      });
      release();
      const image = card.locator('img.product-card__image');
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await image.elementHandle());
      const banner = page.locator('.carousel__slide img').first();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await banner.elementHandle());

      const shown = await image.evaluate((img) => ({
        src: img.currentSrc,
        cssWidth: img.getBoundingClientRect().width,
        cssHeight: img.getBoundingClientRect().height,
        loading: img.getAttribute('loading'),
      }));
      assert.match(shown.src, /\/images\/[0-9a-f]+-640x480\/\d+\.webp$/, 'Chromium takes the WebP');
      const width = Number(shown.src.match(/\/(\d+)\.webp$/)[1]);
      // A 4:3 photo covering the square is drawn 4/3 as wide as the square is high.
      const needed = Math.ceil((shown.cssHeight * 4) / 3) * density;
      assert.ok(around(product.image.widths, needed).includes(width), `${width} px for ${needed} px at density ${density}`);
      assert.ok(width < 640 || density > 1, 'not the largest rendition for a small card');
      assert.equal(shown.loading, 'eager', 'the first cards are fetched at once');

      const bannerSrc = await banner.evaluate((img) => img.currentSrc);
      assert.match(bannerSrc, /\.webp$/, bannerSrc);
      assert.equal(await banner.getAttribute('fetchpriority'), 'high', 'the largest image first');

      const lazyAboveFold = await page.evaluate(() =>
        [...globalThis.document.querySelectorAll('img')]
          .filter((img) => img.getBoundingClientRect().top < globalThis.innerHeight && img.getBoundingClientRect().bottom > 0)
          .filter((img) => img.getAttribute('loading') === 'lazy' && !img.closest('[aria-hidden="true"]'))
          .map((img) => img.currentSrc || img.src),
      );
      assert.deepEqual(lazyAboveFold, [], 'nothing above the fold is lazy');

      // Let the page settle, then read the layout shift since the photos were let through.
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => globalThis.__cls);
      assert.ok(cls <= 0.02, `cumulative layout shift ${cls}`);
      await page.close();
    });
  }

  // A phone at density 3 would take the 1280 px rendition for its 390 px: 16.6 KB of the
  // demo's banner where the 960 px one (12.3 KB, 2.5 pixels per CSS pixel) looks the same.
  for (const [screen, density, mobile, expected] of [
    [PHONE, 3, true, 960],
    [PHONE, 2, true, 960],
    [DESKTOP, 2, false, 1280],
  ]) {
    test(`a ${mobile ? 'phone' : 'wide screen'} at density ${density} gets the banner's ${expected} px photo, asked for once`, async () => {
      const [{ image }] = await (await fetch(shop.api('/banners/?store_id=14'))).json();
      assert.ok(image.widths.includes(1280) && image.widths.includes(960), `${image.widths}`);
      const page = await shop.context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      await page.clock.setFixedTime(new Date(LUNCHTIME));
      const cdp = await shop.context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setDeviceMetricsOverride', { ...screen, deviceScaleFactor: density, mobile });
      const asked = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith(`${image.url}/`)) asked.push(path);
      });
      await page.goto(shop.url(), { waitUntil: 'load' });
      const banner = page.locator('.carousel__slide img').first();
      await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await banner.elementHandle());
      // The app has started and rendered the carousel itself.
      await page.waitForFunction(() => !globalThis.document.documentElement.classList.contains('first-screen-starting'));
      await page.waitForTimeout(500);
      const shown = new URL(await banner.evaluate((img) => img.currentSrc)).pathname;
      assert.equal(shown, `${image.url}/${expected}.webp`);
      assert.deepEqual(asked, [shown], 'the preloaded photo is the one shown');
      await page.close();
    });
  }
});
