import { SETTING_GROUPS, extensionListValue, type SettingDefinition } from '@driftbox/contract';
import type { z } from 'zod';

/** Why a value was refused, as a translation code (`settings.errors.<code>`) and its parameters. */
export type SettingIssue =
  | { code: 'required' }
  | { code: 'notNumber' }
  | { code: 'notInteger' }
  | { code: 'min'; min: number }
  | { code: 'greaterThan'; min: number }
  | { code: 'max'; max: number }
  | { code: 'tooLong'; max: number }
  | { code: 'option' }
  | { code: 'favicon' }
  | { code: 'extension'; extension: string }
  | { code: 'invalid' };

export type SettingCheck = { ok: true; value: string } | { ok: false; issue: SettingIssue };

/** The preview group's textareas are all comma-separated extension lists (catalogue `previewList`). */
export function isExtensionList(def: SettingDefinition): boolean {
  return def.group === SETTING_GROUPS.PREVIEW && def.type === 'textarea';
}

// The contract's list schema applied to one item decides what a valid extension is, so the chips
// and the server can never disagree.
const extensionList = extensionListValue();

/** True when `item` is one valid extension (letters and digits, no dots). */
export function isValidExtension(item: string): boolean {
  return item.trim() !== '' && !item.includes(',') && extensionList.safeParse(item).success;
}

/** The items of a comma-separated list as stored: trimmed, lowercased, blanks dropped. */
export function splitExtensions(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

function customIssue(def: SettingDefinition, value: string): SettingIssue {
  if (def.key === 'site_favicon_url') return { code: 'favicon' };
  if (isExtensionList(def)) {
    const bad = splitExtensions(value).find((item) => !isValidExtension(item));
    if (bad !== undefined) return { code: 'extension', extension: bad };
  }
  return { code: 'invalid' };
}

/** Maps the first zod issue of a catalogue schema onto a message the form can translate. */
function issueOf(def: SettingDefinition, value: string, issue: z.core.$ZodIssue): SettingIssue {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'number')
        return issue.inclusive
          ? { code: 'min', min: Number(issue.minimum) }
          : { code: 'greaterThan', min: Number(issue.minimum) };
      return { code: 'required' };
    case 'too_big':
      return issue.origin === 'number'
        ? { code: 'max', max: Number(issue.maximum) }
        : { code: 'tooLong', max: Number(issue.maximum) };
    case 'invalid_type':
      return issue.expected === 'int' ? { code: 'notInteger' } : { code: 'invalid' };
    case 'invalid_union':
    case 'invalid_format':
      // A number setting accepts a JSON number or a numeric string; neither matched.
      return def.type === 'number' ? { code: value.trim() === '' ? 'required' : 'notNumber' } : { code: 'invalid' };
    case 'invalid_value':
      return { code: 'option' };
    case 'custom':
      return customIssue(def, value);
    default:
      return { code: 'invalid' };
  }
}

/**
 * Checks a form value with the catalogue's schema for its key (STYLE §26: forms share the API's
 * schema) and returns the normalised string the server would store, or the reason it is refused.
 */
export function checkSetting(def: SettingDefinition, value: string): SettingCheck {
  const parsed = def.schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, issue: first ? issueOf(def, value, first) : { code: 'invalid' } };
}
