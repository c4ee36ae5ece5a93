// The storefront's first page load stays small: what a new customer's browser
// downloads, measured against the real server binary in a fresh browser profile.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { assetsOf, sentBytes, sizesOf } from './asset-sizes.mjs';
import { launchBrowser, SERVER_BIN, startServer, tearDown } from './support.mjs';

/** JavaScript of a first visit to the storefront, in bytes as sent gzip-compressed. */
const FIRST_VISIT_JS_GZIP_BUDGET = 60_000;
// Strings only the admin area's code contains (as in admin-bundle.test.mjs).
const ADMIN_MARKERS = ['/admin/catalog', 'Admin Dashboard'];

describe('first visit to the storefront', { timeout: 120_000 }, () => {
  let server;
  let baseUrl;
  let context;
  const tempDirs = [];

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

  /** The scripts among `paths` that contain admin code. */
  async function adminScripts(paths) {
    const { origin } = new URL(baseUrl);
    const found = [];
    for (const path of [...paths].filter((p) => p.endsWith('.js'))) {
      const code = await (await fetch(origin + path)).text();
      if (ADMIN_MARKERS.some((marker) => code.includes(marker))) found.push(path);
    }
    return found;
  }

  test(`downloads at most ${FIRST_VISIT_JS_GZIP_BUDGET} bytes of gzip JavaScript and no admin code`, async () => {
    const storefront = await assetsOf(context, baseUrl);
    const sizes = await sizesOf(new URL(baseUrl).origin, storefront);
    assert.ok(
      sizes.js_gzip <= FIRST_VISIT_JS_GZIP_BUDGET,
      `first visit loads ${sizes.js_gzip} bytes of gzip JS (budget ${FIRST_VISIT_JS_GZIP_BUDGET}): ${sizes.files.join(', ')}`,
    );
    assert.deepEqual(await adminScripts(storefront), [], 'the storefront loads no admin chunk');

    // The markers do find the admin chunk once the admin area is opened.
    const admin = await assetsOf(context, new URL('admin', baseUrl).href);
    assert.notDeepEqual(await adminScripts(admin), []);
  });

  test('the gzip bytes counted are what the server sends for gzip', async () => {
    const storefront = [...(await assetsOf(context, baseUrl))];
    const script = storefront.find((path) => path.endsWith('.js'));
    const url = new URL(baseUrl).origin + script;
    const gzip = await sentBytes(url, 'gzip');
    const raw = await sentBytes(url, 'identity');
    assert.ok(gzip > 0 && gzip < raw, `${script}: gzip ${gzip} bytes, uncompressed ${raw}`);
  });
});
