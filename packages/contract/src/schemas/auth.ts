import { z } from 'zod';
import { PERMISSION_OBJECT_KEYS } from '../permissions.js';

export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

/** `POST /api/admin/login`. */
export const LoginBody = z.object({
  username: z.string().trim().min(1).max(USERNAME_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** `data` of a successful login. */
export const LoginResult = z.object({
  username: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/**
 * `POST /api/admin/change-password` (spec §5 "Account update"): current password required; at least
 * one of new username or new password; the new password must differ from the current one.
 */
export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: z
      .string()
      .min(PASSWORD_MIN)
      .max(PASSWORD_MAX)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    newUsername: z
      .string()
      .trim()
      .min(1)
      .max(USERNAME_MAX)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .refine((b) => b.newPassword !== undefined || b.newUsername !== undefined, {
    message: 'Provide a new username or a new password',
    path: ['newPassword'],
  })
  .refine((b) => b.newPassword === undefined || b.newPassword !== b.currentPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

const permissionObjectShape = Object.fromEntries(
  Object.keys(PERMISSION_OBJECT_KEYS).map((k) => [k, z.boolean()]),
) as Record<keyof typeof PERMISSION_OBJECT_KEYS, z.ZodBoolean>;

/** Permissions in the wire's object form. */
export const PermissionObjectSchema = z.object(permissionObjectShape);

/** `data.key_info` of `GET /api/test/api-key`. */
export const KeyInfo = z.object({
  id: z.string(),
  name: z.string(),
  basic_path: z.string(),
  role: z.string().optional(),
  is_guest: z.number().optional(),
  expires_at: z.string().nullable().optional(),
});
export type KeyInfo = z.infer<typeof KeyInfo>;

/** `data` of `GET /api/test/api-key`; admins get every flag and `is_admin: true`. */
export const TestApiKeyResult = z.object({
  name: z.string(),
  basic_path: z.string(),
  permissions: PermissionObjectSchema,
  key_info: KeyInfo,
  is_admin: z.boolean().optional(),
});
export type TestApiKeyResult = z.infer<typeof TestApiKeyResult>;
