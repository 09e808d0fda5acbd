import { z } from 'zod';
import { MAX_PATH_LENGTH } from '../paths.js';
import { CACHE_TTL_MAX, MOUNT_NAME_MAX } from '../constants.js';
import { IntFlag, numberOrNumeric } from './common.js';
import { STORAGE_TYPES } from './storage-configs.js';

/*
 * Mount points (spec §3 "Mount point", §5): limits and the wire shapes, with the original's field names.
 * The name's and the cache TTL's bounds (spec §9) are in constants.ts.
 */
export const MOUNT_REMARK_MAX = 1000;
/** Seconds a new mount's listings are cached (the form's placeholder, spec §9). */
export const MOUNT_CACHE_TTL_DEFAULT = 300;
/** Bound of a proxy-link lifetime in seconds, as the global `proxy_sign_expires` setting. */
export const MOUNT_SIGN_EXPIRES_MAX = 2_147_483_647;
const SORT_ORDER_BOUND = 2_147_483_647;

/** How WebDAV serves a GET of a mount's file: a redirect to a signed URL, or the bytes through the server. */
export const WEBDAV_POLICIES = ['302_redirect', 'native_proxy'] as const;
export type WebdavPolicy = (typeof WEBDAV_POLICIES)[number];

/**
 * First segments a mount path may not take (any letter case): the app's own top-level routes — the API,
 * WebDAV, the SPA's pages and its static assets — so a mount can never be mistaken for one of them where
 * mount paths and app routes meet (the explorer's URLs, WebDAV roots, links built from paths).
 */
export const RESERVED_MOUNT_ROOTS = [
  'api',
  'dav',
  'webdav',
  'admin',
  'assets',
  'upload',
  'paste',
  'file',
  'mount-explorer',
  '404',
] as const;

const RESERVED_ROOTS = new Set<string>(RESERVED_MOUNT_ROOTS);

/** `/xxx[/yyy…]`: letters, digits, `_`, `-` and Chinese (Han) characters, single slashes, no trailing slash. */
export const MOUNT_PATH_PATTERN = /^(?:\/[A-Za-z0-9_\-\p{Script=Han}]+)+$/u;

/** True when the first segment of a mount path is reserved by the app. */
export function isReservedMountPath(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return RESERVED_ROOTS.has(first.toLowerCase());
}

export const MountPath = z
  .string()
  .trim()
  .min(1)
  .max(MAX_PATH_LENGTH)
  .regex(
    MOUNT_PATH_PATTERN,
    'Mount path must look like /name: letters, digits, _, -, Chinese characters and single slashes, no trailing slash',
  )
  .refine((path) => !isReservedMountPath(path), 'This mount path is reserved by the application');

const MountName = z.string().trim().min(1).max(MOUNT_NAME_MAX);
const Remark = z
  .union([z.string().trim().max(MOUNT_REMARK_MAX), z.null()])
  .transform((v) => (v === '' || v === null ? null : v));
const CacheTtl = numberOrNumeric(z.number().int('Must be a whole number').min(0).max(CACHE_TTL_MAX));
const SortOrder = numberOrNumeric(
  z.number().int('Must be a whole number').min(-SORT_ORDER_BOUND).max(SORT_ORDER_BOUND),
);
/** null: the global `proxy_sign_expires`; 0: links that never expire (an explicit choice); else seconds. */
const SignExpires = z.union([
  numberOrNumeric(z.number().int('Must be a whole number').min(0).max(MOUNT_SIGN_EXPIRES_MAX)),
  z.null(),
]);
const StorageConfigId = z.string().trim().min(1).max(128);

/**
 * `POST /api/admin/mounts`. Only these fields are read (the original wrote body keys verbatim as columns,
 * notes §7.7). `storage_type` may be left out: it is the storage config's type, and must match it if given.
 */
export const MountCreateBody = z.object({
  name: MountName,
  mount_path: MountPath,
  storage_config_id: StorageConfigId,
  storage_type: z.enum(STORAGE_TYPES).optional(),
  remark: Remark.optional().transform((v) => v ?? null),
  is_active: IntFlag.default(1),
  sort_order: SortOrder.default(0),
  cache_ttl: CacheTtl.default(MOUNT_CACHE_TTL_DEFAULT),
  web_proxy: IntFlag.default(0),
  webdav_policy: z.enum(WEBDAV_POLICIES).default('302_redirect'),
  enable_sign: IntFlag.default(0),
  sign_expires: SignExpires.default(null),
});
export type MountCreateBody = z.input<typeof MountCreateBody>;

/** `PUT /api/admin/mounts/{id}`: any subset of the same fields; enabling and disabling is `is_active`. */
export const MountUpdateBody = z
  .object({
    name: MountName.optional(),
    mount_path: MountPath.optional(),
    storage_config_id: StorageConfigId.optional(),
    storage_type: z.enum(STORAGE_TYPES).optional(),
    remark: Remark.optional(),
    is_active: IntFlag.optional(),
    sort_order: SortOrder.optional(),
    cache_ttl: CacheTtl.optional(),
    web_proxy: IntFlag.optional(),
    webdav_policy: z.enum(WEBDAV_POLICIES).optional(),
    enable_sign: IntFlag.optional(),
    sign_expires: SignExpires.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type MountUpdateBody = z.input<typeof MountUpdateBody>;

/** A mount as the admin sees it (and, for the mounts it may see, an API key): the original's columns. */
export const MountDto = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.enum(STORAGE_TYPES),
  storage_config_id: z.string(),
  mount_path: z.string(),
  remark: z.string().nullable(),
  is_active: z.number(),
  /** The admin's id (`system` for mounts the server made itself). */
  created_by: z.string(),
  sort_order: z.number(),
  cache_ttl: z.number(),
  web_proxy: z.number(),
  webdav_policy: z.enum(WEBDAV_POLICIES),
  enable_sign: z.number(),
  sign_expires: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used: z.string().nullable(),
});
export type MountDto = z.infer<typeof MountDto>;
