// Browser test of the kitchen printers against the real server binary: the admin adds
// a printer that points at a TCP sink on 127.0.0.1, presses Test print and sees that
// the printer took the page (the sink holds the ESC/POS bytes); a printer on a closed
// port makes the orders board show an alarm once an accepted order cannot print; the
// order's page prints its kitchen ticket again, marked as a reprint.
// Build the UI (npm run build) and then the server that embeds it (cargo build).
// E2E_SCREENSHOT_DIR saves screenshots of the printers page and the board's alarm.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  ADMIN_EMAIL,
  adminToken,
  ADMIN_PASSWORD,
  assertTitle,
  createAdmin,
  launchBrowser,
  LUNCHTIME,
  placeGuestOrder,
  SERVER_BIN,
  startServer,
  STEP_TIMEOUT_MS,
  tearDown,
  visible,
} from './support.mjs';

const CUT = Buffer.from([0x1d, 0x56]);
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

async function screenshot(page, name) {
  if (!SCREENSHOT_DIR) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A printer stand-in: records what each connection sent once it closes. */
function startSink() {
  const received = [];
  const server = createServer((socket) => {
    const chunks = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      received.push(Buffer.concat(chunks));
      socket.end();
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, received, close: () => server.close() }));
  });
}

/** A port nothing listens on: a printer that is switched off. */
async function closedPort() {
  const sink = await startSink();
  sink.close();
  return sink.port;
}

/** Waits (bounded) until the sink holds `count` documents. */
async function printed(sink, count) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (sink.received.length < count && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
  }
  return sink.received;
}

/** The text of an ESC/POS document, roughly: Windows-1252 is Latin-1 for the letters used here. */
const text = (bytes) => bytes.toString('latin1');

describe('kitchen printers', { timeout: 180_000 }, () => {
  let server;
  let baseUrl;
  let context;
  let page;
  let sink;
  let deadPort;
  let acceptedOrder;
  const tempDirs = [];

  const url = (path = '') => new URL(path, baseUrl).href;
  const api = (path) => new URL(path, new URL(baseUrl).origin).href;
  const nav = (name) => page.getByRole('navigation').getByRole('link', { name, exact: true });

  before(async () => {
    assert.ok(existsSync(SERVER_BIN), `server binary not found at ${SERVER_BIN} (set SERVER_BIN)`);
    sink = await startSink();
    deadPort = await closedPort();
    const dataDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-printers-data-'));
    const profileDir = await mkdtemp(join(tmpdir(), 'heimservice-e2e-printers-chromium-'));
    tempDirs.push(dataDir, profileDir);
    createAdmin(dataDir);
    server = startServer(dataDir, { env: { HEIMSERVICE_TESTING_CLOCK_START: LUNCHTIME } });
    baseUrl = await server.ready;
    context = await launchBrowser(chromium, profileDir);
    await context.addInitScript(() => globalThis.localStorage.setItem('app_language', 'en'));
    page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  after(async () => {
    await tearDown({ context, server, tempDirs });
    sink?.close();
  });

  test('the admin adds a printer, presses Test print and the printer gets the page', async () => {
    await page.goto(url('admin'));
    await page.locator('#admin-login-email').fill(ADMIN_EMAIL);
    await page.locator('#admin-login-password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await assertTitle(page, 'Admin Dashboard | Bella Napoli Heimservice');

    await nav('Printers').click();
    await assertTitle(page, 'Printers | Bella Napoli Heimservice');
    await page.locator('#printer-name').fill('Küche');
    await page.locator('#printer-host').fill('127.0.0.1');
    await page.locator('#printer-port').fill(String(sink.port));
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Printer Küche created.' }));
    await visible(page.getByRole('cell', { name: `127.0.0.1:${sink.port}` }));

    await page.getByRole('button', { name: 'Test print on Küche' }).click();
    await visible(page.getByTestId('printer-test-result').filter({ hasText: 'Küche took the test page.' }));
    const [testPage] = await printed(sink, 1);
    assert.ok(testPage, 'the sink received the test page');
    assert.match(text(testPage), /Testdruck/);
    assert.match(text(testPage), /Drucker: K\u00fcche/);
    assert.ok(testPage.subarray(-4, -2).equals(CUT), 'the page ends with a cut (GS V)');
  });

  test('a printer that does not answer fails its test print and raises an alarm on the board', async () => {
    await page.locator('#printer-name').fill('Theke');
    await page.locator('#printer-host').fill('127.0.0.1');
    await page.locator('#printer-port').fill(String(deadPort));
    await page.getByRole('button', { name: 'Create' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Printer Theke created.' }));
    await page.getByRole('button', { name: 'Test print on Theke' }).click();
    await visible(
      page.getByTestId('printer-test-result').filter({ hasText: 'Theke did not take the test page: connection refused' }),
    );
    await screenshot(page, 'printers-page');

    // A guest order, accepted by the admin through the API.
    const order = await placeGuestOrder(baseUrl, {
      name: 'Gustav Gast',
      line1: 'Gartenweg 5',
      phone: '0176 555444',
      note: 'Zweiter Hinterhof',
    });
    const token = await adminToken(baseUrl);
    const accepted = await fetch(api(`/admin/orders/${order.id}/accept`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ minutes: 30 }),
    });
    assert.equal(accepted.status, 200);
    acceptedOrder = order;

    // The working printer prints the ticket; the dead one shows on the board.
    const documents = await printed(sink, 2);
    assert.equal(documents.length, 2, 'test page and kitchen ticket');
    assert.match(text(documents[1]), /Bestellung #1/);
    assert.match(text(documents[1]), /Zweiter Hinterhof/);

    await nav('Dashboard').click();
    const alarm = await visible(page.getByTestId('printer-alarms'));
    assert.match(await alarm.innerText(), new RegExp(`Printer “Theke” \\(127\\.0\\.0\\.1:${deadPort}\\) is not printing`));
    assert.match(await alarm.innerText(), /connection refused/);
    assert.match(await alarm.innerText(), /1 ticket is waiting/);
    await screenshot(page, 'orders-board-printer-alarm');

    // A board opened later shows it as well.
    await page.reload();
    await visible(page.getByTestId('printer-alarms').filter({ hasText: 'Theke' }));
  });

  test("the order's page prints its kitchen ticket again, marked as a reprint", async () => {
    assert.ok(acceptedOrder, 'the order of the test before');
    await page.goto(url(`admin/orders/${acceptedOrder.id}`));
    const group = await visible(page.getByRole('group', { name: 'Print again on the printers' }));
    const before = sink.received.length;
    await group.getByRole('button', { name: 'Kitchen ticket' }).click();
    // Küche and Theke both print kitchen tickets: both get it (Theke keeps it waiting).
    await visible(group.getByRole('status').filter({ hasText: 'Sent to 2 printers' }));
    const documents = await printed(sink, before + 1);
    const again = text(documents[before]);
    assert.match(again, /\*\*\* NACHDRUCK \*\*\*/);
    assert.match(again, /Bestellung #1/);
    assert.ok(again.indexOf('NACHDRUCK') < again.indexOf('Bestellung #1'), 'the mark comes first');
  });
});
