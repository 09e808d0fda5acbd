import {
  DEFAULT_MAX_UPLOAD_MB,
  SETTING_DEFINITIONS,
  SETTING_GROUP_IDS,
  SETTINGS_CATALOGUE,
  isSettingGroup,
  settingAsNumber,
  settingDefinition,
  settingsOfGroup,
  uploadLimitBytes,
  type MaxUploadSizeDto,
  type SettingDefinition,
  type SettingGroupId,
  type SettingKey,
  type UploadSizeUnit,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../lib/auth/actor.js';
import { assertAdmin } from '../../lib/auth/authz.js';
import type { CacheRegistry } from '../../lib/cache/cache-registry.js';
import { iso, type Clock } from '../../lib/clock.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
import type { Logger } from '../../lib/logger.js';
import { createTtlCache } from '../../lib/cache/ttl-cache.js';
import { checkSettingInput } from './settings.input.js';
import { settingsRepository, type SettingStoredRow } from './settings.repository.js';

export interface SettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Where the settings cache registers for the admin panel's cache stats and clear (and tells other instances). */
  caches?: CacheRegistry;
  logger?: Logger;
}

/** A setting as services see it: its catalogue entry and the stored value. */
export interface SettingEntry {
  def: SettingDefinition;
  value: string;
  updatedAt: string | null;
}

export interface GroupUpdateResult {
  groupId: SettingGroupId;
  updatedCount: number;
  totalCount: number;
  errors: { key: string; error: string }[];
}

/**
 * How long another instance's settings write may go unseen here. Writes on this instance invalidate
 * the cache at once; reads happen on hot paths (uploads, proxy links), so one query per 10 s at most.
 */
export const SETTINGS_CACHE_TTL_MS = 10_000;
const SETTINGS_CACHE_NAME = 'settings';

const ALL_KEYS = SETTING_DEFINITIONS.map((d) => d.key);
const MIB = 1024 * 1024;

/** A catalogue entry with its stored row; the default stands in for a row that is missing. */
function entryOf(def: SettingDefinition, stored: ReadonlyMap<string, SettingStoredRow>): SettingEntry {
  const row = stored.get(def.key);
  return { def, value: row?.value ?? def.default, updatedAt: row?.updated_at ?? null };
}

/** A group visitors may read: every setting in it is public (the site group). */
function isPublicGroup(group: number): boolean {
  const defs = settingsOfGroup(group);
  return defs.length > 0 && defs.every((d) => d.public);
}

/** Settings: defaults on start, reads through a TTL cache, validated group updates. */
export function createSettingsService({ db, clock, caches, logger }: SettingsDeps) {
  const repo = settingsRepository(db);
  const load = async () => new Map((await repo.findByKeys(ALL_KEYS)).map((r) => [r.key, r]));
  const cache = createTtlCache(
    load,
    clock,
    SETTINGS_CACHE_TTL_MS,
    caches && { registry: caches, name: SETTINGS_CACHE_NAME },
  );

  async function entriesOf(defs: readonly SettingDefinition[]): Promise<SettingEntry[]> {
    const stored = await cache.get();
    return defs.map((def) => entryOf(def, stored));
  }

  /** The stored value normalised by its schema; the default when missing or invalid (e.g. saved with validate=false). */
  async function value(key: SettingKey): Promise<string> {
    const def = SETTINGS_CATALOGUE[key];
    const parsed = def.schema.safeParse((await cache.get()).get(key)?.value ?? def.default);
    return parsed.success ? parsed.data : def.default;
  }

  return {
    value,

    /**
     * Inserts every catalogued setting that has no row yet, on every start. Unlike the original,
     * settings added by a later version appear in existing databases too.
     */
    async ensureDefaults(): Promise<void> {
      const now = iso(clock.now());
      await repo.insertMissing(SETTING_DEFINITIONS.map((d) => ({ key: d.key, value: d.default, updated_at: now })));
      cache.invalidate();
    },

    /**
     * Settings of one group, or of all groups (`group` null). The site group is public because every
     * page needs it; everything else needs the admin (the original served all of it to anyone).
     */
    async list(actor: Actor, group: number | null, authError: AppError | null = null): Promise<SettingEntry[]> {
      if (group === null || !isPublicGroup(group)) assertAdmin(actor, authError);
      const defs = group === null ? SETTING_DEFINITIONS : settingsOfGroup(group);
      return entriesOf(actor.type === 'admin' ? defs : defs.filter((d) => d.public));
    },

    /** Every group with its number of settings (admin). */
    groups(actor: Actor): { id: SettingGroupId; settingCount: number }[] {
      assertAdmin(actor);
      return SETTING_GROUP_IDS.map((id) => ({ id, settingCount: settingsOfGroup(id).length }));
    },

    /** One setting with its metadata (admin); 404 for a key not in the catalogue. */
    async metadata(actor: Actor, key: string): Promise<SettingEntry> {
      assertAdmin(actor);
      const def = settingDefinition(key);
      if (!def) throw notFound('setting');
      return entryOf(def, await cache.get());
    },

    /**
     * Saves the valid keys of `changes` in one statement and reports the rest per key. 400 when nothing
     * could be saved; the caller answers 202 when only some were.
     */
    async updateGroup(
      actor: Actor,
      group: number,
      changes: Record<string, unknown>,
      validate: boolean,
      lang: Lang = 'en',
    ): Promise<GroupUpdateResult> {
      assertAdmin(actor);
      if (!isSettingGroup(group)) throw notFound('setting group');
      const entries = Object.entries(changes);
      if (entries.length === 0) throw new AppError('NOTHING_TO_UPDATE');
      const now = iso(clock.now());
      const accepted: SettingStoredRow[] = [];
      const refused: { key: string; error: Text }[] = [];
      for (const [key, raw] of entries) {
        const checked = checkSettingInput(group, key, raw, validate);
        if (checked.ok) accepted.push({ key, value: checked.value, updated_at: now });
        else refused.push({ key, error: checked.error });
      }
      if (accepted.length === 0)
        throw validationFailed(refused.map((e) => ({ path: e.key, message: e.error.en, zh: e.error.zh })));
      const errors: GroupUpdateResult['errors'] = refused.map((e) => ({ key: e.key, error: t(lang, e.error) }));
      try {
        await repo.upsertMany(accepted);
      } finally {
        cache.invalidate();
      }
      // Every instance sharing the database drops its copy before this answer goes out.
      await caches?.invalidate({ kind: 'cache', name: SETTINGS_CACHE_NAME }).catch((err: unknown) => {
        // Saved: the others see it when their copy expires (SETTINGS_CACHE_TTL_MS).
        logger?.warn('Settings change not announced to other instances', { error: String(err) });
      });
      return { groupId: group, updatedCount: accepted.length, totalCount: entries.length, errors };
    },

    /** The upload limit in MB (what clients of the original read) and in bytes, from value and unit. */
    async maxUploadSize(): Promise<MaxUploadSizeDto> {
      const amount = settingAsNumber(await value('max_upload_size'), DEFAULT_MAX_UPLOAD_MB);
      // value() has checked the unit against its select options.
      const unit = (await value('max_upload_size_unit')) as UploadSizeUnit;
      const bytes = uploadLimitBytes(amount, unit);
      return {
        max_upload_size: bytes / MIB,
        max_upload_size_bytes: bytes,
        max_upload_size_value: amount,
        max_upload_size_unit: unit,
      };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
