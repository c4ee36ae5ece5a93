// End-to-end test of the storefront against the real server binary.
// Build the server first (cargo build) and the UI it embeds (npm run build).
// SERVER_BIN overrides the binary path (default ../target/debug/heimservice).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const UI_DIR = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BIN = resolve(UI_DIR, process.env.SERVER_BIN ?? '../target/debug/heimservice');
const READY_LINE = /http:\/\/127\.0\.0\.1:(\d+)\/order-online\//;
const STARTUP_TIMEOUT_MS = 30_000;
const STEP_TIMEOUT_MS = 15_000;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the server on a free port with a fresh data dir; resolves once it prints its URL. */
function startServer(dataDir) {
  const child = spawn(SERVER_BIN, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The server refuses unknown HEIMSERVICE_* settings; run it on defaults only.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HEIMSERVICE_'))),
  });
  const output = [];
  const remember = (stream, name) =>
    createInterface({ input: stream }).on('line', (line) => {
      output.push(`[${name}] ${line}`);
      if (output.length > 200) output.shift();
    });
  remember(child.stderr, 'stderr');
  const stdout = createInterface({ input: child.stdout });

  const ready = new Promise((resolveReady, rejectReady) => {
    const fail = (why) => {
      clearTimeout(timer);
      rejectReady(new Error(`${why}\nserver output:\n${output.join('\n')}`));
    };
    const timer = setTimeout(
      () => fail(`server did not print its URL within ${STARTUP_TIMEOUT_MS / 1000} s`),
      STARTUP_TIMEOUT_MS,
    );
    // Keep reading after the match so a full pipe never blocks the server.
    stdout.on('line', (line) => {
      output.push(`[stdout] ${line}`);
      if (output.length > 200) output.shift();
      const match = READY_LINE.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveReady(`http://127.0.0.1:${match[1]}/order-online/`);
      }
    });
    child.once('error', (error) => fail(`could not start ${SERVER_BIN}: ${error.message}`));
    child.once('exit', (code, signal) => fail(`server exited early (code ${code}, signal ${signal})`));
  });
  return { child, ready };
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Waits for document.title to become `expected`, then asserts it (so a failure shows the actual title). */
async function assertTitle(page, expected) {
  await page
    // The callback runs in the browser.
    .waitForFunction((title) => globalThis.document.title === title, expected, {
      timeout: STEP_TIMEOUT_MS,
    })
    .catch(() => {});
  assert.equal(await page.title(), expected);
}

async function visible(locator) {
  await locator.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  return locator;
}

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
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
  });

  after(async () => {
    await context?.close().catch(() => {});
    if (server) await stopServer(server.child);
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

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
