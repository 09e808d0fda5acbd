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
import { createFilesService, fileAccessGuard, fileStats, fileStorageUsage } from './manage/files.service.js';
import { shareWriter } from './files.shares.js';
import { mountShareWriter } from './files.mount-shares.js';
import { fileStorage } from './files.storage.js';

// What other modules name of this one: the upload services the URL upload drives.
export type { FileUploadsService } from './upload/file-uploads.service.js';
export type { FileMultipartService } from './upload/file-multipart.service.js';
// The streaming form parser and the type of a file by its name, for the mount explorer's uploads and reads.
export { parseUploadForm } from './upload/upload-form.js';
export { mimetypeFor } from './files.rules.js';
export type { MountObject, MountShareOptions, MountShareWriter } from './files.mount-shares.js';
export { shareUrls } from './files.presenter.js';

/** A share an upload created, as a caller outside this module knows it (its row stays inside). */
export interface UploadedShare {
  id: string;
  slug: string;
}

/**
 * The module's one repository and the ports other modules read through it: bytes stored per config
 * (storage-configs), the dashboard's figures and the guard of LOCAL signed links. Built before the
 * services, because storage-configs, which the services need, needs the usage port first.
 */
export function createFilePorts(deps: { db: Kysely<Database>; clock: Clock }) {
  const repo = filesRepository(deps.db);
  return {
    repo,
    storageUsage: fileStorageUsage(repo),
    stats: fileStats(repo),
    accessGuard: fileAccessGuard(repo, deps.clock),
  };
}
export type FilePorts = ReturnType<typeof createFilePorts>;

export interface FileServicesDeps {
  /** From `createFilePorts`: its repository is the one every service here shares. */
  ports: FilePorts;
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
  const { repo } = deps.ports;
  const storage = fileStorage({ repo, storageConfigs: deps.storageConfigs, settings: deps.settings });
  const shares = shareWriter({ ...deps, repo, storage });
  const access = createFileAccessService({ ...deps, repo, storage });
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
    /** Shares of mount objects (`/api/fs/create-share`): rows only, never owning their objects. */
    fileMountShares: mountShareWriter({ ids: deps.ids, shares }),
  };
}
export type FileServices = ReturnType<typeof createFileServices>;
