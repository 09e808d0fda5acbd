// The "web" bench section (issue 30): first paint of the pages people open from a link. Headless Debian
// Chromium (playwright-core) with the CPU slowed 4× through CDP and a 390 × 844 window loads each page cold
// (a new context: no cache, no service worker, no storage) BENCH_WEB_ROUNDS times (default 5) and reports the
// median largest contentful paint, the number of requests and the JavaScript transferred and decoded — each
// also as a ratio to the floor: the plain paste's text served as text/plain by /api/raw/{slug}.
import { deflateSync } from 'node:zlib';
/* global window, document -- the functions passed to addInitScript, waitForFunction and evaluate run in the page. */
import { chromium } from 'playwright-core';
import { median } from './files-measure.mjs';

const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
const VIEWPORT = { width: 390, height: 844 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Issue 30's targets: plain paste LCP ≤ 4 × the floor and ≤ 800 ms, ≤ 150 KiB compressed JS; every page ≤ 850 ms. */
export const WEB_TARGETS = { plainPasteFloorRatio: 4, plainPasteMs: 800, plainPasteJsKiB: 150, pageMs: 850 };

const PLAIN =
  '# Meeting notes\n\n' + 'Some *markdown* text with a [link](https://example.com) and **bold** words.\n\n'.repeat(20);
const RICH = [
  '# Rich paste',
  '',
  '```ts',
  'export function add(a: number, b: number): number {\n  return a + b;\n}',
  '```',
  '',
  'Euler: $e^{i\\pi} + 1 = 0$ and',
  '',
  '$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$',
  '',
  '```mermaid',
  'graph TD\n  A[Start] --> B{Paste?}\n  B -->|yes| C[Share]\n  B -->|no| D[Upload]',
  '```',
].join('\n');

/** A solid-colour RGB PNG of width × height, built here so the image share needs no fixture file. */
function png(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([40 + (x % 200), 120, 200], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Creates the section's shares through the API: a plain paste, a rich one and an image. */
async function setup(base, auth) {
  const paste = async (content) => {
    const res = await fetch(`${base}/api/paste`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content }),
    });
    if (res.status !== 201) throw new Error(`paste: ${res.status} ${await res.text()}`);
    return (await res.json()).data.slug;
  };
  const image = await fetch(`${base}/api/upload-direct/bench-photo.png?use_proxy=1`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'image/png' },
    body: png(1200, 800),
  });
  if (image.status >= 300) throw new Error(`upload: ${image.status} ${await image.text()}`);
  return { plain: await paste(PLAIN), rich: await paste(RICH), image: (await image.json()).data.slug };
}

/** One cold load: LCP (observed from the start, read once the page settled), requests and JavaScript bytes. */
async function load(browser, url, token) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', serviceWorkers: 'block' });
  if (token) await context.addInitScript((t) => localStorage.setItem('admin_token', t), token);
  // Observed from the document's start, so a late read cannot miss the entry; the last candidate wins.
  await context.addInitScript(() => {
    new PerformanceObserver((list) => {
      window.__benchLcp = list.getEntries().at(-1)?.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
    // Under 4× throttling the network can idle while chunks still parse: wait for a painted, settled page.
    await page
      .waitForFunction(() => window.__benchLcp !== undefined && !document.querySelector('[aria-busy="true"]'), null, {
        timeout: 20_000,
      })
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return await page.evaluate(() => {
      const lcp = window.__benchLcp ?? NaN;
      const resources = performance.getEntriesByType('resource');
      const js = resources.filter((r) => /\.m?js(\?|$)/.test(new URL(r.name).pathname));
      const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
      return {
        lcp,
        requests: resources.length + 1,
        jsTransferred: sum(js, 'transferSize'),
        jsDecoded: sum(js, 'decodedBodySize'),
      };
    });
  } finally {
    await context.close();
  }
}

/** Median of each measure over ROUNDS cold loads. */
async function measurePage(browser, url, token) {
  const runs = [];
  for (let i = 0; i < ROUNDS; i++) runs.push(await load(browser, url, token));
  const pick = (key) => median(runs.map((r) => r[key]));
  // A load without an LCP entry is left out of the median (and counted), not turned into NaN.
  const painted = runs.filter((r) => Number.isFinite(r.lcp)).map((r) => r.lcp);
  if (painted.length < runs.length)
    console.warn(`${url}: ${runs.length - painted.length} load(s) without an LCP entry`);
  return {
    lcp: painted.length ? median(painted) : NaN,
    requests: pick('requests'),
    jsTransferred: pick('jsTransferred'),
    jsDecoded: pick('jsDecoded'),
  };
}

const kib = (bytes) => (bytes / 1024).toFixed(1);
const ratio = (value, floor) => (floor > 0 ? (value / floor).toFixed(2) : '—');

/** Runs the section; `auth` is the admin's bearer header, `token` the same token for the admin page's storage. */
export async function webSection({ port, auth }) {
  const base = `http://127.0.0.1:${port}`;
  const slugs = await setup(base, auth);
  const token = auth.authorization.replace(/^Bearer /, '');
  const pages = [
    { name: 'floor: /api/raw/{slug} (plain paste, text/plain)', path: `/api/raw/${slugs.plain}`, floor: true },
    { name: '/ (home)', path: '/' },
    { name: '/paste/{slug} (plain Markdown)', path: `/paste/${slugs.plain}`, plain: true },
    { name: '/paste/{slug} (code, math, mermaid)', path: `/paste/${slugs.rich}` },
    { name: '/file/{slug} (image)', path: `/file/${slugs.image}` },
    { name: '/upload', path: '/upload' },
    { name: '/admin (signed in)', path: '/admin', token },
  ];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows = [];
  try {
    for (const page of pages) rows.push({ ...page, ...(await measurePage(browser, base + page.path, page.token)) });
  } finally {
    await browser.close();
  }
  const floor = rows[0];
  return rows.map((r) => {
    const targets = [`LCP <= ${WEB_TARGETS.pageMs} ms`];
    let met = r.floor || r.lcp <= WEB_TARGETS.pageMs;
    if (r.plain) {
      targets.push(`<= ${WEB_TARGETS.plainPasteFloorRatio} x floor, <= ${WEB_TARGETS.plainPasteMs} ms`);
      targets.push(`JS <= ${WEB_TARGETS.plainPasteJsKiB} KiB`);
      met &&=
        r.lcp <= WEB_TARGETS.plainPasteFloorRatio * floor.lcp &&
        r.lcp <= WEB_TARGETS.plainPasteMs &&
        r.jsTransferred <= WEB_TARGETS.plainPasteJsKiB * 1024;
    }
    const row = {
      name: r.name,
      lcpMs: r.lcp,
      requests: r.requests,
      jsTransferredBytes: r.jsTransferred,
      jsDecodedBytes: r.jsDecoded,
      lcpRatio: r.lcp / floor.lcp,
      requestsRatio: r.requests / floor.requests,
      met: r.floor ? null : met,
    };
    return {
      ...row,
      display: {
        page: r.name,
        'LCP ms': Math.round(r.lcp),
        'x floor': ratio(r.lcp, floor.lcp),
        requests: r.requests,
        'req x floor': ratio(r.requests, floor.requests),
        'JS KiB (wire)': kib(r.jsTransferred),
        'JS KiB (decoded)': kib(r.jsDecoded),
        target: r.floor ? 'floor' : targets.join('; '),
        met: r.floor ? '' : met ? 'yes' : 'NO',
      },
    };
  });
}
