import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/site/i18n';
import { countReloads, FakeServiceWorkerContainer, FakeWorker, installServiceWorker } from '../../test/service-worker';

/** Spec §2: the app reloads 1 s after the update (a literal: the test holds the spec's value). */
const RELOAD_DELAY_MS = 1000;
const HOUR = 60 * 60 * 1000;

/**
 * One page load: fresh modules (register.ts keeps its state per document), the worker registered after
 * `load` through workbox-window, and the update prompt on screen.
 */
async function openPage(browser: FakeServiceWorkerContainer) {
  cleanup();
  vi.resetModules();
  const { registerServiceWorker } = await import('../../lib/pwa/register');
  const { UpdatePrompt } = await import('./update-prompt');
  render(<UpdatePrompt />);
  const registrations = browser.registered.length;
  registerServiceWorker();
  // workbox-window is loaded on demand: wait (on the real clock, up to 5 s on a busy machine) until it
  // asked for the registration.
  for (const until = performance.now() + 5000; browser.registered.length === registrations;) {
    if (performance.now() > until) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await tick(0);
}

const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const prompt = () => screen.queryByRole('region', { name: 'A new version is available' });
/** workbox-window says "waiting" 200 ms after a worker installed and still waits. */
const WAITING_NOTICE_MS = 200;

beforeEach(async () => {
  // The texts: react-i18next's one instance, set up once (only the page's own modules load afresh).
  await i18n.changeLanguage('en');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubEnv('DEV', false);
  (globalThis as { __WB_DISABLE_DEV_LOGS?: boolean }).__WB_DISABLE_DEV_LOGS = true;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('the update prompt', () => {
  it('the first install takes over without a prompt and without a reload', async () => {
    const browser = installServiceWorker();
    const reloads = countReloads();
    await openPage(browser);
    expect(browser.registered).toEqual(['/sw.js']);

    const worker = browser.install();
    browser.takeOver(worker);
    await tick(5 * RELOAD_DELAY_MS);
    expect(prompt()).toBeNull();
    expect(reloads.count).toBe(0);
  });

  it('a new worker found while the app is open waits; "Reload" lets it take over and reloads once, 1 s later', async () => {
    const browser = installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
    const reloads = countReloads();
    await openPage(browser);
    expect(prompt()).toBeNull();

    // The hourly check finds a new build.
    let update: FakeWorker | undefined;
    browser.registration.onUpdate = () => void (update = browser.install());
    await tick(HOUR + WAITING_NOTICE_MS);
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await tick(0);
    expect(update?.messages).toContainEqual({ type: 'SKIP_WAITING' });
    expect(browser.controller).toBe(update);
    expect(prompt()).toBeNull();
    await tick(RELOAD_DELAY_MS - 1);
    expect(reloads.count).toBe(0);
    await tick(1);
    expect(reloads.count).toBe(1);

    // Another change of worker before the page has gone: still the one reload.
    browser.takeOver(browser.install());
    await tick(5 * RELOAD_DELAY_MS);
    expect(reloads.count).toBe(1);
  });

  it('after the reload the new worker is in charge: no prompt, no further reload (no loop)', async () => {
    const waiting = new FakeWorker();
    const browser = installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
    browser.install(waiting);
    const reloads = countReloads();
    // A worker that waited before the page opened: the prompt shows on load.
    await openPage(browser);
    expect(prompt()).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await tick(RELOAD_DELAY_MS);
    expect(reloads.count).toBe(1);

    // The reloaded page: the worker it asked for controls it, nothing waits.
    await openPage(browser);
    await tick(HOUR + 5 * RELOAD_DELAY_MS);
    expect(browser.controller).toBe(waiting);
    expect(prompt()).toBeNull();
    expect(reloads.count).toBe(1);
  });

  it('"Later" keeps the page as it is; another tab\'s update takes it over without a reload until the user accepts', async () => {
    const browser = installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
    const waiting = browser.install();
    const reloads = countReloads();
    await openPage(browser);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(prompt()).toBeNull();
    expect(waiting.messages).not.toContainEqual({ type: 'SKIP_WAITING' });

    // This page again, another tab accepts the update there: the worker takes over every page.
    await openPage(browser);
    browser.takeOver(waiting);
    await tick(5 * RELOAD_DELAY_MS);
    expect(reloads.count).toBe(0);
    expect(prompt()).toBeInTheDocument();
    // Nothing waits any more, but this page still runs the old build: "Reload" reloads it, once.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await tick(RELOAD_DELAY_MS - 1);
    expect(reloads.count).toBe(0);
    await tick(5 * RELOAD_DELAY_MS);
    expect(reloads.count).toBe(1);
  });
});
