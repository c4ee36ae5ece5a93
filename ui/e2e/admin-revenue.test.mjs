// Browser test of the admin's revenue page against the real server binary: two cash
// orders on Monday, one of them rejected, then the month's figures, the VAT line, the
// day row with its link to the day's history, and the CSV download. Build the UI (npm
// run build) and then the server that embeds it (cargo build).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  assertTitle,
  cents,
  createAdmin,
  euro,
  launchBrowser,
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

describe('admin revenue page', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-revenue-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-revenue-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
  });

  test('the month shows the orders that count, their VAT, the day, and downloads as CSV', async () => {
    const kept = await placeGuestOrder(baseUrl, { name: 'Karl Kasse', line1: 'Torstraße 1', phone: '030 111' });
    const rejected = await placeGuestOrder(baseUrl, { name: 'Rita Rejected', line1: 'Torstraße 2', phone: '030 222' });
    const token = await adminToken(baseUrl);
    const answer = await fetch(new URL(`/admin/orders/${rejected.id}/reject`, new URL(baseUrl).origin).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Zu viel los' }),
    });
    assert.equal(answer.status, 200);

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(new URL('admin', baseUrl).href);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Revenue' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/revenue'));

    const totals = await visible(page.getByTestId('revenue-totals'));
    const text = await totals.innerText();
    const total = euro(cents(kept.total));
    assert.match(text, /Orders\s+1\b/, text);
    assert.match(text, /Rejected\s+1\b/, text);
    assert.ok(text.includes(total), `${total} in ${text}`);
    const vat = await visible(page.locator('.admin-revenue__vat'));
    assert.match(await vat.innerText(), /7/, 'the 7 % line of the food');
    const days = await visible(page.locator('.admin-revenue__days tbody tr'));
    assert.match(await days.innerText(), /Monday, 23\.11\.2026/);
    assert.equal(await page.locator('.admin-revenue__days tbody tr').count(), 1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'umsatz-2026-11-01-bis-2026-11-30.csv');
    const csv = await readFile(await download.path(), 'utf8');
    assert.match(csv, /2026-11-23;1;1;/, csv);

    await page.getByRole('link', { name: /Orders of/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/orders-history') && url.searchParams.get('date') === '2026-11-23');
    await page.close();
  });
});
