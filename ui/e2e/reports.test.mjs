// Browser test of the revenue report's charts against the real server binary, in German:
// three cash orders at Monday noon (one of them rejected), then the owner switches the
// report to Woche and Monat, reads the real order count and revenue in a chart's table,
// finds Monday 12:00 filled in the hours of the week, and downloads the month chart and
// the hours of the week as CSV. Build the UI (npm run build) and then the server that
// embeds it (cargo build).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminToken,
  cents,
  DESKTOP,
  euro,
  placeGuestOrder,
  startShop,
  STEP_TIMEOUT_MS,
  visible,
} from './support.mjs';

/** "12,34" for the CSV: euros with a decimal comma, no currency sign. */
const csvEuro = (amountCents) => euro(amountCents).replace(' €', '');

describe('revenue report charts', { timeout: 180_000 }, () => {
  let shop;
  let baseUrl;
  let context;

  before(async () => {
    // Monday 23 November 2026, 12:00 in Berlin.
    shop = await startShop(chromium, 'reports');
    ({ baseUrl, context } = shop);
  });

  after(() => shop?.stop());

  test('weeks and months show the real orders, Monday noon is filled, and each chart downloads as CSV', async () => {
    const first = await placeGuestOrder(baseUrl, { name: 'Karl Kasse', line1: 'Torstraße 1', phone: '030 111' });
    const second = await placeGuestOrder(baseUrl, { name: 'Berta Bar', line1: 'Torstraße 3', phone: '030 333' });
    const rejected = await placeGuestOrder(baseUrl, { name: 'Rita Rejected', line1: 'Torstraße 2', phone: '030 222' });
    const token = await adminToken(baseUrl);
    const answer = await fetch(new URL(`/admin/orders/${rejected.id}/reject`, new URL(baseUrl).origin).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Zu viel los' }),
    });
    assert.equal(answer.status, 200);
    const revenue = cents(first.total) + cents(second.total);
    const basket = Math.round(revenue / 2);

    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize(DESKTOP);
    await page.goto(new URL('admin', baseUrl).href);
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Umsatz', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/revenue'));
    const groups = await visible(page.getByRole('group', { name: 'Gruppieren nach' }));

    /** The chart card titled `title`, its table opened. */
    const chart = async (title) => {
      const card = page.locator('section.admin-card').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
      await visible(card);
      const details = card.locator('details');
      if ((await details.getAttribute('open')) === null) await card.getByText('Als Tabelle', { exact: true }).click();
      await visible(card.getByRole('table'));
      return card;
    };
    const rowCells = async (card, first) => {
      const row = card.locator('tbody tr').filter({ has: page.getByRole('cell', { name: first, exact: true }) });
      return (await row.locator('td').allInnerTexts()).map((text) => text.trim());
    };

    await groups.getByRole('button', { name: 'Woche', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('group') === 'week');
    const weeks = await chart('Umsatz und Bestellungen je Woche');
    assert.ok(await weeks.getByRole('img', { name: 'Umsatz und Bestellungen je Woche: Umsatz' }).isVisible());
    const week = await rowCells(weeks, 'KW 48/2026');
    assert.deepEqual(week.slice(0, 6), ['KW 48/2026', '23.11.2026', '29.11.2026', '2', '1', euro(revenue)], week.join(' | '));

    await groups.getByRole('button', { name: 'Monat', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('group') === 'month');
    const months = await chart('Umsatz und Bestellungen je Monat');
    const month = await rowCells(months, 'November 2026');
    assert.deepEqual(month.slice(3, 6), ['2', '1', euro(revenue)], month.join(' | '));

    // Monday 12:00 holds the two orders that count, every other hour none.
    const heatmap = await chart('Bestellungen nach Wochentag und Uhrzeit');
    const noon = heatmap.locator('rect[data-day="0"][data-hour="12"]');
    assert.equal(await noon.getAttribute('data-count'), '2');
    assert.equal(await noon.locator('title').textContent(), 'Montag, 12:00–12:59 Uhr: 2 Bestellungen');
    assert.equal(await heatmap.locator('rect[data-count="0"]').count(), 7 * 24 - 1);
    const monday = await rowCells(heatmap, 'Montag');
    assert.equal(monday[13], '2', monday.join(' | '));

    const download = async (title) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `CSV-Datei: ${title}`, exact: true }).click(),
      ]);
      const bytes = await readFile(await file.path());
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 with a byte order mark');
      return { name: file.suggestedFilename(), lines: bytes.subarray(3).toString('utf8').split('\r\n') };
    };
    const monthCsv = await download('Umsatz und Bestellungen je Monat');
    assert.equal(monthCsv.name, 'umsatz-monate-2026-11-01-bis-2026-11-30.csv');
    assert.deepEqual(monthCsv.lines, [
      'Monat;Von;Bis;Bestellungen;Abgelehnt;Umsatz;Bar;Online;Trinkgeld;Gutscheine;Ø Warenkorb',
      `November 2026;01.11.2026;30.11.2026;2;1;${csvEuro(revenue)};${csvEuro(revenue)};0,00;0,00;0,00;${csvEuro(basket)}`,
      '',
    ]);
    const hoursCsv = await download('Bestellungen nach Wochentag und Uhrzeit');
    assert.equal(hoursCsv.name, 'umsatz-wochenstunden-2026-11-01-bis-2026-11-30.csv');
    assert.equal(hoursCsv.lines[0], `Wochentag;${Array.from({ length: 24 }, (_, hour) => `${hour}:00`).join(';')}`);
    const counts = Array(24).fill('0');
    counts[12] = '2';
    assert.equal(hoursCsv.lines[1], `Montag;${counts.join(';')}`);
    assert.equal(hoursCsv.lines[7], `Sonntag;${Array(24).fill('0').join(';')}`);
    await page.close();
  });
});
