import { z } from 'zod';
import { API_KEY_ROLES, fromPermissionObject, isValidPermissionMask } from '../permissions.js';
import { normalizePath, PATH_ERROR_MESSAGES } from '../paths.js';
import { DateTimeInput, IntFlag, nullAsAbsent, nullOrDefault } from './common.js';

export const API_KEY_NAME_MAX = 64;
export const CUSTOM_KEY_MIN = 8;
export const CUSTOM_KEY_MAX = 128;
/** Custom keys: letters, digits, underscores, hyphens (spec §5). */
export const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Permissions as a bit mask or in the object form; both become a validated mask. */
export const PermissionsInput = z
  .union([z.number().int(), z.record(z.string(), z.boolean())])
  .transform((v) => (typeof v === 'number' ? v : fromPermissionObject(v)))
  .refine(isValidPermissionMask, { message: 'Unknown permission bits' });

/** A base path: absolute, normalised, no `..` (default `/`). */
export const BasicPath = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const result = normalizePath(v === '' ? '/' : v);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: PATH_ERROR_MESSAGES[result.reason] });
      return z.NEVER;
    }
    return result.path;
  });

/**
 * Key expiry: an ISO timestamp in the future, or `never`/null for no expiry. The UI turns its presets
 * (1, 7, 30 days, custom days) into a timestamp.
 */
export const KeyExpiry = z
  .union([z.literal('never'), z.null(), DateTimeInput])
  .transform((v) => (v === 'never' ? null : v));

export const ApiKeyName = z.string().trim().min(1).max(API_KEY_NAME_MAX);

/**
 * `POST /api/admin/api-keys` — only these fields are read (no mass assignment). Null, as the original's
 * client sends for an option left unset, is read as absent (`custom_key: null`: a key is generated).
 */
export const ApiKeyCreateBody = z.object({
  name: ApiKeyName,
  /** Absent, null or empty: a key is generated. */
  custom_key: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(CUSTOM_KEY_MIN).max(CUSTOM_KEY_MAX).regex(CUSTOM_KEY_PATTERN).optional()),
  permissions: nullOrDefault(PermissionsInput, 0),
  role: nullOrDefault(z.enum(API_KEY_ROLES as [string, ...string[]]), 'GENERAL'),
  basic_path: nullOrDefault(BasicPath, '/'),
  is_guest: nullOrDefault(IntFlag, 0),
  /** 0 = created disabled (the original's `is_enable`). */
  is_enable: nullOrDefault(IntFlag, 1),
  // Here null is a value: no expiry (as `never`).
  expires_at: KeyExpiry.optional(),
});
export type ApiKeyCreateBody = z.input<typeof ApiKeyCreateBody>;

/** `PUT /api/admin/api-keys/{id}` — any subset of the writable fields; the key itself is not writable. */
export const ApiKeyUpdateBody = z
  .object({
    name: nullAsAbsent(ApiKeyName),
    permissions: nullAsAbsent(PermissionsInput),
    role: nullAsAbsent(z.enum(API_KEY_ROLES as [string, ...string[]])),
    basic_path: nullAsAbsent(BasicPath),
    is_guest: nullAsAbsent(IntFlag),
    /** Enable (1) or disable (0) the key, as in the original's key management. */
    is_enable: nullAsAbsent(IntFlag),
    expires_at: KeyExpiry.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type ApiKeyUpdateBody = z.input<typeof ApiKeyUpdateBody>;

/** An API key as the admin's UI shows it: the key itself only masked. */
export const ApiKeyDto = z.object({
  id: z.string(),
  name: z.string(),
  key_masked: z.string(),
  permissions: z.number(),
  permission_names: z.array(z.string()),
  role: z.string(),
  basic_path: z.string(),
  is_guest: z.number(),
  /** 0 = disabled: the key is refused (401 API_KEY_DISABLED). */
  is_enable: z.number(),
  expires_at: z.string().nullable(),
  last_used: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApiKeyDto = z.infer<typeof ApiKeyDto>;

/**
 * The create response, `GET /api/admin/api-keys/{id}` and each row of the admin's list: the full key,
 * so the admin can copy it (the original's client copies `key` from the list). `Cache-Control: no-store`.
 */
export const ApiKeyWithSecretDto = ApiKeyDto.extend({ key: z.string() });
export type ApiKeyWithSecretDto = z.infer<typeof ApiKeyWithSecretDto>;
