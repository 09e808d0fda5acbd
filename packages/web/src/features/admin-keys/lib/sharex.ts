import { hasPermission, Permission, shareXConfig, shareXFileName, type ApiKeyWithSecretDto } from '@driftbox/contract';
import { BACKEND_BASE } from '../../../lib/api/backend';
import { saveBlob } from '../../../lib/download';

/** ShareX uploads through `POST /api/upload`, which needs the file-share bit. */
export const canUploadFiles = (key: { permissions: number }) => hasPermission(key.permissions, Permission.FILE_SHARE);

/**
 * Saves a `.sxcu` for `key` (ShareX adds it as a custom uploader when the file is opened): the contract's
 * config, the one the server's route test sends, addressed to this page's backend.
 */
export function downloadShareXConfig(key: ApiKeyWithSecretDto, siteTitle: string): void {
  const base = BACKEND_BASE || window.location.origin;
  const config = shareXConfig({ base, apiKey: key.key, keyName: key.name, siteTitle });
  saveBlob(new Blob([`${JSON.stringify(config, null, 2)}\n`], { type: 'application/json' }), shareXFileName(key.name));
}
