import type { Area } from './area.js';

/** Health and the cache. */
export const SYSTEM_MESSAGES = {
  // The original product answered a bare "ok" in every language; its clients may compare it.
  'system.healthOk': { en: 'ok', zh: 'ok' },
  'system.databaseUnavailable': { en: 'Database unavailable', zh: '数据库不可用' },
  'cache.cleared': { en: 'Cache cleared', zh: '缓存已清除' },
} as const satisfies Area<'system' | 'cache'>;
