// Two admins edit the same product: the product form is open in the browser while the
// product is changed through the API. The browser's save is refused (nothing of it is
// saved), the form says so in German and keeps what was typed, and "Aktuellen Stand
// laden" shows the other admin's change.
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
  adminToken,
  createAdmin,
  launchBrowser,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

describe('a product changed by someone else while its form is open', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  let token;
  const tempDirs = [];

  const api = async (method, path, { body, headers = {} } = {}) => {
    const response = await fetch(new URL(path, new URL(baseUrl).origin), {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.json() };
  };
  const bruschetta = async () => {
    const { body } = await api('GET', '/admin/catalog');
    return body.products.find((product) => product.name.startsWith('Bruschetta'));
  };

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-conflict-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-conflict-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir);
    baseUrl = await server.ready;
    token = await adminToken(baseUrl);
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'de'));
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  });

  after(() => tearDown({ context, server, tempDirs }));

  test('the save is refused with the German message, and reloading shows the other change', async () => {
    await page.goto(new URL('admin', baseUrl).href);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await visible(page.getByRole('heading', { name: 'Hallo Anna' }));

    const product = await bruschetta();
    await page.goto(new URL(`admin/products?id=${product.id}`, baseUrl).href);
    const name = page.locator('#product-name');
    const description = page.locator('#product-description');
    await visible(name);
    assert.equal(await name.inputValue(), 'Bruschetta');
    await description.fill('Mit Tomaten aus dem eigenen Garten');

    // Meanwhile another admin renames the product, on the version both of them loaded.
    const other = { ...product, name: 'Bruschetta classica' };
    for (const key of ['id', 'version', 'image_url', 'image']) delete other[key];
    const changed = await api('PUT', `/products/${product.id}`, {
      body: other,
      headers: { 'If-Match': `"${product.version}"` },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.etag, `"${changed.body.version}"`);

    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    const notice = await visible(page.getByTestId('edit-conflict'));
    assert.match(await notice.innerText(), /Dieser Eintrag wurde inzwischen von jemand anderem geändert\./);
    assert.equal(await description.inputValue(), 'Mit Tomaten aus dem eigenen Garten', 'what was typed stays');
    assert.equal(await name.inputValue(), 'Bruschetta');
    const stored = await bruschetta();
    assert.equal(stored.name, 'Bruschetta classica', "the other admin's change is intact");
    assert.equal(stored.description, product.description, 'nothing of the refused save was written');
    assert.equal(stored.version, changed.body.version);

    await notice.getByRole('button', { name: 'Aktuellen Stand laden' }).click();
    await page.getByTestId('edit-conflict').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => globalThis.document.querySelector('#product-name')?.value === 'Bruschetta classica',
    );
    assert.equal(await description.inputValue(), product.description);
    await visible(page.getByRole('status').filter({ hasText: 'Der aktuelle Stand ist geladen.' }));

    // Now on the current version, the admin's change goes through.
    await description.fill('Mit Tomaten aus dem eigenen Garten');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Gespeichert.' }));
    const saved = await bruschetta();
    assert.equal(saved.name, 'Bruschetta classica');
    assert.equal(saved.description, 'Mit Tomaten aus dem eigenen Garten');
  });
});
