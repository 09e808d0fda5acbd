import type { SettingRow } from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { assertAdmin } from '../../lib/authz.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppError } from '../../lib/errors.js';
import { SETTINGS_CATALOGUE, SETTING_GROUPS } from './settings.catalogue.js';
import { presentSetting } from './settings.presenter.js';
import { settingsRepository } from './settings.repository.js';

export interface SettingsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Groups anyone may read: the site group carries title, footer and announcement for every page. */
const PUBLIC_GROUPS = new Set<number>([SETTING_GROUPS.SITE]);

/** Settings: seeding of defaults and reading by group. */
export function createSettingsService({ db, clock }: SettingsDeps) {
  const repo = settingsRepository(db);

  async function rowsOf(group: number | null): Promise<SettingRow[]> {
    const keys = Object.keys(SETTINGS_CATALOGUE).filter((k) => group === null || SETTINGS_CATALOGUE[k]?.group === group);
    const stored = new Map((await repo.findByKeys(keys)).map((r) => [r.key, r.value]));
    return keys.flatMap((key) => {
      const meta = SETTINGS_CATALOGUE[key];
      return meta ? [presentSetting(key, stored.get(key) ?? meta.defaultValue, meta)] : [];
    });
  }

  return {
    /**
     * Inserts every catalogued setting that has no row yet, on every start. Unlike the original,
     * settings added by a later version appear in existing databases too.
     */
    async ensureDefaults(): Promise<void> {
      const now = iso(clock.now());
      const rows = Object.entries(SETTINGS_CATALOGUE).map(([key, meta]) => ({ key, value: meta.defaultValue, updated_at: now }));
      await repo.insertMissing(rows);
    },

    /** Rows of one group; the site group is public, the others need an admin. */
    async listGroup(actor: Actor, group: number, authError: AppError | null = null): Promise<SettingRow[]> {
      if (!PUBLIC_GROUPS.has(group)) assertAdmin(actor, authError);
      return rowsOf(group);
    },

    /** Every known setting keyed by group id (`{ "4": [...] }`), admin only. */
    async listAll(actor: Actor, authError: AppError | null = null): Promise<Record<string, SettingRow[]>> {
      assertAdmin(actor, authError);
      const grouped: Record<string, SettingRow[]> = {};
      for (const row of await rowsOf(null)) (grouped[String(row.group_id)] ??= []).push(row);
      return grouped;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
