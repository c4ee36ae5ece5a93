// What a page makes the browser download: the same-origin scripts and stylesheets it
// loads, and their size in the bytes the server sends for each content coding.
// Used by the first-visit budget test and by bench/first-visit.mjs.
import { request } from 'node:http';

/** Paths of the same-origin scripts and stylesheets loaded by the page at `url`, until the network is idle. */
export async function assetsOf(context, url) {
  const { origin } = new URL(url);
  const page = await context.newPage();
  const paths = new Set();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if ((type === 'script' || type === 'stylesheet') && new URL(response.url()).origin === origin) {
      paths.add(new URL(response.url()).pathname);
    }
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await page.close();
  }
  return paths;
}

/** Bytes of the body at `url` as sent with `Accept-Encoding: coding` (not decoded). */
export function sentBytes(url, coding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': coding } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });
}

async function total(origin, paths, coding, suffix) {
  let sum = 0;
  for (const path of paths) if (path.endsWith(suffix)) sum += await sentBytes(origin + path, coding);
  return sum;
}

/** The files and their JS and CSS totals as sent gzip, brotli and uncompressed (`raw`). */
export async function sizesOf(origin, paths) {
  const result = { files: [...paths].sort() };
  for (const [name, coding] of [['gzip', 'gzip'], ['br', 'br'], ['raw', 'identity']]) {
    result[`js_${name}`] = await total(origin, paths, coding, '.js');
    result[`css_${name}`] = await total(origin, paths, coding, '.css');
  }
  return result;
}
