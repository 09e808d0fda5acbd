import { LOCAL_PROVIDER, type S3Provider } from '@driftbox/contract';
import type { TFunction } from 'i18next';

/**
 * The storage config the server creates on first start (server migration 003_storage: id `local`,
 * named in English). Its name is data, not a label, so an admin may rename it; until then it is shown
 * in the page's language.
 */
const BUILTIN_STORAGE = { id: 'local', name: 'Local storage' } as const;

/** A storage config's display name: the built-in one's translated while its name is unchanged. */
export function storageConfigName(config: { id: string; name: string }, t: TFunction): string {
  return config.id === BUILTIN_STORAGE.id && config.name === BUILTIN_STORAGE.name
    ? t('storage.builtinName')
    : config.name;
}

/** Translation key suffixes of the providers (`storage.providers.*`). */
export const PROVIDER_KEYS: Record<S3Provider, 'r2' | 'b2' | 'aws' | 'oss' | 'other'> = {
  'Cloudflare R2': 'r2',
  'Backblaze B2': 'b2',
  'AWS S3': 'aws',
  'Aliyun OSS': 'oss',
  'Other S3 Compatible': 'other',
};

/**
 * A provider's display name: ours (the local folder, "other S3-compatible") in the page's language,
 * brand names as they are; an unknown provider string is shown unchanged.
 */
export function storageProviderLabel(providerType: string, t: TFunction, isLocal = false): string {
  if (isLocal || providerType === LOCAL_PROVIDER) return t('storage.providers.local');
  const key = PROVIDER_KEYS[providerType as S3Provider] as (typeof PROVIDER_KEYS)[S3Provider] | undefined;
  return key ? t(`storage.providers.${key}`) : providerType;
}
