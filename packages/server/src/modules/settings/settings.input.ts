import { SETTING_VALUE_MAX, settingDefinition, validationMessageZh, type SettingGroupId } from '@driftbox/contract';
import type { Text } from '../../lib/i18n/i18n.js';
import { zhErrors } from '../../lib/i18n/zod-zh.js';

/** The outcome of checking one submitted key: the string to store, or why it was refused (both languages). */
export type SettingInputResult = { ok: true; value: string } | { ok: false; error: Text };

/**
 * Checks one `key: value` of a group update. Unknown keys and keys of another group are always refused
 * (no mass assignment, whatever `validate` says); `validate=false` skips only the per-key value schema,
 * still requiring a scalar within the length cap so nothing unbounded reaches the table.
 */
export function checkSettingInput(
  group: SettingGroupId,
  key: string,
  raw: unknown,
  validate: boolean,
): SettingInputResult {
  const def = settingDefinition(key);
  if (!def) return { ok: false, error: { en: `Unknown setting: ${key}`, zh: `未知的设置项：${key}` } };
  if (def.group !== group)
    return {
      ok: false,
      error: {
        en: `Setting ${key} belongs to group ${def.group}, not ${group}`,
        zh: `设置项 ${key} 属于第 ${def.group} 组，而不是第 ${group} 组`,
      },
    };
  if (!validate) return unchecked(raw);
  const parsed = def.schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const zh = def.schema.safeParse(raw, { error: zhErrors });
  const zhIssues = zh.success ? parsed.error.issues : zh.error.issues;
  return {
    ok: false,
    error: {
      en: parsed.error.issues.map((issue) => issue.message).join('; '),
      zh: zhIssues.map((issue) => validationMessageZh(issue.message)).join('；'),
    },
  };
}

function unchecked(raw: unknown): SettingInputResult {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    return {
      ok: false,
      error: { en: 'Value must be a string, number or boolean', zh: '值必须是字符串、数字或布尔值' },
    };
  }
  const value = String(raw);
  if (value.length > SETTING_VALUE_MAX)
    return {
      ok: false,
      error: { en: `Value longer than ${SETTING_VALUE_MAX} characters`, zh: `值超过 ${SETTING_VALUE_MAX} 个字符` },
    };
  return { ok: true, value };
}
