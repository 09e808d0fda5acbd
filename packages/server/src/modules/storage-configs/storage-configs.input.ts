import {
  DEFAULT_CAPACITY_BYTES,
  LOCAL_PROVIDER,
  S3_PROVIDERS,
  type S3Provider,
  type StorageConfigCreateBody,
  type StorageConfigUpdateBody,
} from '@driftbox/contract';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { StorageConfigsTable } from '../../db/schema.js';
import { invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { SecretBox } from '../../lib/crypto/secret-box.js';
import type { StorageConfigChanges, StorageConfigRow } from './storage-configs.repository.js';

type CreateInput = z.output<typeof StorageConfigCreateBody>;
type UpdateInput = z.output<typeof StorageConfigUpdateBody>;

/** Fields that only make sense for S3; a LOCAL config refuses them on update. */
const S3_ONLY_FIELDS = [
  'provider_type',
  'endpoint_url',
  'bucket_name',
  'region',
  'access_key_id',
  'secret_access_key',
  'path_style',
  'default_folder',
  'custom_host',
] as const;

/** Encryption contexts bind each ciphertext to its column and row, so it cannot be moved elsewhere. */
export const credentialContext = (column: 'access_key_id' | 'secret_access_key', id: string) =>
  `storage_configs.${column}:${id}`;

/** The quota to store: given bytes, or for S3 the provider's default when absent or null. */
function capacityOf(provider: string, value: number | null | undefined): number | null {
  if (value !== undefined && value !== null) return value;
  return (S3_PROVIDERS as readonly string[]).includes(provider) ? DEFAULT_CAPACITY_BYTES[provider as S3Provider] : null;
}

export interface RowContext {
  id: string;
  now: string;
  createdBy: string;
  box: SecretBox;
}

/** A new row from a validated create body; credentials are encrypted here and nowhere else. */
export function rowFromCreate(body: CreateInput, ctx: RowContext): Insertable<StorageConfigsTable> {
  const base = {
    id: ctx.id,
    name: body.name,
    is_public: body.is_public,
    is_default: 0,
    created_by: ctx.createdBy,
    created_at: ctx.now,
    updated_at: ctx.now,
    last_used: null,
  };
  if (body.storage_type === 'LOCAL') {
    return {
      ...base,
      storage_type: 'LOCAL',
      provider_type: LOCAL_PROVIDER,
      endpoint_url: '',
      bucket_name: '',
      region: '',
      access_key_id_enc: null,
      secret_access_key_enc: null,
      path_style: 0,
      default_folder: '',
      custom_host: null,
      signature_expires_in: body.signature_expires_in,
      total_storage_bytes: body.total_storage_bytes ?? null,
    };
  }
  return {
    ...base,
    storage_type: 'S3',
    provider_type: body.provider_type,
    endpoint_url: body.endpoint_url,
    bucket_name: body.bucket_name,
    region: body.region,
    access_key_id_enc: ctx.box.encrypt(body.access_key_id, credentialContext('access_key_id', ctx.id)),
    secret_access_key_enc: ctx.box.encrypt(body.secret_access_key, credentialContext('secret_access_key', ctx.id)),
    path_style: body.path_style,
    default_folder: body.default_folder,
    custom_host: body.custom_host,
    signature_expires_in: body.signature_expires_in,
    total_storage_bytes: capacityOf(body.provider_type, body.total_storage_bytes),
  };
}

function s3Changes(row: StorageConfigRow, body: UpdateInput, box: SecretBox): StorageConfigChanges {
  const provider = body.provider_type ?? row.provider_type;
  const endpoint = body.endpoint_url ?? row.endpoint_url;
  if (endpoint === '' && provider !== 'AWS S3')
    throw invalidField('endpoint_url', msg('storage.config.endpointRequired'));
  return {
    provider_type: body.provider_type,
    endpoint_url: body.endpoint_url,
    bucket_name: body.bucket_name,
    region: body.region,
    // Absent or empty credentials mean "unchanged": the admin never sees them, so cannot resend them.
    access_key_id_enc:
      body.access_key_id === undefined
        ? undefined
        : box.encrypt(body.access_key_id, credentialContext('access_key_id', row.id)),
    secret_access_key_enc:
      body.secret_access_key === undefined
        ? undefined
        : box.encrypt(body.secret_access_key, credentialContext('secret_access_key', row.id)),
    path_style: body.path_style,
    default_folder: body.default_folder,
    custom_host: body.custom_host,
  };
}

/** Whitelisted changes from a validated update body (no mass assignment; the type never changes). */
export function changesFromUpdate(
  row: StorageConfigRow,
  body: UpdateInput,
  box: SecretBox,
  now: string,
): StorageConfigChanges {
  if (row.storage_type === 'LOCAL') {
    const field = S3_ONLY_FIELDS.find((f) => body[f] !== undefined);
    if (field) throw invalidField(field, msg('storage.config.notForLocal'));
  }
  const changes: StorageConfigChanges = row.storage_type === 'LOCAL' ? {} : s3Changes(row, body, box);
  changes.name = body.name;
  changes.is_public = body.is_public;
  changes.signature_expires_in = body.signature_expires_in;
  if (body.total_storage_bytes !== undefined)
    changes.total_storage_bytes = capacityOf(body.provider_type ?? row.provider_type, body.total_storage_bytes);
  changes.updated_at = now;
  return changes;
}
