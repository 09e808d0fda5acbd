/**
 * API-key permission bits (spec §6). Defined once here and used by the server, the web app and WebDAV.
 * The share bits follow the original's later split (v0.8.x on): TEXT (the original's TEXT_SHARE) and
 * FILE_SHARE create shares; TEXT_MANAGE and FILE_MANAGE list, edit and delete the key's own shares.
 * Before the split, TEXT and FILE_SHARE did both: see `splitShareBits`.
 */
export const Permission = {
  TEXT: 1,
  FILE_SHARE: 2,
  TEXT_MANAGE: 4,
  FILE_MANAGE: 8,
  MOUNT_VIEW: 256,
  MOUNT_UPLOAD: 512,
  MOUNT_COPY: 1024,
  MOUNT_RENAME: 2048,
  MOUNT_DELETE: 4096,
  WEBDAV_READ: 65536,
  WEBDAV_MANAGE: 131072,
} as const;

export type PermissionName = keyof typeof Permission;

/** Every defined bit OR-ed together; anything outside this mask is refused on input. */
export const ALL_PERMISSIONS = Object.values(Permission).reduce((acc, bit) => acc | bit, 0);

/** Any one of these grants "mount permission" (spec §6). */
export const MOUNT_PERMISSIONS =
  Permission.MOUNT_VIEW |
  Permission.MOUNT_UPLOAD |
  Permission.MOUNT_COPY |
  Permission.MOUNT_RENAME |
  Permission.MOUNT_DELETE;

/** Role presets offered by the key form; `role` itself grants nothing (the bits do). */
export const ROLE_PRESETS = {
  GUEST: Permission.MOUNT_VIEW,
  GENERAL:
    Permission.TEXT |
    Permission.TEXT_MANAGE |
    Permission.FILE_SHARE |
    Permission.FILE_MANAGE |
    Permission.MOUNT_VIEW |
    Permission.MOUNT_UPLOAD |
    Permission.WEBDAV_READ,
  ADMIN: ALL_PERMISSIONS,
} as const;

export type ApiKeyRole = keyof typeof ROLE_PRESETS;
export const API_KEY_ROLES = Object.keys(ROLE_PRESETS) as ApiKeyRole[];

/** The object form of permissions on the wire (spec §6), keyed as the original product names them. */
export const PERMISSION_OBJECT_KEYS = {
  text: Permission.TEXT,
  file: Permission.FILE_SHARE,
  text_manage: Permission.TEXT_MANAGE,
  file_manage: Permission.FILE_MANAGE,
  mount_view: Permission.MOUNT_VIEW,
  mount_upload: Permission.MOUNT_UPLOAD,
  mount_copy: Permission.MOUNT_COPY,
  mount_rename: Permission.MOUNT_RENAME,
  mount_delete: Permission.MOUNT_DELETE,
  webdav_read: Permission.WEBDAV_READ,
  webdav_manage: Permission.WEBDAV_MANAGE,
} as const;

export type PermissionObjectKey = keyof typeof PERMISSION_OBJECT_KEYS;
export type PermissionObject = Record<PermissionObjectKey, boolean>;

/** Aliases accepted on input (spec §3 names the file bit `file_share`). */
const PERMISSION_INPUT_ALIASES: Record<string, PermissionObjectKey> = { file_share: 'file' };

/** True when `mask` holds every bit of `required`. */
export function hasPermission(mask: number, required: number): boolean {
  return (mask & required) === required;
}

/** True when `mask` holds at least one bit of `anyOf`. */
export function hasAnyPermission(mask: number, anyOf: number): boolean {
  return (mask & anyOf) !== 0;
}

/** Converts a bit mask to the wire's object form. */
export function toPermissionObject(mask: number): PermissionObject {
  const out = {} as PermissionObject;
  for (const [key, bit] of Object.entries(PERMISSION_OBJECT_KEYS)) {
    out[key as PermissionObjectKey] = hasPermission(mask, bit);
  }
  return out;
}

/** Converts the object form (true flags) to a bit mask; unknown keys are ignored. */
export function fromPermissionObject(obj: Partial<Record<string, unknown>>): number {
  let mask = 0;
  for (const [rawKey, value] of Object.entries(obj)) {
    const key = (PERMISSION_INPUT_ALIASES[rawKey] ?? rawKey) as PermissionObjectKey;
    const bit = PERMISSION_OBJECT_KEYS[key];
    if (bit !== undefined && value === true) mask |= bit;
  }
  return mask;
}

/** Names of the bits set in `mask`, in bit order (e.g. `['TEXT', 'MOUNT_VIEW']`). */
export function permissionNames(mask: number): PermissionName[] {
  return (Object.entries(Permission) as [PermissionName, number][])
    .filter(([, bit]) => hasPermission(mask, bit))
    .map(([name]) => name);
}

/**
 * A mask of the model before the split (Driftbox keys before migration 010, the original's backups
 * before v0.8.x) in today's bits: TEXT also managed texts and FILE_SHARE files, so each brings its
 * manage bit along. No key gains or loses a right.
 */
export function splitShareBits(mask: number): number {
  let out = mask;
  if (hasPermission(mask, Permission.TEXT)) out |= Permission.TEXT_MANAGE;
  if (hasPermission(mask, Permission.FILE_SHARE)) out |= Permission.FILE_MANAGE;
  return out;
}

/** True when `mask` uses only defined bits. */
export function isValidPermissionMask(mask: number): boolean {
  return Number.isInteger(mask) && mask >= 0 && (mask & ~ALL_PERMISSIONS) === 0;
}
