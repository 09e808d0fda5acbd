import { z } from 'zod';
import { normalizePath, PATH_ERROR_MESSAGES } from '../paths.js';
import { IntFlag, nullAsAbsent, nullOrDefault, numberOrNumeric } from './common.js';

/** Where a storage config keeps its objects: a folder under DATA_DIR, or an S3-compatible bucket. */
export const STORAGE_TYPES = ['LOCAL', 'S3'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/** S3 providers the admin can choose (notes §2.6); they differ in defaults and direct-upload headers. */
export const S3_PROVIDERS = ['Cloudflare R2', 'Backblaze B2', 'AWS S3', 'Aliyun OSS', 'Other S3 Compatible'] as const;
export type S3Provider = (typeof S3_PROVIDERS)[number];
/** `provider_type` of a LOCAL config. */
export const LOCAL_PROVIDER = 'Local';

const GiB = 1024 ** 3;
/** Quota a new S3 config gets when none is given: the free tiers of R2 and B2, 5 GiB elsewhere. */
export const DEFAULT_CAPACITY_BYTES: Record<S3Provider, number> = {
  'Cloudflare R2': 10 * GiB,
  'Backblaze B2': 10 * GiB,
  'AWS S3': 5 * GiB,
  'Aliyun OSS': 5 * GiB,
  'Other S3 Compatible': 5 * GiB,
};

/** Presigned URL lifetime bounds (seconds); 7 days is SigV4's own maximum. */
export const SIGNATURE_EXPIRES_DEFAULT = 3600;
export const SIGNATURE_EXPIRES_MAX = 7 * 24 * 3600;
export const STORAGE_CONFIG_NAME_MAX = 100;

/**
 * An http(s) base URL without credentials, query or fragment (no `@`, `?` or `#`); the trailing slash
 * is dropped. A pattern rather than `URL`, which the contract's plain-ES lib does not declare.
 */
export const HttpBaseUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(/^https?:\/\/[^\s/?#@]+(\/[^\s?#@]*)?$/i, 'Must be an http(s) URL without credentials, query or fragment')
  .transform((v) => v.replace(/\/+$/, ''));

/** Bucket names as S3 allows them (3-63 chars), plus the upper case and underscores of legacy buckets. */
export const BucketName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/, 'Must be 3-63 letters, digits, dots, hyphens or underscores');

/** Key prefix for share uploads: a relative folder (`uploads/2026`), stored without outer slashes. */
export const DefaultFolder = z
  .string()
  .trim()
  .max(512)
  .transform((v, ctx) => {
    if (v === '' || v === '/') return '';
    const result = normalizePath('/' + v.replace(/^\/+/, ''));
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: PATH_ERROR_MESSAGES[result.reason] });
      return z.NEVER;
    }
    return result.path.slice(1);
  });

const Capacity = numberOrNumeric(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable());
const ExpiresIn = numberOrNumeric(z.number().int().min(60).max(SIGNATURE_EXPIRES_MAX));
/** A credential field on update: absent, null or empty means "keep the stored value". */
const OptionalSecret = z
  .string()
  .trim()
  .max(512)
  .nullish()
  .transform((v) => (v ? v : undefined));

const common = {
  name: z.string().trim().min(1).max(STORAGE_CONFIG_NAME_MAX),
  is_public: nullOrDefault(IntFlag, 0),
  total_storage_bytes: Capacity.optional(),
};

// A LOCAL config's links (direct downloads, upload URLs Driftbox signs itself) live as long as an S3 one's.
const LocalCreate = z.object({
  ...common,
  storage_type: z.literal('LOCAL'),
  signature_expires_in: nullOrDefault(ExpiresIn, SIGNATURE_EXPIRES_DEFAULT),
});

const S3Create = z.object({
  ...common,
  storage_type: z.literal('S3'),
  provider_type: z.enum(S3_PROVIDERS),
  // AWS S3 may leave it empty: the regional endpoint is derived from `region`.
  endpoint_url: nullOrDefault(z.union([HttpBaseUrl, z.literal('')]), ''),
  bucket_name: BucketName,
  region: nullOrDefault(z.string().trim().max(64), ''),
  access_key_id: z.string().trim().min(1).max(512),
  secret_access_key: z.string().trim().min(1).max(512),
  path_style: nullOrDefault(IntFlag, 0),
  default_folder: nullOrDefault(DefaultFolder, ''),
  custom_host: z
    .union([HttpBaseUrl, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  signature_expires_in: nullOrDefault(ExpiresIn, SIGNATURE_EXPIRES_DEFAULT),
});

/**
 * `POST /api/s3-configs`. `storage_type` defaults to S3 so clients of the original product (which never
 * send it) keep working; only the listed fields are read (no mass assignment).
 */
export const StorageConfigCreateBody = z.preprocess(
  (v) => (v && typeof v === 'object' && !('storage_type' in v) ? { ...v, storage_type: 'S3' } : v),
  z
    .discriminatedUnion('storage_type', [LocalCreate, S3Create])
    .refine((b) => b.storage_type !== 'S3' || b.endpoint_url !== '' || b.provider_type === 'AWS S3', {
      message: 'Endpoint URL is required for this provider',
      path: ['endpoint_url'],
    }),
);
/** The create body as a client writes it (`storage_type` may be left out for S3). */
export type StorageConfigCreateBody =
  z.input<typeof LocalCreate> | (Omit<z.input<typeof S3Create>, 'storage_type'> & { storage_type?: 'S3' });

/**
 * `PUT /api/s3-configs/{id}`: any subset. The storage type cannot change; an absent or empty secret keeps
 * the stored one; `total_storage_bytes: null` resets to the provider default.
 */
export const StorageConfigUpdateBody = z
  .object({
    name: common.name.optional(),
    is_public: nullAsAbsent(IntFlag),
    total_storage_bytes: Capacity.optional(),
    provider_type: z.enum(S3_PROVIDERS).optional(),
    endpoint_url: nullAsAbsent(z.union([HttpBaseUrl, z.literal('')])),
    bucket_name: BucketName.optional(),
    region: nullAsAbsent(z.string().trim().max(64)),
    access_key_id: OptionalSecret,
    secret_access_key: OptionalSecret,
    path_style: nullAsAbsent(IntFlag),
    default_folder: nullAsAbsent(DefaultFolder),
    custom_host: z
      .union([HttpBaseUrl, z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    signature_expires_in: nullAsAbsent(ExpiresIn),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type StorageConfigUpdateBody = z.input<typeof StorageConfigUpdateBody>;

/** What an API key holding FILE_SHARE sees of a config marked usable by keys: no endpoint, no credentials. */
export const StorageConfigSummaryDto = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.enum(STORAGE_TYPES),
  provider_type: z.string(),
  is_default: z.number(),
  is_public: z.number(),
  total_storage_bytes: z.number().nullable(),
  used_bytes: z.number(),
});
export type StorageConfigSummaryDto = z.infer<typeof StorageConfigSummaryDto>;

/** What the admin sees: everything but the credentials, which are only masked or flagged. */
export const StorageConfigDto = StorageConfigSummaryDto.extend({
  endpoint_url: z.string(),
  bucket_name: z.string(),
  region: z.string(),
  path_style: z.number(),
  default_folder: z.string(),
  custom_host: z.string().nullable(),
  signature_expires_in: z.number(),
  has_credentials: z.boolean(),
  /** `••••` and the last 4 characters, or null when there is no key. */
  access_key_id_masked: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used: z.string().nullable(),
});
export type StorageConfigDto = z.infer<typeof StorageConfigDto>;

/** One probe of `POST /api/s3-configs/{id}/test`. */
export const StorageTestCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Not run (ok is false): an earlier check showed it could not work; the message says which. */
  skipped: z.boolean().optional(),
  message: z.string(),
  durationMs: z.number(),
});
export type StorageTestCheck = z.infer<typeof StorageTestCheck>;

/** One of the original's four probe results. */
const LegacyProbe = z.object({ success: z.boolean(), message: z.string() });

/**
 * `data` of `POST /api/s3-configs/{id}/test`: `success` is true when every check passed. `result` repeats
 * the checks under the original's four names (read, write, cors, frontendSim = the presigned round trip).
 */
export const StorageTestResult = z.object({
  success: z.boolean(),
  checks: z.array(StorageTestCheck),
  /** `globalNote`: one line naming the checks that failed, in the caller's language. */
  result: z.object({
    read: LegacyProbe,
    write: LegacyProbe,
    cors: LegacyProbe,
    frontendSim: LegacyProbe,
    globalNote: z.string(),
  }),
});
export type StorageTestResult = z.infer<typeof StorageTestResult>;
