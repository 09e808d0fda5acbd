import { CACHE_TTL_MAX, MOUNT_CACHE_TTL_DEFAULT, WEBDAV_POLICIES } from '@driftbox/contract';
import { z } from 'zod';
import { Bool, Str, Time, type LegacyContext } from './backup.legacy-rows.js';
import { MountRowSchema } from './backup.schemas.js';
import type { BackupRow } from './backup.tables.js';

/** A row of the original's `storage_mounts` (notes §2.7). */
export const LegacyMount = z.object({
  id: Str,
  name: Str,
  storage_type: Str.nullish(),
  storage_config_id: Str.nullish(),
  mount_path: Str,
  remark: Str.nullish(),
  is_active: Bool.nullish(),
  created_by: Str.nullish(),
  sort_order: z.number().nullish(),
  cache_ttl: z.number().nullish(),
  web_proxy: Bool.nullish(),
  webdav_policy: Str.nullish(),
  enable_sign: Bool.nullish(),
  sign_expires: z.number().nullish(),
  created_at: Time.nullish(),
  updated_at: Time.nullish(),
  last_used: Time.nullish(),
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/**
 * The original's mounts onto Driftbox's rows. A mount is left out (and counted) when Driftbox's rules
 * refuse its path — the original accepted dots, spaces and reserved names — when an earlier mount of the
 * file took its path, or when the file carries S3 configs but not its own (`configIds`; without any
 * configs in the file, the restore's check that every mount has its config decides). Its mounts were
 * all S3 and all made by an admin: they become the importing admin's.
 */
export function convertMounts(
  mounts: z.output<typeof LegacyMount>[],
  configIds: ReadonlySet<string> | null,
  ctx: LegacyContext,
): { rows: BackupRow[]; leftOut: number } {
  const rows: BackupRow[] = [];
  const paths = new Set<string>();
  for (const m of mounts) {
    const createdAt = m.created_at ?? ctx.now;
    const row = MountRowSchema.safeParse({
      id: m.id,
      name: m.name.trim(),
      storage_type: 'S3',
      storage_config_id: m.storage_config_id ?? '',
      mount_path: m.mount_path,
      remark: m.remark ?? null,
      is_active: m.is_active ?? 1,
      created_by: ctx.adminId,
      sort_order: clamp(m.sort_order ?? 0, -2_147_483_647, 2_147_483_647),
      cache_ttl: clamp(m.cache_ttl ?? MOUNT_CACHE_TTL_DEFAULT, 0, CACHE_TTL_MAX),
      web_proxy: m.web_proxy ?? 0,
      webdav_policy: (WEBDAV_POLICIES as readonly string[]).includes(m.webdav_policy ?? '')
        ? m.webdav_policy
        : '302_redirect',
      enable_sign: m.enable_sign ?? 0,
      sign_expires: m.sign_expires === null || m.sign_expires === undefined ? null : Math.max(0, m.sign_expires),
      created_at: createdAt,
      updated_at: m.updated_at ?? createdAt,
      last_used: m.last_used ?? null,
    });
    const ok =
      row.success &&
      !paths.has(row.data.mount_path) &&
      (configIds === null || configIds.has(row.data.storage_config_id));
    if (!ok) continue;
    paths.add(row.data.mount_path);
    rows.push(row.data);
  }
  return { rows, leftOut: mounts.length - rows.length };
}
