import type { SettingRow } from '@driftbox/contract';
import type { SettingMeta } from './settings.catalogue.js';

/** One settings row on the wire: `{ key, value, group_id, type }`. */
export function presentSetting(key: string, value: string, meta: SettingMeta): SettingRow {
  return { key, value, group_id: meta.group, type: meta.type };
}
