import { z } from 'zod';
import { invalidExtensionMessage } from './validation-messages.js';

/**
 * Value schemas for settings. Every schema accepts what a form or an old client sends (JSON numbers and
 * booleans, or their string forms) and outputs the normalised string the settings table stores.
 */

/** Longest value any setting may hold (custom head/body are capped here, as in the original). */
export const SETTING_VALUE_MAX = 100_000;
/** Longest site title. */
export const SITE_TITLE_MAX = 100;
/** Longest extension list; far above every default, well below the JSON body limit. */
export const EXTENSION_LIST_MAX = 10_000;

/** Byte factors of `max_upload_size_unit` (binary units, as upload sizes are counted). */
export const UPLOAD_SIZE_UNITS = { KB: 1024, MB: 1024 * 1024, GB: 1024 * 1024 * 1024 } as const;
export type UploadSizeUnit = keyof typeof UPLOAD_SIZE_UNITS;

const NUMERIC = /^-?\d+(\.\d+)?$/;
const EXTENSION = /^[a-z0-9]+$/;
const HTTP_URL = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s"'<>\\]*)?$/i;
const DATA_IMAGE_BASE64 = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+-]+=[a-z0-9.+-]+)*;base64,[A-Za-z0-9+/]+={0,2}$/i;
const DATA_IMAGE_TEXT = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9.+-]+=[a-z0-9.+-]+)*,[^\s"'<>\\]+$/i;

export interface NumberRule {
  /** Lower bound; exclusive when `exclusiveMin` (`max_upload_size` must be > 0). */
  min: number;
  exclusiveMin?: boolean;
  max: number;
  int?: boolean;
}

/** A number setting: a JSON number or a numeric string, within bounds, stored as its decimal string. */
export function numberValue(rule: NumberRule): z.ZodType<string> {
  let n = z.number();
  n = rule.exclusiveMin ? n.gt(rule.min) : n.min(rule.min);
  n = n.max(rule.max);
  if (rule.int) n = n.int();
  const numeric = z.string().trim().regex(NUMERIC, 'Must be a number').transform(Number);
  return z.union([z.number(), numeric]).pipe(n).transform(String);
}

/** A bool setting: `true`/`false` as JSON booleans or strings, stored as `"true"`/`"false"`. */
export function boolValue(): z.ZodType<string> {
  return z.union([z.boolean(), z.enum(['true', 'false'])]).transform(String);
}

/** A select setting: exactly one of the option values. */
export function selectValue(values: readonly [string, ...string[]]): z.ZodType<string> {
  return z.enum(values).transform(String);
}

/** Free text up to `max` characters (Markdown, raw HTML). */
export function textValue(max = SETTING_VALUE_MAX): z.ZodType<string> {
  return z.string().max(max);
}

/** The site title: 1–100 characters after trimming. */
export function titleValue(): z.ZodType<string> {
  return z.string().trim().min(1, 'The title must not be empty').max(SITE_TITLE_MAX);
}

/**
 * A comma-separated extension list (`mp4, MKV,webm`). Items are trimmed and lowercased, empty items
 * (a trailing comma) dropped, duplicates removed; each must be `[a-z0-9]+` — no dots, no wildcards.
 * An empty list is allowed and turns that preview kind off.
 */
export function extensionListValue(): z.ZodType<string> {
  return z
    .string()
    .max(EXTENSION_LIST_MAX)
    .transform((value, ctx) => {
      const items = value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => item !== '');
      const bad = items.find((item) => !EXTENSION.test(item));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: invalidExtensionMessage(bad) });
        return z.NEVER;
      }
      return [...new Set(items)].join(',');
    });
}

/** True for an empty string, an http(s) URL, or a `data:image/…` URL (spec §5). */
export function isFaviconUrl(value: string): boolean {
  if (value === '') return true;
  if (/^data:/i.test(value)) return DATA_IMAGE_BASE64.test(value) || DATA_IMAGE_TEXT.test(value);
  return HTTP_URL.test(value);
}

/** The favicon: empty (bundled icon), an http(s) URL or a data:image URL; nothing that could run script. */
export function faviconValue(): z.ZodType<string> {
  return z
    .string()
    .trim()
    .max(SETTING_VALUE_MAX)
    .refine(isFaviconUrl, 'Must be empty, an http(s) URL or a data:image URL');
}

/** A stored bool setting as a boolean (anything but `"true"` is false). */
export function settingAsBool(value: string): boolean {
  return value === 'true';
}

/** A stored number setting as a number, or `fallback` when it is not a finite number. */
export function settingAsNumber(value: string, fallback: number): number {
  const n = NUMERIC.test(value.trim()) ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A stored extension list as an array of extensions. */
export function settingAsList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Bytes of an upload limit given in `unit` (whole bytes, rounded down, at least one: a positive limit
 * such as 0.0001 KB must not become a limit of nothing that refuses every upload).
 */
export function uploadLimitBytes(value: number, unit: UploadSizeUnit): number {
  return Math.max(1, Math.floor(value * UPLOAD_SIZE_UNITS[unit]));
}
