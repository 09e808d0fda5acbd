import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import axe from 'axe-core';
import { ADMIN } from '../playwright.config';

/** The four looks every page is checked in (issue 33): en light and zh dark, desktop and a 390 px phone. */
export const COMBINATIONS = [
  { name: 'en light desktop', language: 'en', theme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'en light phone', language: 'en', theme: 'light', viewport: { width: 390, height: 844 } },
  { name: 'zh dark desktop', language: 'zh-CN', theme: 'dark', viewport: { width: 1280, height: 800 } },
  { name: 'zh dark phone', language: 'zh-CN', theme: 'dark', viewport: { width: 390, height: 844 } },
] as const;
export type Combination = (typeof COMBINATIONS)[number];

// The admin pages as the web app lists them (one table: packages/web/src/lib/auth/admin-pages.ts).
export { ADMIN_PAGES } from '../../packages/web/src/lib/auth/admin-pages';

/** What the scanned pages show: a Markdown paste (a task list, its own h1), a locked paste, a file, a locked file. */
export interface Fixtures {
  token: string;
  paste: string;
  lockedPaste: string;
  file: string;
  lockedFile: string;
}

export const PASTE_PASSWORD = 'a11y-Paste-Password-1';
export const PASTE_DOCUMENT = [
  '# Trip notes',
  '',
  'Pack **sunscreen** and a [map](https://example.com/map).',
  '',
  '| Day | Place |',
  '| --- | ----- |',
  '| 1   | Lyon  |',
  '',
  '- [x] Book the train',
  '- [ ] Buy snacks',
].join('\n');

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function createPaste(request: APIRequestContext, token: string, data: object): Promise<string> {
  const res = await request.post('/api/paste', { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { slug: string } }).data.slug;
}

async function uploadFile(request: APIRequestContext, token: string, name: string, query = ''): Promise<string> {
  const res = await request.put(`/api/upload-direct/${name}?use_proxy=1${query}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: 'hello from the accessibility check\n',
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: { slug: string } }).data.slug;
}

/** A `/local` mount on the LOCAL storage (the explorer journeys and scans), created once. */
export async function ensureLocalMount(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const mounts = (await (await request.get('/api/admin/mounts', { headers })).json()).data as { mount_path: string }[];
  if (!mounts.some((m) => m.mount_path === '/local'))
    await request.post('/api/admin/mounts', {
      headers,
      data: { name: 'Local', mount_path: '/local', storage_config_id: 'local' },
    });
}

export async function makeFixtures(request: APIRequestContext): Promise<Fixtures> {
  const token = await adminToken(request);
  return {
    token,
    paste: await createPaste(request, token, { content: PASTE_DOCUMENT, remark: 'a11y trip' }),
    lockedPaste: await createPaste(request, token, { content: PASTE_DOCUMENT, password: PASTE_PASSWORD }),
    file: await uploadFile(request, token, 'a11y-notes.txt', '&remark=a11y%20file'),
    lockedFile: await uploadFile(request, token, 'a11y-secret.txt', `&password=${PASTE_PASSWORD}`),
  };
}

/** localStorage for a context in one look, signed in as the admin when a token is given. */
export function storageState(baseURL: string, combination: Combination, token?: string) {
  const localStorage = [
    { name: 'language', value: combination.language },
    { name: 'themeMode', value: combination.theme },
    ...(token ? [{ name: 'admin_token', value: token }] : []),
  ];
  return { cookies: [], origins: [{ origin: baseURL, localStorage }] };
}

/**
 * The page's requests in flight, so a look can wait for "settled" without `networkidle`'s fixed half
 * second after every step (some 40 steps per look).
 */
export class NetworkWatch {
  private readonly pending = new Set<Request>();
  private last = Date.now();
  constructor(page: Page) {
    const done = (request: Request) => {
      this.pending.delete(request);
      this.last = Date.now();
    };
    page.on('request', (request) => {
      this.pending.add(request);
      this.last = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }
  /** Resolves once nothing has been in flight for `quietMs`. */
  async quiet(quietMs = 200): Promise<void> {
    await expect
      .poll(() => this.pending.size === 0 && Date.now() - this.last >= quietMs, { intervals: [50], timeout: 15_000 })
      .toBe(true);
  }
}

/** Waits until the page has settled: chunks and data loaded, no loading placeholder left. */
export async function settle(page: Page, network?: NetworkWatch): Promise<void> {
  if (network) await network.quiet();
  else await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

type Messages = { [key: string]: string | Messages };
const MESSAGES: Record<string, Messages> = Object.fromEntries(
  ['en', 'zh-CN'].map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`../../packages/web/src/locales/${language}.json`, import.meta.url), 'utf8')),
  ]),
);

/** The app's own text for `key` in `language` (from its locale files), with {{name}} values filled in. */
export function text(language: string, key: string, values: Record<string, string> = {}): string {
  let node: string | Messages | undefined = MESSAGES[language];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The rules the issue asks for: WCAG 2.0–2.2 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * One axe scan against WCAG 2.0–2.2 A and AA; returns a line per serious or critical violation. axe-core
 * runs in the page itself, injected once per document (a client-side navigation keeps it), and reports
 * violations only: @axe-core/playwright injected it again for every scan and opened a blank page per scan
 * to assemble the results, which was most of the check's time (the app has no frames to reach into).
 */
export async function scan(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A toast still fading in is measured at its passing opacity (a 3.5:1 green once): let finite animations
  // and transitions end first (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary ?? '' })),
    }));
  }, TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${where}: [${v.impact}] ${v.id} ${n.target} — ${n.summary.split('\n').slice(1).join(' ')}`),
    );
}
