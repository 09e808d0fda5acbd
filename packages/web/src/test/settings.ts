import { settingsOfGroup, type SettingDto } from '@driftbox/contract';

/** The rows `GET /api/admin/settings?group=N` answers for an admin: every catalogue key, defaults unless overridden. */
export function settingRows(group: number, values: Record<string, string> = {}): SettingDto[] {
  return settingsOfGroup(group).map((def) => ({
    key: def.key,
    value: values[def.key] ?? def.default,
    description: def.description.en,
    type: def.type,
    group_id: def.group,
    options: def.options ? def.options.map((option) => ({ value: option.value, label: option.label.en })) : null,
    sort_order: def.sortOrder,
    flags: def.public ? 0 : 1,
    default_value: def.default,
    raw_html: def.rawHtml,
    updated_at: null,
  }));
}
