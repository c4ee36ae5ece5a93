// Browser test of the terms (AGB) and the withdrawal information, against the real
// server binary and its demo restaurant (desktop 1280×900, German; phone 390×844,
// English): the footer links both, each opening /terms in a new tab (the withdrawal
// link scrolled to its section), and the checkout names both right above the order
// button with links that open a new tab and leave the checkout as it was.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  assertTitle,
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

const TEXTS = {
  de: {
    terms: 'AGB (öffnet in neuem Tab)',
    withdrawal: 'Widerrufsbelehrung (öffnet in neuem Tab)',
    heading: 'AGB und Widerrufsbelehrung',
    withdrawalHeading: 'Widerrufsbelehrung',
    termsText: /Geltungsbereich: Diese Bedingungen gelten/,
    withdrawalText: /Kein Widerrufsrecht für Speisen/,
    guest: { name: 'Name', street: 'Straße und Hausnummer', zip: 'Postleitzahl', city: 'Ort', phone: 'Telefon' },
    toCheckout: 'Weiter zur Kasse',
    checkout: 'Kasse',
    place: 'Zahlungspflichtig bestellen',
    notice:
      'Es gelten unsere AGB (öffnet in neuem Tab). Informationen zu Ihrem Widerrufsrecht finden Sie in der Widerrufsbelehrung (öffnet in neuem Tab).',
  },
  en: {
    terms: 'Terms (opens in a new tab)',
    withdrawal: 'Withdrawal information (opens in a new tab)',
    heading: 'Terms and withdrawal information',
    withdrawalHeading: 'Withdrawal information',
    termsText: /Scope: These terms apply/,
    withdrawalText: /No right of withdrawal for food/,
    guest: { name: 'Name', street: 'Street and house number', zip: 'Postcode', city: 'City', phone: 'Phone' },
    toCheckout: 'Continue to checkout',
    checkout: 'Checkout',
    place: 'Place binding order',
    notice:
      'Our terms and conditions (opens in a new tab) apply. For your right of withdrawal, see the withdrawal information (opens in a new tab).',
  },
};

describe('terms and withdrawal information', { timeout: 300_000 }, () => {
  const tempDirs = [];
  let server;
  let baseUrl;
  let context;
  let products;

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-terms-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-terms-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    products = await (await fetch(api('/products/?store_id=14'))).json();
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  /** A page at `viewport` whose storefront speaks `lang`, opened at `path` with `storage` set. */
  async function open(path, viewport, lang, storage = {}) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(viewport);
    await gotoWithStorage(
      page,
      url(path),
      (entries) => {
        globalThis.localStorage.clear();
        for (const [key, value] of Object.entries(entries)) globalThis.localStorage.setItem(key, value);
      },
      { app_language: lang, ...storage },
    );
    return page;
  }

  /** Clicks `link` and returns the tab it opened, loaded. */
  async function followInNewTab(link) {
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    tab.setDefaultTimeout(STEP_TIMEOUT_MS);
    await tab.waitForLoadState();
    return tab;
  }

  for (const [label, viewport, lang] of [
    ['desktop, German', DESKTOP, 'de'],
    ['phone, English', PHONE, 'en'],
  ]) {
    test(`a customer follows the footer's links to the terms and the withdrawal information (${label})`, async () => {
      const T = TEXTS[lang];
      const page = await open('', viewport, lang);
      await visible(page.locator('article.product-card').first());
      const footer = page.locator('footer.site-footer');
      const termsLink = await visible(footer.getByRole('link', { name: T.terms, exact: true }));
      assert.equal(await termsLink.getAttribute('target'), '_blank');
      assert.match(await termsLink.getAttribute('rel'), /noopener/);

      const terms = await followInNewTab(termsLink);
      assert.equal(new URL(terms.url()).pathname, '/order-online/terms');
      await visible(terms.getByRole('heading', { level: 1, name: T.heading }));
      await assertTitle(terms, 'Terms and Withdrawal Information | Bella Napoli Heimservice');
      const termsText = await visible(terms.locator('main').getByText(T.termsText));
      assert.match(await termsText.innerText(), /\n/, 'the line breaks the owner typed are kept');
      const section = terms.locator('section#withdrawal');
      await visible(section.getByRole('heading', { name: T.withdrawalHeading }));
      await visible(section.getByText(T.withdrawalText));
      await visible(section.getByText(/§ 312g/));
      await terms.close();

      const withdrawal = await followInNewTab(footer.getByRole('link', { name: T.withdrawal, exact: true }));
      const url = new URL(withdrawal.url());
      assert.equal(`${url.pathname}${url.hash}`, '/order-online/terms#withdrawal');
      await visible(withdrawal.locator('section#withdrawal h2'));
      // Opened before the texts had loaded, the page scrolls to the section once they are
      // shown, its heading below the sticky header.
      await withdrawal.waitForFunction(
        () => {
          const top = globalThis.document.querySelector('section#withdrawal h2')?.getBoundingClientRect().top;
          const header = globalThis.document.querySelector('.site-header').getBoundingClientRect().bottom;
          return top !== undefined && top >= header && top < globalThis.innerHeight;
        },
        null,
        { timeout: STEP_TIMEOUT_MS },
      );
      const { scrolled, below } = await withdrawal.evaluate(() => {
        const heading = globalThis.document.querySelector('section#withdrawal h2');
        const top = heading.getBoundingClientRect().top + globalThis.scrollY;
        return { scrolled: globalThis.scrollY, below: top > globalThis.innerHeight };
      });
      if (below) assert.ok(scrolled > 0, 'the section below the first screen was scrolled to');
      else assert.equal(viewport, DESKTOP, 'on a phone the section starts below the first screen');
      await withdrawal.close();
      await page.close();
    });

    test(`the checkout names the terms and the withdrawal information above the order button (${label})`, async () => {
      const T = TEXTS[lang];
      const bruschetta = products.find((product) => product.name === 'Bruschetta');
      assert.ok(bruschetta, 'the demo menu has Bruschetta');
      const cartLine = {
        ...bruschetta,
        uniqueKey: `${bruschetta.id}|base|`,
        quantity: 2,
        extras: [],
        basePrice: bruschetta.price,
        tax: bruschetta.tax.percentage,
        selectedVariant: null,
        displayName: bruschetta.name,
        displayPrice: euro(cents(bruschetta.price)),
      };
      const page = await open('guest-login', viewport, lang, {
        order_type: 'pickup',
        cartItems: JSON.stringify([cartLine]),
      });
      await page.getByLabel(T.guest.name, { exact: true }).fill('Gina Gast');
      await page.getByLabel(T.guest.street).fill('Gartenweg 5');
      await page.getByLabel(T.guest.zip, { exact: true }).fill('10115');
      await page.getByLabel(T.guest.city).fill('Berlin');
      await page.getByLabel(T.guest.phone).fill('0176555444');
      await page.getByRole('button', { name: T.toCheckout }).click();
      await visible(page.getByRole('heading', { level: 1, name: T.checkout }));
      await page.evaluate(() => {
        globalThis.stillTheSamePage = true;
      });

      const notice = await visible(page.getByTestId('terms-notice'));
      assert.equal((await notice.textContent()).replace(/\s+/g, ' ').trim(), T.notice);
      const button = page.getByRole('button', { name: T.place, exact: true });
      assert.equal(
        await notice.evaluate((element) => element.nextElementSibling?.getAttribute('data-testid')),
        'place-order',
        'the line stands directly above the order button',
      );
      await visible(button);
      const links = notice.getByRole('link');
      assert.equal(await links.count(), 2);
      const paths = [];
      for (const index of [0, 1]) {
        const link = links.nth(index);
        assert.equal(await link.getAttribute('target'), '_blank');
        const tab = await followInNewTab(link);
        const opened = new URL(tab.url());
        paths.push(`${opened.pathname}${opened.hash}`);
        await visible(tab.getByRole('heading', { level: 1, name: T.heading }));
        await tab.close();
      }
      assert.deepEqual(paths, ['/order-online/terms', '/order-online/terms#withdrawal']);

      // The checkout is still the same page, with its cart.
      assert.equal(await page.evaluate(() => globalThis.stillTheSamePage), true);
      assert.equal(new URL(page.url()).pathname, '/order-online/checkout');
      await visible(page.getByTestId('order-essentials'));
      assert.ok(JSON.parse(await page.evaluate(() => globalThis.localStorage.getItem('cartItems'))).length === 1);
      await page.close();
    });
  }
});
