import {
  DefaultFolder,
  S3_PROVIDERS,
  SIGNATURE_EXPIRES_DEFAULT,
  SIGNATURE_EXPIRES_MAX,
  STORAGE_CONFIG_NAME_MAX,
} from '@driftbox/contract';
import { z } from 'zod';
import type { SecretBox } from '../../lib/crypto/secret-box.js';
import { credentialContext } from '../storage-configs/storage-configs.input.js';
import { Bool, Str, Time, type LegacyContext } from './backup.legacy-rows.js';
import type { BackupRow } from './backup.tables.js';

/** A row of the original's `s3_configs` (notes §2.6); its v0.8+ `storage_configs` are read into this shape. */
export const LegacyS3Config = z.object({
  id: Str,
  name: Str,
  provider_type: Str,
  endpoint_url: Str.nullish(),
  bucket_name: Str,
  region: Str.nullish(),
  access_key_id: Str.nullish(),
  secret_access_key: Str.nullish(),
  path_style: Bool.nullish(),
  default_folder: Str.nullish(),
  is_public: Bool.nullish(),
  is_default: Bool.nullish(),
  total_storage_bytes: z.number().nullish(),
  custom_host: Str.nullish(),
  signature_expires_in: z.number().nullish(),
  created_at: Time.nullish(),
  updated_at: Time.nullish(),
  last_used: Time.nullish(),
});

/**
 * The original's "encrypted" credentials are `encrypted:<b64 HMAC>:<b64 plaintext>` (btoa, so Latin-1):
 * readable without any key (notes §7). Anything else was stored in clear.
 */
export function decodeLegacySecret(value: string): string {
  if (!value.startsWith('encrypted:')) return value;
  const parts = value.split(':');
  if (parts.length !== 3) throw new Error('Malformed encrypted value');
  return Buffer.from(parts[2] ?? '', 'base64').toString('latin1');
}

function sealed(
  box: SecretBox,
  value: string | null | undefined,
  column: 'access_key_id' | 'secret_access_key',
  id: string,
): string | null {
  if (!value) return null;
  return box.encrypt(decodeLegacySecret(value), credentialContext(column, id));
}

/** An S3 config: credentials re-encrypted with Driftbox's key, providers Driftbox does not list become "Other". */
export function convertS3Config(s: z.output<typeof LegacyS3Config>, name: string, ctx: LegacyContext): BackupRow {
  const createdAt = s.created_at ?? ctx.now;
  const folder = DefaultFolder.safeParse(s.default_folder ?? '');
  const expiresIn = Math.round(s.signature_expires_in ?? SIGNATURE_EXPIRES_DEFAULT);
  return {
    id: s.id,
    name: name.slice(0, STORAGE_CONFIG_NAME_MAX),
    storage_type: 'S3',
    provider_type: (S3_PROVIDERS as readonly string[]).includes(s.provider_type)
      ? s.provider_type
      : 'Other S3 Compatible',
    endpoint_url: (s.endpoint_url ?? '').trim().replace(/\/+$/, ''),
    bucket_name: s.bucket_name.trim(),
    region: s.region ?? '',
    access_key_id_enc: sealed(ctx.box, s.access_key_id, 'access_key_id', s.id),
    secret_access_key_enc: sealed(ctx.box, s.secret_access_key, 'secret_access_key', s.id),
    path_style: s.path_style ?? 0,
    default_folder: folder.success ? folder.data : '',
    custom_host: s.custom_host ? s.custom_host.trim().replace(/\/+$/, '') : null,
    signature_expires_in: Math.min(Math.max(expiresIn, 60), SIGNATURE_EXPIRES_MAX),
    total_storage_bytes: s.total_storage_bytes ?? null,
    is_public: s.is_public ?? 0,
    is_default: s.is_default ?? 0,
    created_by: ctx.adminId,
    created_at: createdAt,
    updated_at: s.updated_at ?? createdAt,
    last_used: s.last_used ?? null,
  };
}
