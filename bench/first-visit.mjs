// The JS and CSS a browser downloads on a first visit to the storefront, and what
// opening the admin area adds, in the bytes the server sends for gzip and for brotli.
// Usage: node bench/first-visit.mjs http://127.0.0.1:PORT   (prints one JSON line)
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const base = process.argv[2];
if (!base) {
  console.error('usage: node bench/first-visit.mjs http://127.0.0.1:PORT');
  process.exit(2);
}

/** Same-origin scripts and stylesheets the page at `path` loads. */
async function assetsOf(context, path) {
  const page = await context.newPage();
  const urls = new Set();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && response.url().startsWith(base)) {
      urls.add(new URL(response.url()).pathname);
    }
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.close();
  return urls;
}

/** Bytes of the body as sent with `Accept-Encoding: coding` (not decoded). */
function sentBytes(path, coding) {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { headers: { 'accept-encoding': coding } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });
}

async function total(paths, coding, suffix) {
  let sum = 0;
  for (const path of paths) if (path.endsWith(suffix)) sum += await sentBytes(path, coding);
  return sum;
}

async function sizes(paths) {
  const result = { files: [...paths].sort() };
  for (const [name, coding] of [['gzip', 'gzip'], ['br', 'br'], ['raw', 'identity']]) {
    result[`js_${name}`] = await total(paths, coding, '.js');
    result[`css_${name}`] = await total(paths, coding, '.css');
  }
  return result;
}

const profile = mkdtempSync(join(tmpdir(), 'heimservice-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
try {
  const storefront = await assetsOf(context, '/order-online/');
  const admin = await assetsOf(context, '/order-online/admin');
  const adminOnly = new Set([...admin].filter((path) => !storefront.has(path)));
  console.log(JSON.stringify({ storefront: await sizes(storefront), admin: await sizes(adminOnly) }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
