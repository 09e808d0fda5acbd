import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import type { FileMultipartService, FileUploadsService } from '../files/files.module.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createUrlFetchService } from './url-fetch.service.js';
import { createUrlUploadService } from './url-upload.service.js';

export interface UrlUploadServicesDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  settings: SettingsService;
  fileUploads: FileUploadsService;
  fileMultipart: FileMultipartService;
  /** Name resolution and trusted names of the SSRF guard (URL_FETCH_TRUSTED_HOSTS; tests: a loopback fixture). */
  urlPolicy?: SsrfPolicy | undefined;
}

/** The URL-upload services over the files module's upload services. */
export function createUrlUploadServices(deps: UrlUploadServicesDeps) {
  const policy = deps.urlPolicy ? { policy: deps.urlPolicy } : {};
  return {
    urlUpload: createUrlUploadService({
      settings: deps.settings,
      uploads: deps.fileUploads,
      multipart: deps.fileMultipart,
      ...policy,
    }),
    urlFetch: createUrlFetchService({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      settings: deps.settings,
      uploads: deps.fileUploads,
      ...policy,
    }),
  };
}
