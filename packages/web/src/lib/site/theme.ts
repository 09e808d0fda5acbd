import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@driftbox/contract';
import { readStorage, writeStorage } from '../browser-storage';

export const THEME_MODES = ['auto', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** Spec §9: the toggle cycles auto → light → dark → auto. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODES.indexOf(mode);
  return THEME_MODES[(index + 1) % THEME_MODES.length] ?? 'auto';
}

export function readThemeMode(): ThemeMode {
  const stored = readStorage(STORAGE_KEYS.themeMode);
  return isThemeMode(stored) ? stored : 'auto';
}

function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : undefined;
}

export function resolveTheme(mode: ThemeMode, systemDark: boolean): ResolvedTheme {
  if (mode === 'auto') return systemDark ? 'dark' : 'light';
  return mode;
}

let mode: ThemeMode = readThemeMode();
let snapshot = { mode, resolved: resolveTheme(mode, mediaQuery()?.matches ?? false) };

function refresh(): void {
  const resolved = resolveTheme(mode, mediaQuery()?.matches ?? false);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  if (snapshot.mode !== mode || snapshot.resolved !== resolved) {
    snapshot = { mode, resolved };
    for (const listener of listeners) listener();
  }
}

/** Applies the stored mode before the first render and follows the system setting live in auto mode. */
export function initTheme(): void {
  mode = readThemeMode();
  refresh();
  mediaQuery()?.addEventListener('change', refresh);
}

export function setThemeMode(next: ThemeMode): void {
  mode = next;
  writeStorage(STORAGE_KEYS.themeMode, next);
  refresh();
}

export function cycleThemeMode(): ThemeMode {
  const next = nextThemeMode(mode);
  setThemeMode(next);
  return next;
}

export function getThemeSnapshot(): { mode: ThemeMode; resolved: ResolvedTheme } {
  return snapshot;
}

export function useTheme(): { mode: ThemeMode; resolved: ResolvedTheme } {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getThemeSnapshot,
    getThemeSnapshot,
  );
}
