import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  SITE_CONFIG_CACHE_MS,
  SITE_DEFAULTS,
  STORAGE_KEYS,
  type SettingRow,
  type SiteSettingKey,
} from '@driftbox/contract';
import { apiRequest } from '../api/api-client';
import { arrayCheck, isNumber, isRecord, isString, objectCheck, schemaOf } from '../api/checks';
import { takeEarlySiteConfig } from '../boot/early';
import { readStorageJson, writeStorage } from '../browser-storage';

export type SiteConfig = Record<SiteSettingKey, string>;

// The contract's zod-free copy of the catalogue's site defaults (SITE_SETTING_DEFAULTS would load the catalogue).
export const DEFAULT_SITE_CONFIG: SiteConfig = { ...SITE_DEFAULTS };

// Checked without zod: every page reads these first (issue 30).
const isCachedSiteConfig = objectCheck<{ savedAt: number; config: Record<string, string> }>({
  savedAt: isNumber,
  config: (value) => isRecord(value) && Object.values(value).every(isString),
});
const SettingRows = schemaOf<SettingRow[]>(
  arrayCheck(objectCheck<SettingRow>({ key: isString, value: isString, group_id: isNumber, type: isString })),
);

/** Picks the known site settings out of the group-4 rows; unknown keys are ignored. */
export function parseSiteSettings(rows: SettingRow[]): SiteConfig {
  const config: SiteConfig = { ...DEFAULT_SITE_CONFIG };
  for (const row of rows) {
    if (row.key in config) config[row.key as SiteSettingKey] = row.value;
  }
  return config;
}

function readCache(): { savedAt: number; config: SiteConfig } | null {
  const cached = readStorageJson(STORAGE_KEYS.siteConfig);
  if (!isCachedSiteConfig(cached)) return null;
  const { savedAt, config } = cached as { savedAt: number; config: Record<string, string> };
  return { savedAt, config: { ...DEFAULT_SITE_CONFIG, ...config } };
}

/** `GET /api/admin/settings?group=4`: public, so it is sent without credentials. */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  const rows = await apiRequest('/admin/settings', {
    query: { group: 4 },
    schema: SettingRows,
    authorization: null,
    // index.html sent it already when the cached copy was stale.
    sent: takeEarlySiteConfig(),
  });
  return parseSiteSettings(rows);
}

/**
 * Spec §4/§9: the site config is cached in localStorage for 24 h. A failed fetch falls back to the
 * last cached copy, then to the defaults (default title) — the page never waits on it.
 */
export async function loadSiteConfig(now: number = Date.now()): Promise<SiteConfig> {
  const cached = readCache();
  if (cached && now - cached.savedAt < SITE_CONFIG_CACHE_MS) return cached.config;
  try {
    const config = await fetchSiteConfig();
    writeCache(config, now);
    return config;
  } catch {
    return cached?.config ?? DEFAULT_SITE_CONFIG;
  }
}

function writeCache(config: SiteConfig, savedAt: number): void {
  writeStorage(STORAGE_KEYS.siteConfig, JSON.stringify({ savedAt, config }));
}

/**
 * Fetches the site config now, whatever the cache's age, and stores it: after the admin saves site
 * settings the change must show at once, not a day later. If the fetch fails, the cached copy is
 * marked stale so the next page load asks again, and the error is passed on.
 */
export async function reloadSiteConfig(now: number = Date.now()): Promise<SiteConfig> {
  try {
    const config = await fetchSiteConfig();
    writeCache(config, now);
    return config;
  } catch (error) {
    const cached = readCache();
    if (cached) writeCache(cached.config, now - SITE_CONFIG_CACHE_MS);
    throw error;
  }
}

/** reloadSiteConfig, then hands the fresh config to every page using it (title, favicon, footer, …). */
export async function refreshSiteConfig(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(siteConfigQuery.queryKey, await reloadSiteConfig());
}

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: () => loadSiteConfig(),
  staleTime: Infinity,
  retry: false,
});

/** The current site config; cached or default values while the first load runs. */
export function useSiteConfig(): SiteConfig {
  const { data } = useQuery(siteConfigQuery);
  return data ?? readCache()?.config ?? DEFAULT_SITE_CONFIG;
}

/** Spec §5: a favicon may be an http, https or data URL; anything else keeps the bundled icon. */
export function safeFaviconUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith('data:image/')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
