import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { Bool, Str, Time, type LegacyContext } from './backup.legacy-rows.js';
import { LegacyS3Config } from './backup.legacy-s3.js';
import type { SkippedPart } from './backup.validate.js';

/**
 * The original's `storage_configs` (v0.8+, replacing `s3_configs`): one row per config, the driver's
 * fields in `config_json`. Only S3 configs have a Driftbox counterpart.
 */
export const LegacyStorageConfig = z.object({
  id: Str,
  name: Str,
  storage_type: Str,
  is_public: Bool.nullish(),
  is_default: Bool.nullish(),
  remark: Str.nullish(),
  url_proxy: Str.nullish(),
  status: Str.nullish(),
  config_json: Str.nullish(),
  created_at: Time.nullish(),
  updated_at: Time.nullish(),
  last_used: Time.nullish(),
});
type StorageRow = z.output<typeof LegacyStorageConfig>;

/** The literal the original fell back to when ENCRYPTION_SECRET was not set (notes §1.2). */
const ORIGINAL_DEFAULT_SECRET = 'default-encryption-key';

const hmacOf = (secret: string, plain: string) => createHmac('sha256', secret).update(plain, 'utf8').digest();

/**
 * One credential the original "encrypted" as `encrypted:<base64 HMAC-SHA256(ENCRYPTION_SECRET, plain)>:
 * <base64 plain>`. It is opened only with the secret that made it: the given one, or the original's
 * default when none is given. Returns the plain value, `missing` (no secret given and not the default)
 * or `wrong` (the given secret did not make it). A value without the prefix was stored in clear.
 */
export function openLegacyCredential(stored: string, secret: string | null): string | 'missing' | 'wrong' {
  if (!stored.startsWith('encrypted:')) return stored;
  const [, mac = '', body = ''] = stored.split(':');
  const plain = Buffer.from(body, 'base64').toString('utf8');
  const expected = Buffer.from(mac, 'base64');
  const made = (candidate: string) => {
    const actual = hmacOf(candidate, plain);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  if (made(secret ?? ORIGINAL_DEFAULT_SECRET)) return plain;
  return secret === null ? 'missing' : 'wrong';
}

function parseJson(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What the original's storage configs become: S3 configs in the older table's shape, and what is left out. */
export interface StorageImport {
  configs: z.output<typeof LegacyS3Config>[];
  skipped: SkippedPart[];
}

/**
 * The original's S3 storage configs in the shape of its older `s3_configs` rows, their credentials
 * already opened (so the s3_configs converter re-encrypts them with Driftbox's key). Without the
 * secret, credentials are left empty and counted; a wrong secret refuses the file (400): importing
 * configs that cannot connect is not what the admin asked for.
 */
export function storageConfigsToS3(rows: StorageRow[], ctx: LegacyContext): StorageImport {
  const configs: z.output<typeof LegacyS3Config>[] = [];
  let otherTypes = 0;
  let withoutCredentials = 0;
  let extras = 0;
  for (const row of rows) {
    if (row.storage_type.toUpperCase() !== 'S3') {
      otherTypes += 1;
      continue;
    }
    const json = parseJson(row.config_json);
    const credential = (field: string): string | null => {
      const stored = json[field];
      if (typeof stored !== 'string' || stored === '') return null;
      const opened = openLegacyCredential(stored, ctx.legacySecret);
      if (opened === 'wrong')
        throw invalidField('legacy_encryption_secret', msg('backup.legacy.wrongSecret', { name: row.name }));
      return opened === 'missing' ? null : opened;
    };
    const accessKey = credential('access_key_id');
    const secretKey = credential('secret_access_key');
    if ((json.access_key_id && accessKey === null) || (json.secret_access_key && secretKey === null))
      withoutCredentials += 1;
    if (row.remark || row.url_proxy || (row.status && row.status !== 'ENABLED')) extras += 1;
    const parsed = LegacyS3Config.safeParse({
      ...json,
      id: row.id,
      name: row.name,
      provider_type: typeof json.provider_type === 'string' ? json.provider_type : 'Other S3 Compatible',
      bucket_name: typeof json.bucket_name === 'string' ? json.bucket_name : '',
      access_key_id: accessKey,
      secret_access_key: secretKey,
      is_public: row.is_public ?? 0,
      is_default: row.is_default ?? 0,
      created_at: null,
      updated_at: null,
      last_used: null,
    });
    if (!parsed.success) {
      otherTypes += 1;
      continue;
    }
    configs.push({ ...parsed.data, created_at: row.created_at, updated_at: row.updated_at, last_used: row.last_used });
  }
  const skipped: SkippedPart[] = [];
  if (withoutCredentials > 0)
    skipped.push({
      table: 'storage_configs',
      rows: withoutCredentials,
      reason: msg('backup.legacy.credentialsMissing'),
    });
  if (otherTypes > 0)
    skipped.push({ table: 'storage_configs', rows: otherTypes, reason: msg('backup.legacy.storageTypeNotImported') });
  if (extras > 0)
    skipped.push({ table: 'storage_configs', rows: extras, reason: msg('backup.legacy.storageFieldsNotImported') });
  return { configs, skipped };
}
