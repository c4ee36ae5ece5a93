// The JS and CSS a browser downloads on a first visit to the storefront, and what
// opening the admin area adds, in the bytes the server sends for gzip and for brotli.
// Usage: node bench/first-visit.mjs http://127.0.0.1:PORT   (prints one JSON line)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { assetsOf, sizesOf } from '../ui/e2e/asset-sizes.mjs';
import { launchBrowser } from '../ui/e2e/support.mjs';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const base = process.argv[2];
if (!base) {
  console.error('usage: node bench/first-visit.mjs http://127.0.0.1:PORT');
  process.exit(2);
}
const { origin } = new URL(base);

const profile = mkdtempSync(join(tmpdir(), 'heimservice-bench-chromium-'));
const context = await launchBrowser(chromium, profile);
try {
  const storefront = await assetsOf(context, `${origin}/order-online/`);
  const admin = await assetsOf(context, `${origin}/order-online/admin`);
  const adminOnly = new Set([...admin].filter((path) => !storefront.has(path)));
  console.log(JSON.stringify({ storefront: await sizesOf(origin, storefront), admin: await sizesOf(origin, adminOnly) }));
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
