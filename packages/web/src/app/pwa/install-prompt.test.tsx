import { STORAGE_KEYS } from '@driftbox/contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForInstall, setPwaState } from '../../lib/pwa/pwa-store';
import { DEFAULT_SITE_CONFIG } from '../../lib/site/site-config';
import { renderWithApp } from '../../test/render';
import { isIosSafari } from './install-prompt';

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
/** Spec §2, §9: dismissed for 7 days, checked again every 5 s (literals: the test holds the spec's values). */
const DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
const RECHECK_MS = 5000;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IPHONE_FIREFOX =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15';

/** Chromium's event: the page saves it and calls prompt() later; the user's answer comes as userChoice. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return { event, prompt };
}

/** Browser traits a test changes: the user agent, touch points, standalone display. */
function pretend(traits: { userAgent?: string; touchPoints?: number; standalone?: boolean; displayMode?: string }) {
  if (traits.userAgent) Object.defineProperty(navigator, 'userAgent', { value: traits.userAgent, configurable: true });
  if (traits.touchPoints !== undefined)
    Object.defineProperty(navigator, 'maxTouchPoints', { value: traits.touchPoints, configurable: true });
  if (traits.standalone) Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
  if (traits.displayMode) {
    const mode = traits.displayMode;
    window.matchMedia = ((query: string) => ({ matches: query === `(display-mode: ${mode})` })) as typeof matchMedia;
  }
}

const prompt = () => screen.queryByRole('region', { name: 'Install Driftbox Test' });
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeAll(() => listenForInstall());

beforeEach(() => {
  // Date and the app's timers are the test's; React's scheduler and Testing Library keep theirs.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], now: T0 });
  setPwaState({ installEvent: null, installed: false, updateWaiting: false });
  // The site title from its 24 h cache, so the card reads it without a request.
  const config = { ...DEFAULT_SITE_CONFIG, site_title: 'Driftbox Test' };
  localStorage.setItem(STORAGE_KEYS.siteConfig, JSON.stringify({ savedAt: T0, config }));
});

afterEach(() => {
  vi.useRealTimers();
  for (const key of ['userAgent', 'maxTouchPoints', 'standalone']) Reflect.deleteProperty(navigator, key);
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('the install prompt', () => {
  it('"Not now" hides it for 7 days; it comes back within 5 s of the end, without a reload', async () => {
    renderWithApp(<div />);
    expect(prompt()).toBeNull();
    // The browser's event arrives after the page rendered: the prompt shows at once.
    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(prompt()).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pwaInstallDismissed)).toBe(String(T0));

    // Another visit three days later: still dismissed.
    cleanup();
    vi.setSystemTime(T0 + 3 * 24 * 3600 * 1000);
    renderWithApp(<div />);
    await tick(RECHECK_MS);
    expect(prompt()).toBeNull();

    // The page stays open past the 7 days: the next check, at most 5 s later, shows it.
    vi.setSystemTime(T0 + DISMISS_MS - RECHECK_MS - 1000);
    await tick(RECHECK_MS);
    expect(Date.now()).toBe(T0 + DISMISS_MS - 1000);
    expect(prompt()).toBeNull();
    await tick(RECHECK_MS);
    expect(prompt()).toBeInTheDocument();
  });

  it('"Install" opens the browser\'s dialog; accepting installs, dismissing it there counts as "Not now"', async () => {
    renderWithApp(<div />);
    const accepted = offerInstall('accepted');
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await tick(0);
    expect(accepted.prompt).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pwaInstallDismissed)).toBeNull();
    // Installed: a later event (the browser offering again) shows nothing.
    offerInstall();
    await tick(RECHECK_MS);
    expect(prompt()).toBeNull();

    cleanup();
    setPwaState({ installEvent: null, installed: false });
    renderWithApp(<div />);
    const dismissed = offerInstall('dismissed');
    const clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    await tick(0);
    expect(dismissed.prompt).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pwaInstallDismissed)).toBe(String(clickedAt));
    // The browser fires the event again on the next visit: not shown within the 7 days.
    offerInstall();
    await tick(RECHECK_MS);
    expect(prompt()).toBeNull();
  });

  it('on iOS Safari shows the Share → Add to Home Screen hint, with "Not now" but no Install button', async () => {
    pretend({ userAgent: IPHONE_SAFARI, touchPoints: 5 });
    renderWithApp(<div />);
    expect(prompt()).toHaveTextContent('Tap Share, then “Add to Home Screen”.');
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pwaInstallDismissed)).toBe(String(T0));
  });

  it('knows iOS Safari (iPadOS too) from iOS Chrome, iOS Firefox and desktop Safari', () => {
    pretend({ touchPoints: 0 });
    expect(isIosSafari(IPHONE_SAFARI)).toBe(true);
    expect(isIosSafari(IPHONE_CHROME)).toBe(false);
    expect(isIosSafari(IPHONE_FIREFOX)).toBe(false);
    expect(isIosSafari(MAC_SAFARI)).toBe(false);
    // iPadOS asks for the desktop site: a Mac user agent, but a touch screen.
    pretend({ touchPoints: 5 });
    expect(isIosSafari(MAC_SAFARI)).toBe(true);
  });

  it('is not shown on iOS Chrome or Firefox, which cannot add to the home screen', async () => {
    for (const userAgent of [IPHONE_CHROME, IPHONE_FIREFOX]) {
      pretend({ userAgent, touchPoints: 5 });
      renderWithApp(<div />);
      await tick(RECHECK_MS);
      expect(prompt()).toBeNull();
      cleanup();
    }
  });

  it('is never shown in the installed app, after installing, or while an update waits', async () => {
    pretend({ displayMode: 'standalone' });
    renderWithApp(<div />);
    offerInstall();
    await tick(RECHECK_MS);
    expect(prompt()).toBeNull();
    cleanup();
    Reflect.deleteProperty(window, 'matchMedia');

    pretend({ userAgent: IPHONE_SAFARI, touchPoints: 5, standalone: true });
    renderWithApp(<div />);
    await tick(RECHECK_MS);
    expect(prompt()).toBeNull();
    cleanup();
    for (const key of ['userAgent', 'maxTouchPoints', 'standalone']) Reflect.deleteProperty(navigator, key);

    setPwaState({ installEvent: null });
    renderWithApp(<div />);
    offerInstall();
    expect(prompt()).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(prompt()).toBeNull();

    setPwaState({ installed: false });
    offerInstall();
    act(() => setPwaState({ updateWaiting: true }));
    expect(prompt()).toBeNull();
    expect(screen.getByRole('region', { name: 'A new version is available' })).toBeInTheDocument();
  });
});
