// Browser test of the storefront's first screen on a phone (390×844 at density 3),
// against the real server binary. The page carries the store, the menu, the banners, the
// standing discounts and, while the shop is closed, the pre-order times, so the app's
// first render already shows the hero, the banner, the discount, the closed banner's
// pre-order button and the first category's dishes: no frame in which they are still
// loading. And nothing on the screen moves from the page's start until the whole menu
// and its photos stand: the cumulative layout shift stays ≤ 0.02, every shift counted
// (nothing is clicked). Once open at lunchtime, once closed in the early morning with
// pre-orders for later. A returning customer's state (items in the cart, pickup) is
// patched into the first screen when the app starts: that moves no more than 0.02
// either, on a phone or a wide screen. A slow line delivers the page in pieces: the
// first paint waits for the whole first screen, so no frame shows half a header that then
// moves, also on a link with a query of its own. Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { DESKTOP, gotoWithStorage, LUNCHTIME, PHONE, startShop, STEP_TIMEOUT_MS } from './support.mjs';

/** Monday 23 November 2026, 06:00 in Berlin: closed, pre-orders for lunch are taken. */
const MONDAY_MORNING = '2026-11-23T05:00:00Z';

// In the page, before any of its scripts: what the first render shows in #root, and every
// layout shift. The menu page brings that first render in its markup; the parser may stop
// inside #root wherever the line's data runs out, and the page holds its first paint
// until the parser reaches #initial-data, the element after #root (menu_page.rs). So the
// first render is read (in the mutation observer's callback, a microtask after the DOM
// writes) once #initial-data is there; a page without the server's first screen has it
// before the app renders.
function watchFirstRender() {
  globalThis.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) globalThis.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new globalThis.MutationObserver((_records, observer) => {
    const root = globalThis.document.getElementById('root');
    if (!root?.querySelector('.menu-hero') || globalThis.document.getElementById('initial-data') === null) return;
    observer.disconnect();
    globalThis.__first = {
      banner: root.querySelector('.carousel__slide img') !== null,
      discount: root.querySelector('[data-testid="discount-advert"]') !== null,
      closed: root.querySelector('[data-testid="closed-banner"]') !== null,
      preorder: root.querySelector('.preorder-now__button') !== null,
      cards: root.querySelectorAll('article.product-card').length,
      loading: root.querySelector('[aria-busy="true"]') !== null,
    };
  }).observe(globalThis.document, { childList: true, subtree: true });
}

/** A page on the storefront's clock, as a phone (density 3) or a wide screen. */
async function openPage(shop, now, screen) {
  const page = await shop.context.newPage();
  // The device's clock shows the server's time: the first render reads the hours by it
  // (the live status then confirms it).
  await page.clock.setFixedTime(new Date(now));
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const cdp = await shop.context.newCDPSession(page);
  const phone = screen === PHONE;
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...screen, deviceScaleFactor: phone ? 3 : 1, mobile: phone });
  await page.addInitScript(watchFirstRender);
  return page;
}

/** Waits until the menu and its first screen's photos stand, and reads what was measured. */
async function measure(page) {
  // The whole menu stands once the allergen legend below its last category does.
  await page.locator('.allergen-legend').waitFor();
  await page.waitForFunction(() =>
    [...globalThis.document.images].every((image) => image.getBoundingClientRect().top >= globalThis.innerHeight || image.complete),
  );
  await page.waitForTimeout(1000);
  return page.evaluate(() => ({ first: globalThis.__first, cls: globalThis.__cls }));
}

/** Opens the storefront as a phone and reads what was measured. */
async function firstVisit(shop, now) {
  const page = await openPage(shop, now, PHONE);
  await page.goto(shop.url());
  const result = await measure(page);
  await page.close();
  return result;
}

/**
 * A customer puts the first dish in the cart and switches to pickup, then comes back:
 * the page's first screen is a first visit's, which the app patches (cart count, basket,
 * pickup). Reads what the coming back measured.
 */
async function returningVisit(shop, now, screen) {
  const page = await openPage(shop, now, screen);
  const forget = () => ['cartItems', 'order_type'].forEach((key) => globalThis.localStorage.removeItem(key));
  await gotoWithStorage(page, shop.url(), forget);
  await page.locator('.menu-category .product-card__add').first().click();
  await page.locator('.order-type-switch__option').nth(1).click();
  await page.waitForFunction(
    () => globalThis.localStorage.getItem('order_type') === 'pickup' && JSON.parse(globalThis.localStorage.getItem('cartItems') ?? '[]').length === 1,
  );
  await page.reload();
  const result = await measure(page);
  const count = await page.locator('.cart-button__count').textContent();
  const pickup = await page.locator('.order-type-switch__option').nth(1).getAttribute('aria-pressed');
  await gotoWithStorage(page, shop.url(), forget);
  await page.close();
  return { ...result, count, pickup };
}

/** How long the piecewise page holds back its second piece. */
const PAUSE_MS = 1500;

/**
 * A server on 127.0.0.1 in front of the shop's: the menu page comes in two pieces, the
 * second `PAUSE_MS` later, cut inside the header's actions (after the cart button, before
 * the account area); everything else passes through. Resolves to its base URL and a
 * `close` function.
 */
async function piecewise(shop) {
  const upstream = new URL(shop.baseUrl);
  const proxy = http.createServer((request, response) => {
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers: { ...request.headers, host: upstream.host, 'accept-encoding': 'identity' } },
      (answer) => {
        if (new URL(request.url, upstream).pathname !== upstream.pathname) {
          response.writeHead(answer.statusCode, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks).toString();
          const cut = page.indexOf('<div class="account-area"');
          assert.ok(cut > 0, 'the page has the header account area');
          const headers = { ...answer.headers };
          delete headers['content-length'];
          response.writeHead(answer.statusCode, headers);
          response.write(page.slice(0, cut));
          setTimeout(() => response.end(page.slice(cut)), PAUSE_MS);
        });
      },
    );
    request.pipe(forward);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const base = new URL(upstream.pathname, `http://127.0.0.1:${proxy.address().port}`).href;
  return { base, close: () => new Promise((resolve) => proxy.close(resolve)) };
}

for (const [name, now, closed] of [
  ['open at lunchtime', LUNCHTIME, false],
  ['closed in the early morning', MONDAY_MORNING, true],
]) {
  describe(`the first screen on a phone, ${name}`, { timeout: 300_000 }, () => {
    let shop;

    before(async () => {
      const env = { HEIMSERVICE_TESTING_CLOCK_START: now };
      shop = await startShop(chromium, `first-screen-${closed ? 'closed' : 'open'}`, { env });
    });

    after(async () => {
      await shop?.stop();
    });

    test('is complete in the first render and nothing on it shifts', async () => {
      const discounts = await (await fetch(shop.api('/discounts/14'))).json();
      assert.ok(discounts.length > 0, 'the demo has a standing discount');
      const { first, cls } = await firstVisit(shop, now);
      assert.ok(first, 'the app rendered');
      assert.equal(first.banner, true, 'the banner is in the first render');
      assert.equal(first.discount, true, 'the discount is in the first render');
      assert.equal(first.loading, false, 'nothing is loading in the first render');
      assert.ok(first.cards > 0, 'the first category is in the first render');
      assert.equal(first.closed, closed, 'the closed banner when closed');
      assert.equal(first.preorder, closed, "the closed banner's pre-order button is in the first render");
      assert.ok(cls <= 0.02, `cumulative layout shift ${cls}`);
    });

    if (!closed) {
      // A link shared on social media or printed on a flyer comes with a query of its own.
      for (const [linkName, query] of [['', ''], [', also from a link with a query', '?utm_source=flyer&fbclid=Iw%20x_1']]) {
        test(`waits for the whole first screen before its first paint when the page comes in pieces${linkName}`, async () => {
          const proxy = await piecewise(shop);
          try {
            const page = await openPage(shop, now, PHONE);
            const started = Date.now();
            await page.goto(proxy.base + query, { waitUntil: 'commit' });
            await page.locator('.site-footer').waitFor({ state: 'attached' });
            const complete = Date.now() - started;
            assert.ok(complete >= PAUSE_MS, `the second piece came after ${complete} ms`);
            const firstPaint = await page.evaluate(
              () =>
                new Promise((resolve) => {
                  new PerformanceObserver((list, observer) => {
                    const entry = list.getEntriesByName('first-contentful-paint')[0];
                    if (entry) {
                      observer.disconnect();
                      resolve(entry.startTime);
                    }
                  }).observe({ type: 'paint', buffered: true });
                }),
            );
            assert.ok(firstPaint >= PAUSE_MS, `first paint at ${firstPaint} ms, before the rest of the first screen (${PAUSE_MS} ms)`);
            await page.close();
          } finally {
            await proxy.close();
          }
        });
      }

      for (const [screenName, screen] of [['a phone', PHONE], ['a wide screen', DESKTOP]]) {
        test(`a returning customer's cart and pickup move nothing on ${screenName}`, async () => {
          const { first, cls, count, pickup } = await returningVisit(shop, now, screen);
          assert.ok(first, 'the app rendered');
          assert.equal(count?.trim(), '1', 'the cart count is the returning cart');
          assert.equal(pickup, 'true', 'pickup is chosen again');
          assert.ok(cls <= 0.02, `cumulative layout shift ${cls}`);
        });
      }
    }
  });
}
