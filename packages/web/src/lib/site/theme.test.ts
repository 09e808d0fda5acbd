import { STORAGE_KEYS } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A controllable prefers-color-scheme media query. */
function stubMedia(initialDark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initialDark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', () => media);
  return {
    setDark(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener();
    },
  };
}

async function loadTheme() {
  vi.resetModules();
  return import('./theme');
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  document.documentElement.className = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('cycles auto → light → dark → auto and remembers the mode', async () => {
    stubMedia(false);
    const theme = await loadTheme();
    theme.initTheme();
    expect(theme.getThemeSnapshot().mode).toBe('auto');
    expect(theme.cycleThemeMode()).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBe('light');
    expect(theme.cycleThemeMode()).toBe('dark');
    expect(isDark()).toBe(true);
    expect(theme.cycleThemeMode()).toBe('auto');
    expect(isDark()).toBe(false);
  });

  it('applies a stored dark mode on init, before anything renders', async () => {
    stubMedia(false);
    localStorage.setItem(STORAGE_KEYS.themeMode, 'dark');
    const theme = await loadTheme();
    theme.initTheme();
    expect(isDark()).toBe(true);
    expect(theme.getThemeSnapshot()).toEqual({ mode: 'dark', resolved: 'dark' });
  });

  it('follows the system setting live in auto mode only', async () => {
    const media = stubMedia(false);
    const theme = await loadTheme();
    theme.initTheme();
    media.setDark(true);
    expect(isDark()).toBe(true);
    expect(theme.getThemeSnapshot().resolved).toBe('dark');
    theme.setThemeMode('light');
    media.setDark(true);
    expect(isDark()).toBe(false);
  });

  it('ignores an unknown stored value', async () => {
    stubMedia(true);
    localStorage.setItem(STORAGE_KEYS.themeMode, 'purple');
    const theme = await loadTheme();
    theme.initTheme();
    expect(theme.getThemeSnapshot()).toEqual({ mode: 'auto', resolved: 'dark' });
  });
});
