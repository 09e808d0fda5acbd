import {
  SETTING_FLAGS,
  SETTING_GROUP_NAMES,
  type SettingDto,
  type SettingGroupId,
  type SettingGroupsDto,
  type SettingRowsDto,
  type SettingsByGroupDto,
  type SettingsUpdateResultDto,
} from '@driftbox/contract';
import { msg } from '../../lib/i18n/catalogue.js';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
import type { GroupUpdateResult, SettingEntry } from './settings.service.js';

/** A settings row with metadata, labels and description in the caller's language. */
export function presentSetting(entry: SettingEntry, lang: Lang): SettingDto {
  const { def } = entry;
  return {
    key: def.key,
    value: entry.value,
    description: t(lang, def.description),
    type: def.type,
    group_id: def.group,
    options: def.options ? def.options.map((o) => ({ value: o.value, label: t(lang, o.label) })) : null,
    sort_order: def.sortOrder,
    flags: def.public ? SETTING_FLAGS.PUBLIC : SETTING_FLAGS.PRIVATE,
    default_value: def.default,
    raw_html: def.rawHtml,
    updated_at: entry.updatedAt,
  };
}

/** Rows of a list: with metadata, or `{key, value}` only when the caller asked for `metadata=false`. */
export function presentSettingRows(entries: SettingEntry[], lang: Lang, metadata: boolean): SettingRowsDto {
  if (!metadata) return entries.map((e) => ({ key: e.def.key, value: e.value }));
  return entries.map((e) => presentSetting(e, lang));
}

/** All settings keyed by group id (`{ "1": [...], "4": [...] }`), as the original answers without `group`. */
export function presentSettingMap(entries: SettingEntry[], lang: Lang, metadata: boolean): SettingsByGroupDto {
  const byGroup = new Map<number, SettingEntry[]>();
  for (const entry of entries) byGroup.set(entry.def.group, [...(byGroup.get(entry.def.group) ?? []), entry]);
  return Object.fromEntries(
    [...byGroup].map(([group, list]) => [String(group), presentSettingRows(list, lang, metadata)]),
  );
}

/** `{ groups: [{ id, name, settingCount, readonlyCount }] }`. */
export function presentGroups(groups: { id: SettingGroupId; settingCount: number }[], lang: Lang): SettingGroupsDto {
  return {
    // No setting is read-only: internal state (schema version, first-run flags) is not kept in this table.
    groups: groups.map((g) => ({
      id: g.id,
      name: t(lang, SETTING_GROUP_NAMES[g.id]),
      settingCount: g.settingCount,
      readonlyCount: 0,
    })),
  };
}

/** The update report, its message, and the status: 200 when every key was saved, 202 when some failed. */
export function presentGroupUpdate(
  result: GroupUpdateResult,
  lang: Lang,
): { data: SettingsUpdateResultDto; message: Text; status: 200 | 202 } {
  const { groupId, updatedCount, errors } = result;
  const complete = errors.length === 0;
  const message = complete
    ? msg('settings.groupUpdated', { count: updatedCount, group: groupId })
    : msg('settings.groupPartlyUpdated', { count: updatedCount, failed: errors.length });
  return {
    data: { ...result, success: complete, message: t(lang, message) },
    message,
    status: complete ? 200 : 202,
  };
}
