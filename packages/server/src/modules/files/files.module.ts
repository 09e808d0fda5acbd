import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import type { RateLimitService } from '../rate-limits/rate-limits.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { createFileAccessService } from './access/file-access.service.js';
import { createFileMultipartService } from './upload/file-multipart.service.js';
import { createFileUploadsService } from './upload/file-uploads.service.js';
import { createFileCleanup } from './cleanup/files.cleanup.js';
import { filesRepository } from './files.repository.js';
import { createFilesService } from './manage/files.service.js';
import { shareWriter } from './files.shares.js';
import { fileStorage } from './files.storage.js';

export interface FileServicesDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  crypto: AppCrypto;
  logger: Logger;
  rateLimits: RateLimitService;
  settings: SettingsService;
  storageConfigs: StorageConfigsService;
  urlPolicy?: SsrfPolicy | undefined;
}

/**
 * The services of the files module over one repository and storage helper: management, uploads
 * (streamed and presigned), resumable multipart, public access, and the cleanup the background job runs.
 */
export function createFileServices(deps: FileServicesDeps) {
  const repo = filesRepository(deps.db);
  const storage = fileStorage({ repo, storageConfigs: deps.storageConfigs, settings: deps.settings });
  const shares = shareWriter({ ...deps, repo, storage });
  const access = createFileAccessService({ ...deps, storage });
  const cleanup = createFileCleanup({ repo, storage, shares, clock: deps.clock, logger: deps.logger });
  return {
    files: createFilesService({
      repo,
      clock: deps.clock,
      ids: deps.ids,
      crypto: deps.crypto,
      access,
      remover: cleanup,
    }),
    fileUploads: createFileUploadsService({ clock: deps.clock, storage, shares }),
    fileMultipart: createFileMultipartService({ storage, shares }),
    fileAccess: access,
    fileCleanup: cleanup,
  };
}
export type FileServices = ReturnType<typeof createFileServices>;
