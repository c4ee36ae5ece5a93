// Browser test of the daily closings against the real server binary: a cash order at
// lunchtime, accepted; the admin closes today through the confirm step, sees closing
// no. 1 with the order and its gross amount, opens its Z-Bon (figures, Print, only the
// Z-Bon in print), and a second "Close today" is refused as closed already. Build the UI
// (npm run build) and then the server that embeds it (cargo build).
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

describe('daily closings', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-closings-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-closings-chromium-'));
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

  test('the admin closes today, prints its Z-Bon, and cannot close it twice', async () => {
    const order = await placeGuestOrder(baseUrl, { name: 'Karl Kasse', line1: 'Torstraße 1', phone: '030 111' });
    const token = await adminToken(baseUrl);
    const accepted = await fetch(new URL(`/admin/orders/${order.id}/accept`, new URL(baseUrl).origin).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: 30 }),
    });
    assert.equal(accepted.status, 200, await accepted.text());
    const gross = euro(cents(order.total));

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(new URL('admin', baseUrl).href);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Daily closings' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/closings'));
    await assertTitle(page, 'Daily closings | Bella Napoli Heimservice');
    await visible(page.getByText('No day has been closed yet.'));

    await page.getByRole('button', { name: 'Close today', exact: true }).click();
    const confirm = await visible(page.getByRole('group', { name: 'Confirm closing today' }));
    assert.match(await confirm.innerText(), /figures are then fixed/);
    assert.match(await confirm.innerText(), /count for the next business day/);
    await confirm.getByRole('button', { name: 'Close today now' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'The day 23.11.2026 is closed: Z-Bon no. 1.' }));

    const row = await visible(page.locator('.admin-closings__table tbody tr'));
    assert.equal(await page.locator('.admin-closings__table tbody tr').count(), 1);
    const cells = (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    assert.deepEqual(cells.slice(0, 2), ['no. 1', '23.11.2026']);
    // By, orders, cancelled, gross, cash, online, tips.
    assert.deepEqual(cells.slice(3), ['Anna Admin', '1', '0', gross, gross, '0,00 €', '0,00 €']);

    await row.getByRole('link', { name: 'Z-Bon no. 1' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/closings/1'));
    await assertTitle(page, 'Z-Bon 1 | Bella Napoli Heimservice');
    const zbon = await visible(page.getByTestId('z-bon'));
    const text = await zbon.innerText();
    assert.match(text, /Bella Napoli/, text);
    assert.match(text, /Z-Bon no\. 1/, text);
    assert.match(text, /Business day\s+Monday, 23\.11\.2026/, text);
    assert.match(text, /Closed by\s+Anna Admin/, text);
    assert.match(text, /Orders\s+1\b/, text);
    assert.match(text, /Cancelled orders\s+0\b/, text);
    assert.match(text, /7 %/, 'the 7 % line of the food');
    const total = (await page.locator('.admin-zbon__vat tfoot tr').innerText()).split(/\s+/).join(' ');
    assert.ok(total.startsWith(`Total ${gross}`), total);
    const payments = (await page.getByTestId('z-bon-payments').innerText()).split(/\s+/).join(' ');
    // Three Bruschetta carry no deposit, and a cash order no tip.
    assert.equal(
      payments,
      `of which cash ${gross} of which online 0,00 € of which deposit (Pfand) 0,00 € Tips (online, not taxable) 0,00 €`,
    );
    assert.doesNotMatch(text, /without a TSE signature/);

    const print = await visible(page.getByRole('button', { name: 'Print' }));
    await page.emulateMedia({ media: 'print' });
    assert.equal(await print.isVisible(), false, 'the Print button is not printed');
    assert.equal(await page.getByRole('navigation', { name: 'Admin navigation' }).isVisible(), false, 'the navigation is not printed');
    assert.equal(await zbon.isVisible(), true, 'the Z-Bon is printed');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: 'Back to the daily closings' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/closings'));
    await page.getByRole('button', { name: 'Close today', exact: true }).click();
    await page.getByRole('group', { name: 'Confirm closing today' }).getByRole('button', { name: 'Close today now' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'This business day is closed already.' }));
    assert.equal(await page.locator('.admin-closings__table tbody tr').count(), 1);

    // The closed day for the tax office (DSFinV-K) and the month for the tax adviser.
    await page.getByLabel('From').fill('2026-11-23');
    await page.getByLabel('To').fill('2026-11-23');
    const [dsfinvk] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download DSFinV-K' }).click(),
    ]);
    assert.equal(dsfinvk.suggestedFilename(), 'dsfinvk_2026-11-23_2026-11-23.zip');
    const zip = await readFile(await dsfinvk.path());
    assert.equal(zip.subarray(0, 4).toString('latin1'), 'PK\x03\x04');
    assert.ok(zip.includes('transactions.csv') && zip.includes('index.xml'), 'the ZIP names its files');
    await page.getByLabel('Month').fill('2026-11');
    await page.getByLabel('Format').selectOption('datev');
    const [datev] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    assert.equal(datev.suggestedFilename(), 'EXTF_Buchungsstapel_2026-11.csv');
    const bookings = (await readFile(await datev.path(), 'latin1')).split('\r\n');
    assert.ok(bookings[0].startsWith('"EXTF";700;21;"Buchungsstapel";13;'), bookings[0]);
    const booked = bookings
      .slice(2)
      .filter((line) => line !== '')
      .map((line) => Number(line.split(';')[0].replace(',', '')))
      .reduce((sum, amount) => sum + amount, 0);
    assert.equal(booked, cents(order.total), bookings.join('\n'));
    await page.close();
  });
});
