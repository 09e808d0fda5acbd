import { SETTING_VALUE_MAX, settingDefinition, validationMessageZh, type SettingGroupId } from '@driftbox/contract';
import { msg } from '../../lib/i18n/catalogue.js';
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
  if (!def) return { ok: false, error: msg('settings.unknownKey', { key }) };
  if (def.group !== group)
    return {
      ok: false,
      error: msg('settings.otherGroup', { key, group: def.group, requested: group }),
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
      error: msg('settings.notScalar'),
    };
  }
  const value = String(raw);
  if (value.length > SETTING_VALUE_MAX)
    return {
      ok: false,
      error: msg('settings.valueTooLong', { max: SETTING_VALUE_MAX }),
    };
  return { ok: true, value };
}
