/**
 * The local offline database (spec §3), IndexedDB through Dexie: pastes (by slug), files (by slug),
 * directories (by path), settings (by key; `api_cache_*` rows hold the pages a user opened online),
 * the offline queue (auto id, timestamp, type) and search history. Every cached record carries
 * `cachedAt`; `cleanUp` drops those older than 7 days (spec §9). The page and the service worker open
 * the same database.
 */
import Dexie, { type EntityTable } from 'dexie';
import { APP_VERSION } from '@driftbox/contract';
import type { QueueEntry } from './queue-types';
import { noteOfflineDbOpened, OFFLINE_DB_NAME } from './db-presence';

export { OFFLINE_DB_NAME };
/** Spec §9: records older than this are removed by the clean-up. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Prefix of the settings rows that hold a page's data (a query's answer) for offline reading. */
export const API_CACHE_PREFIX = 'api_cache_';

/** Spec §3: 1000 × major + 100 × minor + 10 × patch + 5 (0.7.9 → 795; 0.1.0 → 105). */
export function dbVersion(appVersion: string): number {
  const [major = 0, minor = 0, patch = 0] = appVersion.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return 1000 * major + 100 * minor + 10 * patch + 5;
}

export interface CachedRecord {
  /** When the record was stored, ms since the epoch. */
  cachedAt: number;
  data: unknown;
}
export interface PasteRecord extends CachedRecord {
  slug: string;
}
export interface FileRecord extends CachedRecord {
  slug: string;
}
export interface DirectoryRecord extends CachedRecord {
  path: string;
}
export interface SettingRecord extends CachedRecord {
  key: string;
}
export interface SearchHistoryRecord {
  id?: number;
  query: string;
  timestamp: number;
}

export type OfflineDb = Dexie & {
  pastes: EntityTable<PasteRecord, 'slug'>;
  files: EntityTable<FileRecord, 'slug'>;
  directories: EntityTable<DirectoryRecord, 'path'>;
  settings: EntityTable<SettingRecord, 'key'>;
  offlineQueue: EntityTable<QueueEntry, 'id'>;
  searchHistory: EntityTable<SearchHistoryRecord, 'id'>;
};

export function createOfflineDb(name: string = OFFLINE_DB_NAME, appVersion: string = APP_VERSION): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(dbVersion(appVersion)).stores({
    pastes: '&slug, cachedAt',
    files: '&slug, cachedAt',
    directories: '&path, cachedAt',
    settings: '&key, cachedAt',
    offlineQueue: '++id, timestamp, type, status',
    searchHistory: '++id, timestamp, query',
  });
  return db;
}

let shared: OfflineDb | undefined;

/** The app's one connection (opened on first use, never at start-up). */
export function offlineDb(): OfflineDb {
  shared ??= createOfflineDb();
  noteOfflineDbOpened();
  return shared;
}

/**
 * Removes cached records (pastes, files, directories, `api_cache_*` settings) stored more than `maxAgeMs`
 * ago. The queue is never cleaned: a queued write is the user's until it syncs or they discard it.
 */
export async function cleanUp(db: OfflineDb, now: number = Date.now(), maxAgeMs: number = CACHE_MAX_AGE_MS) {
  const before = now - maxAgeMs;
  const [pastes, files, directories] = await Promise.all([
    db.pastes.where('cachedAt').below(before).delete(),
    db.files.where('cachedAt').below(before).delete(),
    db.directories.where('cachedAt').below(before).delete(),
  ]);
  const settings = await db.settings
    .where('cachedAt')
    .below(before)
    .filter((row) => row.key.startsWith(API_CACHE_PREFIX))
    .delete();
  return { pastes, files, directories, settings };
}

/** Forgets every cached page (on sign-out: the next person at this device must not read them). */
export async function clearCachedRecords(db: OfflineDb): Promise<void> {
  await Promise.all([db.pastes.clear(), db.files.clear(), db.directories.clear()]);
  await db.settings.where('key').startsWith(API_CACHE_PREFIX).delete();
}
