import { SETTING_VALUE_MAX, settingDefinition, type SettingGroupId } from '@driftbox/contract';

/** The outcome of checking one submitted key: the string to store, or why it was refused. */
export type SettingInputResult = { ok: true; value: string } | { ok: false; error: string };

/**
 * Checks one `key: value` of a group update. Unknown keys and keys of another group are always refused
 * (no mass assignment, whatever `validate` says); `validate=false` skips only the per-key value schema,
 * still requiring a scalar within the length cap so nothing unbounded reaches the table.
 */
export function checkSettingInput(group: SettingGroupId, key: string, raw: unknown, validate: boolean): SettingInputResult {
  const def = settingDefinition(key);
  if (!def) return { ok: false, error: `Unknown setting: ${key}` };
  if (def.group !== group) return { ok: false, error: `Setting ${key} belongs to group ${def.group}, not ${group}` };
  if (!validate) return unchecked(raw);
  const parsed = def.schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

function unchecked(raw: unknown): SettingInputResult {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    return { ok: false, error: 'Value must be a string, number or boolean' };
  }
  const value = String(raw);
  if (value.length > SETTING_VALUE_MAX) return { ok: false, error: `Value longer than ${SETTING_VALUE_MAX} characters` };
  return { ok: true, value };
}
