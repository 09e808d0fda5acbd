/**
 * The installable app's state (spec §4 "Installable-app state"): installable (a saved
 * beforeinstallprompt), installed (standalone display), an update waiting, the worker's state. One small
 * store read with useSyncExternalStore; register.ts and the install listener write it.
 */
import { useSyncExternalStore } from 'react';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  installEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
  updateWaiting: boolean;
  /** 'none' until a worker registers; then the state of the one in charge. */
  workerState: 'none' | 'installing' | 'waiting' | 'active' | 'failed';
}

let state: PwaState = { installEvent: null, installed: false, updateWaiting: false, workerState: 'none' };
const listeners = new Set<() => void>();

export function getPwaState(): PwaState {
  return state;
}

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState, getPwaState);
}

/** Opened as an installed app (Android/desktop standalone, or iOS home-screen). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Chromium fires beforeinstallprompt early, often before React renders: listen from the first import. */
export function listenForInstall(): void {
  if (typeof window === 'undefined') return;
  setPwaState({ installed: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installEvent: null, installed: true }));
}
