import {
  SIGNATURE_EXPIRES_DEFAULT,
  StorageConfigCreateBody,
  StorageConfigUpdateBody,
  type S3Provider,
  type StorageConfigDto,
  type StorageType,
} from '@driftbox/contract';
import { fieldErrorsFrom, sameNameTable, type FormResult } from '../../../lib/forms/field-errors';

export const CAPACITY_UNITS = { GB: 1024 ** 3, MB: 1024 ** 2 } as const;
export type CapacityUnit = keyof typeof CAPACITY_UNITS;

export interface StorageFormValues {
  name: string;
  storageType: StorageType;
  provider: S3Provider;
  endpointUrl: string;
  region: string;
  bucketName: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  defaultFolder: string;
  customHost: string;
  expiresIn: string;
  capacity: string;
  capacityUnit: CapacityUnit;
  isPublic: boolean;
}

/** Fields that can carry an error: the wire names, so server `details` land on them as they are. */
export type StorageFormField =
  | 'name'
  | 'endpoint_url'
  | 'region'
  | 'bucket_name'
  | 'access_key_id'
  | 'secret_access_key'
  | 'default_folder'
  | 'custom_host'
  | 'signature_expires_in'
  | 'total_storage_bytes'
  | 'provider_type';

/** Error codes translated under `storage.form.errors.*`. */
export type StorageFieldError =
  | 'nameRequired'
  | 'nameInvalid'
  | 'endpointRequired'
  | 'endpointInvalid'
  | 'regionInvalid'
  | 'bucketInvalid'
  | 'accessKeyRequired'
  | 'secretRequired'
  | 'folderInvalid'
  | 'customHostInvalid'
  | 'expiresInvalid'
  | 'capacityInvalid'
  | 'providerInvalid';

export type StorageFormErrors = Partial<Record<StorageFormField, StorageFieldError>>;

/** What each provider suggests: placeholders and hints only, nothing is filled in behind the admin's back. */
export interface ProviderPreset {
  endpoint: string;
  region: string;
  /** Path-style addressing is what MinIO and most self-hosted servers need. */
  pathStyle: boolean;
}

export const PROVIDER_PRESETS: Record<S3Provider, ProviderPreset> = {
  'Cloudflare R2': { endpoint: 'https://<account-id>.r2.cloudflarestorage.com', region: 'auto', pathStyle: false },
  'Backblaze B2': { endpoint: 'https://s3.us-west-004.backblazeb2.com', region: 'us-west-004', pathStyle: false },
  'AWS S3': { endpoint: 'https://s3.us-east-1.amazonaws.com', region: 'us-east-1', pathStyle: false },
  // OSS serves buckets as virtual hosts only.
  'Aliyun OSS': { endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'oss-cn-hangzhou', pathStyle: false },
  'Other S3 Compatible': { endpoint: 'https://minio.example.com:9000', region: 'us-east-1', pathStyle: true },
};

export function emptyStorageForm(): StorageFormValues {
  return {
    name: '',
    storageType: 'S3',
    provider: 'Cloudflare R2',
    endpointUrl: '',
    region: '',
    bucketName: '',
    accessKeyId: '',
    secretAccessKey: '',
    pathStyle: false,
    defaultFolder: '',
    customHost: '',
    expiresIn: String(SIGNATURE_EXPIRES_DEFAULT),
    capacity: '',
    capacityUnit: 'GB',
    isPublic: false,
  };
}

function isProvider(value: string): value is S3Provider {
  return value in PROVIDER_PRESETS;
}

/** Capacity in the largest unit that shows it exactly (GB, else MB). */
export function capacityFromBytes(bytes: number | null): { capacity: string; capacityUnit: CapacityUnit } {
  if (bytes === null) return { capacity: '', capacityUnit: 'GB' };
  if (bytes % CAPACITY_UNITS.GB === 0) return { capacity: String(bytes / CAPACITY_UNITS.GB), capacityUnit: 'GB' };
  return { capacity: String(Math.round((bytes / CAPACITY_UNITS.MB) * 100) / 100), capacityUnit: 'MB' };
}

/** Editing starts from the stored config; the credentials start empty ("unchanged"). */
export function storageFormFromDto(dto: StorageConfigDto): StorageFormValues {
  return {
    name: dto.name,
    storageType: dto.storage_type,
    provider: isProvider(dto.provider_type) ? dto.provider_type : 'Other S3 Compatible',
    endpointUrl: dto.endpoint_url,
    region: dto.region,
    bucketName: dto.bucket_name,
    accessKeyId: '',
    secretAccessKey: '',
    pathStyle: dto.path_style === 1,
    defaultFolder: dto.default_folder,
    customHost: dto.custom_host ?? '',
    expiresIn: String(dto.signature_expires_in),
    ...capacityFromBytes(dto.total_storage_bytes),
    isPublic: dto.is_public === 1,
  };
}

/**
 * Bytes of the capacity field: null when empty (unlimited, the provider's default), NaN when not a
 * positive number. 0 is refused, as the field's error says: a quota of nothing would refuse every upload,
 * and "unlimited" is the empty field.
 */
export function capacityToBytes(values: Pick<StorageFormValues, 'capacity' | 'capacityUnit'>): number | null {
  const raw = values.capacity.trim();
  if (raw === '') return null;
  const amount = Number(raw);
  if (!Number.isFinite(amount) || amount <= 0) return Number.NaN;
  const bytes = Math.round(amount * CAPACITY_UNITS[values.capacityUnit]);
  return bytes > 0 ? bytes : Number.NaN;
}

/** Where the schema's and the server's complaints land (`details[].path` → field and its generic error). */
export const STORAGE_FIELD_ERRORS = sameNameTable<StorageFormField, StorageFieldError>({
  name: 'nameInvalid',
  endpoint_url: 'endpointInvalid',
  region: 'regionInvalid',
  bucket_name: 'bucketInvalid',
  access_key_id: 'accessKeyRequired',
  secret_access_key: 'secretRequired',
  default_folder: 'folderInvalid',
  custom_host: 'customHostInvalid',
  signature_expires_in: 'expiresInvalid',
  total_storage_bytes: 'capacityInvalid',
  provider_type: 'providerInvalid',
});

export type StorageFormResult<B> = FormResult<B, StorageFormErrors>;

/** Errors the schema reports too generically: an empty required field says "required", not "invalid". */
function refine(values: StorageFormValues, errors: StorageFormErrors): StorageFormErrors {
  const out = { ...errors };
  if (values.name.trim() === '') out.name = 'nameRequired';
  // Every provider but AWS needs its endpoint (the create schema says so; an edit is checked here too).
  const endpointMissing =
    values.storageType === 'S3' && values.provider !== 'AWS S3' && values.endpointUrl.trim() === '';
  if (endpointMissing || (out.endpoint_url && values.endpointUrl.trim() === '')) out.endpoint_url = 'endpointRequired';
  if (Number.isNaN(capacityToBytes(values))) out.total_storage_bytes = 'capacityInvalid';
  return out;
}

function s3Fields(values: StorageFormValues) {
  return {
    provider_type: values.provider,
    endpoint_url: values.endpointUrl.trim(),
    bucket_name: values.bucketName.trim(),
    region: values.region.trim(),
    path_style: values.pathStyle ? (1 as const) : (0 as const),
    default_folder: values.defaultFolder.trim(),
    custom_host: values.customHost.trim() || null,
  };
}

/** The links' lifetime, for both kinds of storage. */
function lifetimeOf(values: StorageFormValues): number {
  return values.expiresIn.trim() === '' ? Number.NaN : Number(values.expiresIn);
}

/** Builds and validates the create body with the contract's schema (STYLE §26). */
export function buildCreateBody(values: StorageFormValues): StorageFormResult<StorageConfigCreateBody> {
  const bytes = capacityToBytes(values);
  const common = {
    name: values.name.trim(),
    is_public: values.isPublic ? (1 as const) : (0 as const),
    ...(bytes === null || Number.isNaN(bytes) ? {} : { total_storage_bytes: bytes }),
  };
  const raw: StorageConfigCreateBody =
    values.storageType === 'LOCAL'
      ? { ...common, storage_type: 'LOCAL', signature_expires_in: lifetimeOf(values) }
      : {
          ...common,
          storage_type: 'S3',
          ...s3Fields(values),
          signature_expires_in: lifetimeOf(values),
          access_key_id: values.accessKeyId.trim(),
          secret_access_key: values.secretAccessKey.trim(),
        };
  const parsed = StorageConfigCreateBody.safeParse(raw);
  const errors = refine(values, parsed.success ? {} : fieldErrorsFrom(parsed.error.issues, STORAGE_FIELD_ERRORS));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: raw };
}

/**
 * Builds and validates the update body; empty credentials are left out, which keeps the stored ones,
 * and so is a capacity left as the form showed `stored` (shown rounded to 0.01 MB, it must not be
 * saved back rounded).
 */
export function buildUpdateBody(
  values: StorageFormValues,
  stored?: number | null,
): StorageFormResult<StorageConfigUpdateBody> {
  const shown = stored === undefined ? undefined : capacityFromBytes(stored);
  const capacityKept =
    shown !== undefined && shown.capacity === values.capacity.trim() && shown.capacityUnit === values.capacityUnit;
  const bytes = capacityKept ? (stored ?? null) : capacityToBytes(values);
  const raw: StorageConfigUpdateBody = {
    name: values.name.trim(),
    is_public: values.isPublic ? (1 as const) : (0 as const),
    signature_expires_in: lifetimeOf(values),
    ...(capacityKept ? {} : { total_storage_bytes: Number.isNaN(bytes) ? null : bytes }),
  };
  if (values.storageType === 'S3') {
    Object.assign(raw, s3Fields(values));
    if (values.accessKeyId.trim() !== '') raw.access_key_id = values.accessKeyId.trim();
    if (values.secretAccessKey.trim() !== '') raw.secret_access_key = values.secretAccessKey.trim();
  }
  const parsed = StorageConfigUpdateBody.safeParse(raw);
  const errors = refine(values, parsed.success ? {} : fieldErrorsFrom(parsed.error.issues, STORAGE_FIELD_ERRORS));
  if (capacityKept) delete errors.total_storage_bytes;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: raw };
}

/** Share of the capacity in use, 0-100; null without a capacity. */
export function usagePercent(used: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.round((used / total) * 1000) / 10);
}
