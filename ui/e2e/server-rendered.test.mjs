// Browser test of the menu page's server-rendered first screen, against the real server
// binary: the HTML the server writes into #root is exactly what the app's first render
// makes of the same answers, so when the app starts it takes the page's elements over
// and nothing changes. Compared as trees (elements with their sorted attributes, merged
// text), on a phone and on a wide screen, open at lunchtime and closed in the early
// morning with pre-orders, in German and with English as the store's language, and with
// each category of the demo menu as the first one (its dishes are in the first screen).
// Then: the app keeps the server's elements (none of the first screen is removed), and a
// visitor who chose the other language never sees the server's screen. Build the UI
// (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { adminToken, CHROMIUM_ARGS, DESKTOP, LUNCHTIME, PHONE, startShop, STEP_TIMEOUT_MS } from './support.mjs';

/** Monday 23 November 2026, 06:00 in Berlin: closed, pre-orders for lunch are taken. */
const MONDAY_MORNING = '2026-11-23T05:00:00Z';

const VIEWPORTS = [
  ['a phone', { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
  ['a wide screen', { viewport: DESKTOP }],
];

// In the page, before any of its scripts: a canonical form of a tree (one line per
// element with its attributes sorted, one per run of text), and the form of #root at
// the app's first render.
function defineCanonical() {
  globalThis.__canonical = (root) => {
    const lines = [];
    const walk = (node, depth) => {
      let text = '';
      const flush = () => {
        if (text !== '') lines.push(`${'  '.repeat(depth)}"${text}"`);
        text = '';
      };
      for (const child of node.childNodes) {
        if (child.nodeType === 3) {
          text += child.data;
        } else if (child.nodeType === 1) {
          flush();
          const attributes = [...child.attributes]
            .map((attribute) => {
              const value = attribute.name === 'style' ? child.style.cssText : attribute.value;
              return `${attribute.name}="${value}"`;
            })
            .sort();
          lines.push(`${'  '.repeat(depth)}<${child.localName}${attributes.map((a) => ` ${a}`).join('')}>`);
          walk(child.localName === 'template' ? child.content : child, depth + 1);
        }
      }
      flush();
    };
    walk(root, 0);
    return lines;
  };
}

function watchFirstRender() {
  new globalThis.MutationObserver((_records, observer) => {
    const root = globalThis.document.getElementById('root');
    if (!root?.querySelector('.menu-hero')) return;
    observer.disconnect();
    globalThis.__first = globalThis.__canonical(root);
  }).observe(globalThis.document, { childList: true, subtree: true });
}

/** The page without its server-rendered screen, so the app renders into an empty #root. */
function withoutFirstScreen(html) {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="initial-data">');
  assert.ok(start > 0 && end > start, 'the page has #root before its initial data');
  return `${html.slice(0, start)}<div id="root"></div>${html.slice(end)}`;
}

/** Lines around the first difference of two canonical trees, for the failure message. */
function firstDifference(server, app) {
  let at = 0;
  while (at < server.length && at < app.length && server[at] === app[at]) at++;
  if (at === server.length && at === app.length) return null;
  const around = (lines) => lines.slice(Math.max(0, at - 6), at + 6).map((line, i) => `${Math.max(0, at - 6) + i === at ? '>' : ' '} ${line}`);
  return [`first difference at line ${at + 1} of ${server.length} (server) / ${app.length} (app)`, '--- server:', ...around(server), '--- app:', ...around(app)].join('\n');
}

async function openPage(shop, now, device) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ ...device, timezoneId: 'Europe/Berlin' });
  await context.addInitScript((lang) => globalThis.localStorage.setItem('app_language', lang), shop.language);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.clock.setFixedTime(new Date(now));
  await page.addInitScript(defineCanonical);
  return { page, close: () => browser.close() };
}

/**
 * The server's first screen and the app's first render of the same page, canonical. The
 * server's screen has the basket column on every screen; the app renders it only on a
 * wide one, and on a narrower one the page's style hides it until the app removes it.
 */
async function bothTrees(shop, now, device) {
  const html = await (await fetch(shop.url())).text();
  const { page, close } = await openPage(shop, now, device);
  try {
    await page.addInitScript(watchFirstRender);
    await page.route(shop.url(), async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: withoutFirstScreen(await response.text()) });
    });
    await page.goto(shop.url());
    await page.waitForFunction(() => globalThis.__first !== undefined);
    const app = await page.evaluate(() => globalThis.__first);
    const wide = await page.evaluate(() => globalThis.matchMedia('(min-width: 1024px)').matches);
    const server = await page.evaluate(
      ({ text, wide }) => {
        const parsed = new globalThis.DOMParser().parseFromString(text, 'text/html');
        if (!wide) parsed.getElementById('basket-column')?.remove();
        return globalThis.__canonical(parsed.getElementById('root'));
      },
      { text: html, wide },
    );
    return { server, app };
  } finally {
    await close();
  }
}

function assertSameTrees({ server, app }, what) {
  assert.ok(server.length > 50, `${what}: the server rendered a first screen (${server.length} lines)`);
  const difference = firstDifference(server, app);
  assert.equal(difference, null, `${what}: the server's first screen differs from the app's first render\n${difference}`);
}

for (const [state, now] of [
  ['open at lunchtime', LUNCHTIME],
  ['closed in the early morning', MONDAY_MORNING],
]) {
  describe(`the server-rendered first screen, ${state}`, { timeout: 600_000 }, () => {
    let shop;

    before(async () => {
      shop = await startShop(chromium, 'server-rendered', { env: { HEIMSERVICE_TESTING_CLOCK_START: now } });
      shop.language = 'de';
    });

    after(async () => {
      await shop?.stop();
    });

    for (const [name, device] of VIEWPORTS) {
      test(`is the app's first render on ${name}`, async () => {
        assertSameTrees(await bothTrees(shop, now, device), name);
      });
    }

    test('is the first render with each category first', async () => {
      const token = await adminToken(shop.baseUrl);
      const categories = await (await fetch(shop.api('/categories/?store_id=14'))).json();
      assert.ok(categories.length >= 5, 'the demo menu has its categories');
      let lowest = Math.min(...categories.map((category) => category.sort_order));
      for (const category of categories.slice(1)) {
        lowest -= 1;
        const body = { ...category, sort_order: lowest };
        delete body.id;
        const moved = await fetch(shop.api(`/categories/${category.id}`), {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(moved.status, 200, `category ${category.name} moved first`);
        const page = await (await fetch(shop.url())).text();
        assert.ok(page.includes(`id="category-${category.id}"`), `the page shows ${category.name} first`);
        assertSameTrees(await bothTrees(shop, now, VIEWPORTS[0][1]), `${category.name} first`);
      }
    });
  });
}

// In the page, before any of its scripts: every element removed from #root, and the
// server's banner photo and first dish (taken as the parser inserts them).
function watchTakeover() {
  globalThis.__removed = [];
  new globalThis.MutationObserver((records) => {
    const root = globalThis.document.getElementById('root');
    if (root && !globalThis.__photo) globalThis.__photo = root.querySelector('.carousel__slide img');
    if (root && !globalThis.__dish) globalThis.__dish = root.querySelector('article.product-card');
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (node.nodeType === 1 && root?.contains(record.target)) globalThis.__removed.push(`${node.localName}.${node.className}`);
      }
    }
  }).observe(globalThis.document, { childList: true, subtree: true });
}

describe('the app takes the server-rendered first screen over', { timeout: 300_000 }, () => {
  let shop;

  before(async () => {
    shop = await startShop(chromium, 'server-rendered-takeover');
    shop.language = 'de';
  });

  after(async () => {
    await shop?.stop();
  });

  for (const [name, device] of VIEWPORTS) {
    test(`keeping every element of it on ${name}`, async () => {
      const { page, close } = await openPage(shop, LUNCHTIME, device);
      try {
        await page.addInitScript(watchTakeover);
        await page.goto(shop.url());
        // The whole menu stands once the allergen legend below its last category does.
        await page.locator('.allergen-legend').waitFor();
        const kept = await page.evaluate(() => ({
          removed: globalThis.__removed,
          photo: globalThis.__photo !== undefined && globalThis.__photo === globalThis.document.querySelector('.carousel__slide img'),
          dish: globalThis.__dish !== undefined && globalThis.__dish === globalThis.document.querySelector('article.product-card'),
          started: globalThis.document.querySelector('.category-nav__chip[aria-current="true"]') !== null,
        }));
        // On a phone the app has no basket column: the server's, hidden there, goes.
        const expected = name === 'a phone' ? ['aside.basket-column'] : [];
        assert.deepEqual(kept.removed, expected, 'the elements removed from the first screen');
        assert.equal(kept.photo, true, "the banner's photo is the server's element");
        assert.equal(kept.dish, true, 'the first dish is the server\'s element');
        // The app is running: a dish goes into the cart.
        await page.locator('article.product-card').first().getByRole('button').click();
        await page.locator('.cart-button__count:not(.cart-button__count--empty)').waitFor();
      } finally {
        await close();
      }
    });
  }

  for (const [name, device, shown] of [
    ['a phone', VIEWPORTS[0][1], 'Postleitzahl w...'],
    ['a wide screen', VIEWPORTS[1][1], 'Postleitzahl wählen'],
  ]) {
    test(`shows the postcode button's text as "${shown}" on ${name}, before and after the app starts`, async () => {
      const { page, close } = await openPage(shop, LUNCHTIME, device);
      try {
        // Without the app: the page as the server wrote it.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(shop.url());
        const button = page.getByRole('button', { name: 'Postleitzahl wählen' });
        assert.equal(await button.innerText(), shown, 'the server-rendered page');
        // Until the app runs, the category bar (the page holds the first category only)
        // and the search take no taps.
        const taps = () => page.locator('.category-nav').evaluate((nav) => globalThis.getComputedStyle(nav).pointerEvents);
        assert.equal(await taps(), 'none', 'the category bar before the app');
        await page.unroute('**/assets/*.js');
        await page.reload();
        await page.locator('.allergen-legend').waitFor();
        assert.equal(await button.innerText(), shown, 'the app');
        assert.equal(await taps(), 'auto', 'the category bar with the app');
      } finally {
        await close();
      }
    });
  }

  test("the service worker's copy of the menu page on another path never shows the menu", async () => {
    const menuPage = await (await fetch(shop.url())).text();
    const { page, close } = await openPage(shop, LUNCHTIME, VIEWPORTS[0][1]);
    try {
      // What the worker answers offline for any storefront path: the page it kept.
      await page.route(shop.url('terms'), (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: menuPage }),
      );
      await page.addInitScript(() => {
        globalThis.__menuShown = false;
        new globalThis.MutationObserver(() => {
          const root = globalThis.document.getElementById('root');
          if (root?.querySelector('.menu-hero') && globalThis.getComputedStyle(root).visibility !== 'hidden') globalThis.__menuShown = true;
        }).observe(globalThis.document, { childList: true, subtree: true, attributes: true });
      });
      await page.goto(shop.url('terms'));
      await page.getByRole('heading', { level: 1, name: 'AGB und Widerrufsbelehrung' }).waitFor();
      assert.equal(await page.evaluate(() => globalThis.__menuShown), false, 'the menu was never on show');
      assert.equal(await page.evaluate(() => globalThis.document.documentElement.className), '');
    } finally {
      await close();
    }
  });

  test('a visitor who chose English never sees the German first screen', async () => {
    const { page, close } = await openPage({ ...shop, language: 'en' }, LUNCHTIME, VIEWPORTS[0][1]);
    try {
      await page.addInitScript(() => {
        globalThis.__seen = [];
        new globalThis.MutationObserver(() => {
          const title = globalThis.document.querySelector('#root .section-title');
          if (title === null) return;
          const root = globalThis.document.getElementById('root');
          globalThis.__seen.push(`${globalThis.getComputedStyle(root).visibility}:${title.textContent}`);
        }).observe(globalThis.document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(shop.url());
      await page.getByRole('heading', { name: 'Our menu' }).waitFor();
      const seen = await page.evaluate(() => globalThis.__seen);
      assert.ok(seen.length > 0, 'the menu heading was watched');
      for (const state of seen) {
        assert.ok(state.startsWith('hidden:') || state === 'visible:Our menu', `never the German screen on show: ${seen.join(', ')}`);
      }
      assert.equal(seen.at(-1), 'visible:Our menu');
      assert.equal(await page.evaluate(() => globalThis.document.documentElement.className), '');
    } finally {
      await close();
    }
  });
});

describe('the server-rendered first screen in English', { timeout: 300_000 }, () => {
  let shop;

  before(async () => {
    shop = await startShop(chromium, 'server-rendered-en', { env: { HEIMSERVICE_DEFAULT_LANGUAGE: 'en' }, language: 'en' });
    shop.language = 'en';
  });

  after(async () => {
    await shop?.stop();
  });

  test("is the app's first render in the store's language", async () => {
    const { server, app } = await bothTrees(shop, LUNCHTIME, VIEWPORTS[0][1]);
    assert.ok(server.some((line) => line.includes('"Our menu"')), 'the first screen is in English');
    assertSameTrees({ server, app }, 'English');
  });
});
