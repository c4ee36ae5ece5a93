// The JS and CSS a browser downloads on a first visit to the storefront, and what
// opening the admin area adds, in the bytes the server sends for gzip and for brotli;
// then a first visit on an emulated phone (390×844 at 3×, touch, CPU 4× slower) over
// slow 4G and 3G, through the DevTools protocol: bytes on the wire (photos apart), the
// largest contentful paint, the cumulative layout shift and the photo bytes above the
// fold, medians of fresh browser profiles (no cache, no service worker).
//
// Usage: node bench/first-visit.mjs http://127.0.0.1:PORT [--runs 5] [--photos 35]
//          [--owner EMAIL:PASSWORD] [--profiles slow-4g,3g]
// Prints one JSON line. `--photos N` first gives N products phone-sized JPEG photos
// (2000×1500, made in the browser), as the owner (default admin@example.com with
// HEIMSERVICE_BENCH_PASSWORD), creating products when the menu has fewer than N: run
// it against a throwaway data directory. See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { assetsOf, sizesOf } from '../ui/e2e/asset-sizes.mjs';
import { CHROMIUM_ARGS, launchBrowser } from '../ui/e2e/support.mjs';
import { CPU_SLOWDOWN, NETWORKS, PHONE } from './phone.mjs';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '5' },
    photos: { type: 'string', default: '0' },
    owner: { type: 'string', default: `admin@example.com:${process.env.HEIMSERVICE_BENCH_PASSWORD ?? ''}` },
    profiles: { type: 'string', default: 'slow-4g,3g' },
  },
});
const base = positionals[0];
if (!base) {
  console.error('usage: node bench/first-visit.mjs http://127.0.0.1:PORT [--runs 5] [--photos 35] [--owner EMAIL:PASSWORD]');
  process.exit(2);
}
const { origin } = new URL(base);
const storefrontUrl = new URL('/order-online/', origin).href;

/** How long no request may be open before a visit counts as finished. */
const QUIET_MS = 1500;
/** The product and banner photos: everything the API serves under /images/. */
const isPhoto = (url) => new URL(url).pathname.startsWith('/images/');

// Collects the largest contentful paint and the layout shifts from the page's start.
// Every shift counts: a visit here has no input, yet headless Chromium with touch
// emulation marks shifts as following input (`hadRecentInput`), which would hide them.
function observeVitals() {
  const vitals = { lcp: null, cls: 0 };
  globalThis.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

// In the page: the photos (their URLs) of the images in the first screen.
function photosAboveTheFold() {
  const height = globalThis.innerHeight;
  const width = globalThis.innerWidth;
  return [...globalThis.document.images]
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return image.currentSrc && box.width > 0 && box.height > 0 && box.top < height && box.bottom > 0 && box.left < width && box.right > 0;
    })
    .map((image) => image.currentSrc);
}

// In the page: whether every image in the first screen has loaded.
function firstScreenPhotosLoaded() {
  const height = globalThis.innerHeight;
  return [...globalThis.document.images].every((image) => {
    const box = image.getBoundingClientRect();
    return box.top >= height || box.bottom <= 0 || box.width === 0 || image.complete;
  });
}

/** One first visit in a fresh browser context over `network`. */
async function phoneVisit(browser, network) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const urls = new Map();
    const sizes = new Map();
    const inFlight = new Set();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      inFlight.add(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
    cdp.on('Network.loadingFinished', (event) => {
      sizes.set(event.requestId, event.encodedDataLength);
      inFlight.delete(event.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (event) => {
      inFlight.delete(event.requestId);
      lastActivity = Date.now();
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(storefrontUrl, { waitUntil: 'load', timeout: 120_000 });
    // On the slowed CPU the app's own requests start well after the load event: the
    // visit is over once the menu shows and no request has been open for QUIET_MS.
    await page.waitForSelector('article.product-card', { timeout: 120_000 });
    const deadline = Date.now() + 240_000;
    const quiet = async () => {
      while ((inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() < deadline) {
        await page.waitForTimeout(100);
      }
    };
    await quiet();
    // The first screen's photos may be asked for only after a later layout.
    await page.waitForFunction(firstScreenPhotosLoaded, null, { timeout: Math.max(1, deadline - Date.now()) });
    await quiet();
    const vitals = await page.evaluate(() => globalThis.__vitals);
    const aboveFold = new Set(await page.evaluate(photosAboveTheFold));
    let bytes = 0;
    let photoBytes = 0;
    let photoBytesAboveFold = 0;
    for (const [id, size] of sizes) {
      const url = urls.get(id);
      if (url === undefined || !url.startsWith('http')) continue;
      if (isPhoto(url)) {
        photoBytes += size;
        if (aboveFold.has(url)) photoBytesAboveFold += size;
      } else bytes += size;
    }
    return {
      bytes_without_photos: bytes,
      photo_bytes: photoBytes,
      photo_bytes_above_fold: photoBytesAboveFold,
      photos_above_fold: aboveFold.size,
      lcp_ms: vitals.lcp === null ? null : Math.round(vitals.lcp),
      cls: Math.round(vitals.cls * 10_000) / 10_000,
    };
  } finally {
    await context.close();
  }
}

function median(values) {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Medians over `runs` first visits, with every run's numbers. */
async function phoneProfile(browser, network, runs) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await phoneVisit(browser, network));
  const medians = Object.fromEntries(Object.keys(samples[0]).map((key) => [key, median(samples.map((sample) => sample[key]))]));
  return { median: medians, runs: samples };
}

async function api(path, init = {}, token) {
  const headers = { ...(init.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(new URL(path, origin), { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

// In the page: a 2000×1500 JPEG like a phone's photo (a gradient with sensor noise),
// as base64; `seed` varies it.
async function phonePhoto(seed) {
  const canvas = globalThis.document.createElement('canvas');
  canvas.width = 2000;
  canvas.height = 1500;
  const g = canvas.getContext('2d');
  const gradient = g.createLinearGradient(0, 0, 2000, 1500);
  gradient.addColorStop(0, `hsl(${(seed * 47) % 360} 60% 45%)`);
  gradient.addColorStop(1, `hsl(${(seed * 47 + 120) % 360} 50% 70%)`);
  g.fillStyle = gradient;
  g.fillRect(0, 0, 2000, 1500);
  const pixels = g.getImageData(0, 0, 2000, 1500);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.data.length; i += 4) {
    state = (state * 1103515245 + 12345) >>> 0;
    const noise = ((state >>> 16) % 41) - 20;
    pixels.data[i] += noise;
    pixels.data[i + 1] += noise;
    pixels.data[i + 2] += noise;
  }
  g.putImageData(pixels, 0, 0);
  // Phones save at about 90 %; under the upload limit of 4 MiB.
  for (const quality of [0.9, 0.8, 0.7]) {
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob.size < 3.9 * 1024 * 1024) {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    }
  }
  throw new Error('no JPEG under 3.9 MiB');
}

/** Gives `count` products a photo, creating products when the menu has fewer. */
async function uploadPhotos(browser, count) {
  const [email, ...rest] = options.owner.split(':');
  const token = (
    await api('/login', { method: 'POST', body: new URLSearchParams({ username: email, password: rest.join(':') }) })
  ).access_token;
  let products = await api('/products/?store_id=14');
  const template = products.find((product) => product.type === 'simple') ?? products[0];
  for (let n = products.length; n < count; n += 1) {
    await api(
      '/products/',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          category_id: template.category_id,
          name: `Tagesgericht ${n + 1}`,
          description: 'Mit Foto',
          price: 9.5,
          tax_id: template.tax.id,
          type: 'simple',
          no_allergens: true,
          sort_order: 1000 + n,
        }),
      },
      token,
    );
  }
  products = await api('/products/?store_id=14');
  const page = await browser.newPage();
  try {
    await page.goto(new URL('/openapi.json', origin).href);
    for (const [index, product] of products.slice(0, count).entries()) {
      const jpeg = Buffer.from(await page.evaluate(phonePhoto, index + 1), 'base64');
      await api(`/products/${product.id}/image`, { method: 'PUT', headers: { 'content-type': 'image/jpeg' }, body: jpeg }, token);
    }
  } finally {
    await page.close();
  }
}

const result = {};
const profile = mkdtempSync(join(tmpdir(), 'heimservice-bench-chromium-'));
const context = await launchBrowser(chromium, profile);
try {
  const storefront = await assetsOf(context, storefrontUrl);
  const admin = await assetsOf(context, new URL('admin', storefrontUrl).href);
  const adminOnly = new Set([...admin].filter((path) => !storefront.has(path)));
  result.storefront = await sizesOf(origin, storefront);
  result.admin = await sizesOf(origin, adminOnly);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const photos = Number(options.photos);
  if (photos > 0) await uploadPhotos(browser, photos);
  const runs = Number(options.runs);
  result.phone = { runs, cpu_slowdown: CPU_SLOWDOWN, photos, profiles: {} };
  for (const name of options.profiles.split(',')) {
    const network = NETWORKS[name];
    if (!network) throw new Error(`unknown profile ${name} (known: ${Object.keys(NETWORKS).join(', ')})`);
    result.phone.profiles[name] = { network, ...(await phoneProfile(browser, network, runs)) };
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
