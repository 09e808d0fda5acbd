/**
 * Draws the installable app's PNG icons (public/icons/) from the favicon's shapes with Debian's Chromium:
 * `node packages/web/scripts/draw-icons.mjs`. The PNGs are committed; run this again only when the logo
 * changes. "any" icons keep the rounded tile; maskable ones fill the square and keep the mark inside the
 * 80 % safe zone platforms crop to; the Apple touch icon is an opaque square (iOS rounds it itself).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#0284c7"/></linearGradient></defs>';
const MARK =
  '<path d="M20 18h14c9.4 0 16 5.8 16 14s-6.6 14-16 14H20z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>' +
  '<path d="M27 32h12" stroke="#fff" stroke-width="5" stroke-linecap="round"/>';

/** kind: 'any' (rounded tile on transparent), 'maskable' (full bleed, mark scaled into the safe zone), 'apple'. */
function svg(kind) {
  if (kind === 'any')
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" rx="14" fill="url(#g)"/>${MARK}</svg>`;
  const scale = kind === 'maskable' ? 0.72 : 0.86;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${GRADIENT}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(${offset} ${offset}) scale(${scale})">${MARK}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const body = svg(icon.kind).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${body}</body></html>`);
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
