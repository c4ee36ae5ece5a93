// Where a first visit's largest paint waits: one visit on the emulated phone of
// first-visit.mjs (390×844 at 3×, touch, CPU 4× slower) over slow 4G or 3G, with a
// DevTools trace. Prints the largest-paint candidates, each file's request, first byte and
// end (ms from the start of the navigation), and the renderer's main-thread work of more
// than 3 ms up to the last candidate (HTML parsing, style, layout with its element counts,
// paint, scripts, image decoding).
//
// Usage: node bench/first-paint-trace.mjs http://127.0.0.1:PORT [--profile slow-4g|3g]
// Against a running server (see bench/README.md); one visit per call, so run it a few
// times: single visits vary by ±0.1 s.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS } from '../ui/e2e/support.mjs';
import { CPU_SLOWDOWN, NETWORKS, PHONE } from './phone.mjs';

const require = createRequire(new URL('../ui/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { profile: { type: 'string', default: 'slow-4g' } },
});
const network = NETWORKS[options.profile];
if (!positionals[0] || !network) {
  console.error('usage: node bench/first-paint-trace.mjs http://127.0.0.1:PORT [--profile slow-4g|3g]');
  process.exit(2);
}
const url = new URL('/order-online/', positionals[0]).href;
/** The trace events worth printing, of the renderer's main thread. */
const WORK = new Set(['ParseHTML', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'EvaluateScript', 'FunctionCall', 'EventDispatch', 'TimerFire', 'Decode Image']);

function observePaints() {
  globalThis.__paints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      globalThis.__paints.push({ ms: Math.round(entry.startTime), element: entry.element?.tagName ?? null, size: entry.size, url: entry.url || null });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(observePaints);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForTimeout(3000);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const paints = await page.evaluate(() => globalThis.__paints);
  const files = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
      path: new URL(entry.name).pathname,
      asked: Math.round(entry.startTime),
      first_byte: Math.round(entry.responseStart),
      end: Math.round(entry.responseEnd),
      bytes: entry.encodedBodySize,
    })),
  );
  console.log('largest paint candidates:', JSON.stringify(paints));
  for (const file of files) console.log('file', JSON.stringify(file));
  const events = trace.traceEvents;
  // The page's own navigation (the context's about:blank has one too).
  const navigations = events.filter((event) => event.name === 'navigationStart');
  const navigation = navigations.find((event) => event.args?.data?.documentLoaderURL === url) ?? navigations.at(-1);
  if (navigation === undefined) throw new Error('the trace has no navigationStart event');
  const start = navigation.ts;
  const until = (paints.at(-1)?.ms ?? 3000) + 50;
  const work = events
    .filter((event) => event.ph === 'X' && WORK.has(event.name) && event.dur > 3000 && event.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  for (const event of work) {
    const at = (event.ts - start) / 1000;
    if (at > until) break;
    const layout = event.name === 'Layout' ? ` ${event.args?.beginData?.dirtyObjects} of ${event.args?.beginData?.totalObjects} objects` : '';
    console.log(`${at.toFixed(0).padStart(6)} ms ${(event.dur / 1000).toFixed(1).padStart(7)} ms  ${event.name}${layout}`);
  }
} finally {
  await browser.close();
}
