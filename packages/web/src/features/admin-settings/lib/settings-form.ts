import type { SettingDefinition, SettingDto } from '@driftbox/contract';
import { checkSetting, type SettingIssue } from './setting-validation';

/** Form values by setting key: always the strings the settings table stores. */
export type SettingValues = Record<string, string>;

/**
 * The group's values as the server has them, for every catalogue key of the group: the catalogue,
 * not the answer, decides which fields exist, and a key the server did not send shows its default.
 */
export function valuesFromRows(defs: readonly SettingDefinition[], rows: readonly SettingDto[]): SettingValues {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(defs.map((def) => [def.key, byKey.get(def.key) ?? def.default]));
}

/** Keys whose draft differs from the saved value, in catalogue order. */
export function changedKeys(defs: readonly SettingDefinition[], saved: SettingValues, draft: SettingValues): string[] {
  return defs.map((def) => def.key).filter((key) => draft[key] !== undefined && draft[key] !== saved[key]);
}

export type PatchResult =
  { ok: true; body: Record<string, string> } | { ok: false; issues: Record<string, SettingIssue> };

/** The update body: only `keys`, each checked and normalised by its catalogue schema. */
export function buildPatch(
  defs: readonly SettingDefinition[],
  values: SettingValues,
  keys: readonly string[],
): PatchResult {
  const body: Record<string, string> = {};
  const issues: Record<string, SettingIssue> = {};
  for (const def of defs) {
    if (!keys.includes(def.key)) continue;
    const checked = checkSetting(def, values[def.key] ?? '');
    if (checked.ok) body[def.key] = checked.value;
    else issues[def.key] = checked.issue;
  }
  return Object.keys(issues).length > 0 ? { ok: false, issues } : { ok: true, body };
}
