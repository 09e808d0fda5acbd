import type { TFunction } from 'i18next';

/**
 * The storage config the server creates on first start (server migration 003_storage: id `local`,
 * named in English). Its name is data, not a label, so an admin may rename it; until then it is shown
 * in the page's language.
 */
const BUILTIN_STORAGE = { id: 'local', name: 'Local storage' } as const;

/** A storage config's display name: the built-in one's translated while its name is unchanged. */
export function storageConfigName(config: { id: string; name: string }, t: TFunction): string {
  return config.id === BUILTIN_STORAGE.id && config.name === BUILTIN_STORAGE.name ? t('storage.builtinName') : config.name;
}
