// Draws the home-screen icons of the web app manifest (public/manifest.webmanifest) and
// the apple-touch-icon from public/favicon.svg with headless Chromium, then shrinks them
// to a 64-colour palette with Pillow (`pip install pillow`) when Python has it. The PNGs
// are committed; run this again after changing the favicon:  node scripts/make-icons.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { chromium } from 'playwright-core';

const PUBLIC = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', PUBLIC), 'utf8');
const THEME = '#b3261e';
// Flat colours and their anti-aliased edges fit a palette; PNG's filters do the rest.
const SHRINK = [
  'import sys',
  'from PIL import Image',
  'image = Image.open(sys.argv[1]).convert("RGBA")',
  'image.quantize(64, method=Image.Quantize.FASTOCTREE).save(sys.argv[1], optimize=True)',
].join('\n');

// `scale` is the share of the square the drawing fills; a maskable icon keeps it inside
// the central circle every launcher's mask leaves (80 % of the width; the drawing's own
// circle is 94 % of its square), on a full background.
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.84, background: THEME },
  // iOS shows transparency as black and rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, background: THEME },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const inner = Math.round(icon.size * icon.scale);
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.background}">` +
        svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
        '</body></html>',
    );
    const path = new URL(icon.file, PUBLIC).pathname;
    await page.screenshot({ path, omitBackground: icon.background === 'transparent' });
    await page.close();
    try {
      execFileSync('python3', ['-c', SHRINK, path], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch {
      console.warn(`Pillow is missing: ${icon.file} stays as Chromium wrote it`);
    }
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${statSync(path).size} B`);
  }
} finally {
  await browser.close();
}
