// End-to-end test of the storefront against the real server binary.
// Build the server first (cargo build) and the UI it embeds (npm run build).
// SERVER_BIN overrides the binary path (default ../target/debug/heimservice).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  assertTitle,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const categoryHeading = (page, name) => page.getByRole('heading', { level: 3, name, exact: true });

describe('storefront', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;

  async function newPage() {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    return page;
  }

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-chromium-'));
    tempDirs.push(dataDir, profileDir);

    server = startServer(dataDir);
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('home page lists the demo categories in German without console errors', async () => {
    const page = await newPage();
    const errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url());
    for (const name of ['Pizza', 'Pasta', 'Salate', 'Getränke']) {
      await visible(categoryHeading(page, name));
    }
    await assertTitle(page, 'Bella Napoli Heimservice');
    assert.equal(await page.locator('html').getAttribute('lang'), 'de');
    await visible(page.locator('header').getByRole('link', { name: 'Anmelden', exact: true }));
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('switching to ENG translates the page and survives a reload', async () => {
    const page = await newPage();
    await page.goto(url());
    await visible(categoryHeading(page, 'Getränke'));

    const toggle = page.getByRole('button', { name: /GER/ });
    await toggle.click();
    await page.getByRole('button', { name: /^ENG/ }).click();

    await visible(page.locator('header').getByRole('link', { name: 'Login', exact: true }));
    await visible(categoryHeading(page, 'Drinks'));
    await visible(categoryHeading(page, 'Salads'));
    assert.equal(await page.evaluate(() => localStorage.getItem('app_language')), 'en');

    await page.reload();
    await visible(categoryHeading(page, 'Drinks'));
    await visible(page.locator('header').getByRole('link', { name: 'Login', exact: true }));
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');

    // Back to German so the other tests see the default language.
    await page.getByRole('button', { name: /ENG/ }).first().click();
    await page.getByRole('button', { name: /^GER/ }).click();
    await visible(categoryHeading(page, 'Getränke'));
    await page.close();
  });

  test('footer shows the company and an Impressum link opening a new tab', async () => {
    const page = await newPage();
    await page.goto(url());
    const footer = page.locator('footer');
    await visible(footer.getByText('Pizzeria Bella Napoli GmbH'));

    const impressum = await visible(footer.getByRole('link', { name: /Impressum/ }));
    assert.equal(await impressum.getAttribute('target'), '_blank');
    assert.match(await impressum.getAttribute('rel'), /noopener/);
    assert.equal(
      new URL(await impressum.getAttribute('href'), page.url()).pathname,
      '/order-online/privacypolicy',
    );

    const [popup] = await Promise.all([context.waitForEvent('page'), impressum.click()]);
    await popup.waitForLoadState();
    assert.equal(new URL(popup.url()).pathname, '/order-online/privacypolicy');
    await assertTitle(popup, 'Privacy Policy | Bella Napoli Heimservice');
    await popup.close();
    await page.close();
  });

  test('privacy policy page shows the Impressum text', async () => {
    const page = await newPage();
    await page.goto(url('privacypolicy'));
    await assertTitle(page, 'Privacy Policy | Bella Napoli Heimservice');

    const text = await visible(page.locator('main').getByText(/Geschäftsführer/));
    assert.match(await text.innerText(), /\n/, 'Impressum line breaks are kept');
    await visible(page.locator('main').getByText('Pizzeria Bella Napoli GmbH').first());
    await page.close();
  });

  test('an unknown path shows the not-found page with a way back', async () => {
    const page = await newPage();
    await page.goto(url('no-such-page'));
    await assertTitle(page, 'Page not found | Bella Napoli Heimservice');
    await visible(page.getByRole('heading', { level: 1, name: /Seite nicht gefunden|Page not found/ }));

    await page.getByRole('link', { name: /Zurück zur Speisekarte|Back to the menu/ }).click();
    await visible(categoryHeading(page, 'Pizza'));
    assert.equal(new URL(page.url()).pathname, '/order-online/');
    await page.close();
  });
});
