import { z } from 'zod';
import { SettingType } from '../settings-definition.js';
import { UPLOAD_SIZE_UNITS, type UploadSizeUnit } from '../settings-values.js';

/** Most keys one `PUT /api/admin/settings/group/{group}` may carry (the catalogue has far fewer). */
export const SETTINGS_UPDATE_MAX_KEYS = 100;

/** A query flag: `true`/`false` or `1`/`0`. */
const QueryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * `GET /api/admin/settings`: `group` picks one group; `metadata=false` answers `{key, value}` only;
 * `includeSystem` is accepted for old clients and has no effect (there is no internal group to show).
 */
export const SettingsListQuery = z.object({
  group: z.coerce.number().int().min(1).max(999).optional(),
  metadata: QueryFlag.default(true),
  includeSystem: QueryFlag.optional(),
});
export type SettingsListQuery = z.input<typeof SettingsListQuery>;

/** `GET /api/admin/settings/metadata?key=`. */
export const SettingMetadataQuery = z.object({ key: z.string().trim().min(1, 'key is required').max(100) });

/** The `{group}` of `PUT /api/admin/settings/group/{group}`. */
export const SettingsGroupParam = z.object({ group: z.coerce.number().int().min(1).max(999) });

/** `?validate=false` skips value checks on a group update (unknown keys are still refused). */
export const SettingsUpdateQuery = z.object({ validate: QueryFlag.default(true) });

/** Body of a group update: `{ "<key>": value, … }`; values are checked per key by the catalogue. */
export const SettingsUpdateBody = z
  .record(z.string(), z.unknown())
  .refine(
    (body) => Object.keys(body).length <= SETTINGS_UPDATE_MAX_KEYS,
    `At most ${SETTINGS_UPDATE_MAX_KEYS} keys per update`,
  );
export type SettingsUpdateBody = z.input<typeof SettingsUpdateBody>;

/** One select choice on the wire, its label in the caller's language. */
export const SettingOptionDto = z.object({ value: z.string(), label: z.string() });
export type SettingOptionDto = z.infer<typeof SettingOptionDto>;

/** A settings row with its metadata (`metadata=true`, the default). `value` is the stored string. */
export const SettingDto = z.object({
  key: z.string(),
  value: z.string(),
  description: z.string(),
  type: SettingType,
  group_id: z.number().int(),
  options: z.array(SettingOptionDto).nullable(),
  sort_order: z.number().int(),
  /** 0 public (visitors may read it), 1 private (admin only). */
  flags: z.number().int(),
  default_value: z.string(),
  /** The value is raw HTML injected into every page unsanitised; only the admin writes it. */
  raw_html: z.boolean(),
  updated_at: z.string().nullable(),
});
export type SettingDto = z.infer<typeof SettingDto>;

/** A settings row without metadata (`metadata=false`). */
export const SettingValueDto = z.object({ key: z.string(), value: z.string() });
export type SettingValueDto = z.infer<typeof SettingValueDto>;

/** `data` of `GET /api/admin/settings/groups`. */
export const SettingGroupsDto = z.object({
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      settingCount: z.number().int(),
      readonlyCount: z.number().int(),
    }),
  ),
});
export type SettingGroupsDto = z.infer<typeof SettingGroupsDto>;

/** `data` of a group update; the body code is 200 when every key was saved, 202 when some failed. */
export const SettingsUpdateResultDto = z.object({
  groupId: z.number().int(),
  updatedCount: z.number().int(),
  totalCount: z.number().int(),
  errors: z.array(z.object({ key: z.string(), error: z.string() })),
  success: z.boolean(),
  message: z.string(),
});
export type SettingsUpdateResultDto = z.infer<typeof SettingsUpdateResultDto>;

/** `data` of `GET /api/system/max-upload-size`: `max_upload_size` in MB (what clients of the original read). */
export const MaxUploadSizeDto = z.object({
  max_upload_size: z.number(),
  max_upload_size_bytes: z.number().int(),
  /** The setting as the admin entered it: value and unit. */
  max_upload_size_value: z.number(),
  max_upload_size_unit: z.enum(Object.keys(UPLOAD_SIZE_UNITS) as [UploadSizeUnit, ...UploadSizeUnit[]]),
});
export type MaxUploadSizeDto = z.infer<typeof MaxUploadSizeDto>;

/** Rows of one group (`GET /api/admin/settings?group=`): with metadata, or `{key, value}` (`metadata=false`). */
export const SettingRowsDto = z.union([z.array(SettingDto), z.array(SettingValueDto)]);
export type SettingRowsDto = z.infer<typeof SettingRowsDto>;

/** `GET /api/admin/settings` without `group`: the rows keyed by group id (`{ "1": [...], "4": [...] }`). */
export const SettingsByGroupDto = z.record(z.string().regex(/^\d+$/), SettingRowsDto);
export type SettingsByGroupDto = z.infer<typeof SettingsByGroupDto>;
