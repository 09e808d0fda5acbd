import { readStorageJson, writeStorage } from '../../../lib/browser-storage';
import type { AuthState } from '../../../lib/auth/auth-store';
import { SORT_KEYS, type SortOrder } from './sort';

export type ViewMode = 'list' | 'grid' | 'gallery';
export const VIEW_MODES: readonly ViewMode[] = ['list', 'grid', 'gallery'];

export interface ViewPrefs {
  view: ViewMode;
  sort: SortOrder;
}

export const DEFAULT_PREFS: ViewPrefs = { view: 'list', sort: { key: 'name', direction: 'asc' } };

/** One key per user (the admin, or each API key by id), so people sharing a browser keep their own views. */
export function prefsKey(auth: AuthState): string {
  const who = auth.kind === 'apikey' ? `key:${auth.info.id}` : auth.kind;
  return `explorer_prefs:${who}`;
}

/** The stored preferences; anything unreadable falls back to the defaults. */
export function readPrefs(auth: AuthState): ViewPrefs {
  const raw = readStorageJson(prefsKey(auth));
  if (!raw || typeof raw !== 'object') return DEFAULT_PREFS;
  const value = raw as { view?: unknown; sort?: { key?: unknown; direction?: unknown } };
  const view = VIEW_MODES.includes(value.view as ViewMode) ? (value.view as ViewMode) : DEFAULT_PREFS.view;
  const key = SORT_KEYS.includes(value.sort?.key as SortOrder['key'])
    ? (value.sort?.key as SortOrder['key'])
    : DEFAULT_PREFS.sort.key;
  const direction = value.sort?.direction === 'desc' ? 'desc' : 'asc';
  return { view, sort: { key, direction } };
}

export function writePrefs(auth: AuthState, prefs: ViewPrefs): void {
  writeStorage(prefsKey(auth), JSON.stringify(prefs));
}
