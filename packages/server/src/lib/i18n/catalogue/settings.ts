import type { Area } from './area.js';

/** System settings: checking a submitted value and reporting a group update. */
export const SETTINGS_MESSAGES = {
  'settings.unknownKey': { en: 'Unknown setting: {key}', zh: '未知的设置项：{key}' },
  'settings.otherGroup': {
    en: 'Setting {key} belongs to group {group}, not {requested}',
    zh: '设置项 {key} 属于第 {group} 组，而不是第 {requested} 组',
  },
  'settings.notScalar': { en: 'Value must be a string, number or boolean', zh: '值必须是字符串、数字或布尔值' },
  'settings.valueTooLong': { en: 'Value longer than {max} characters', zh: '值超过 {max} 个字符' },
  'settings.groupUpdated': {
    en: 'Updated {count} settings of group {group}',
    zh: '成功更新分组 {group} 的 {count} 个设置',
  },
  'settings.groupPartlyUpdated': {
    en: 'Updated {count} settings, {failed} failed',
    zh: '更新了 {count} 个设置，{failed} 个失败',
  },
} as const satisfies Area<'settings'>;
