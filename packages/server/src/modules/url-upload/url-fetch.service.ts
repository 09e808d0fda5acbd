import { Permission, type UrlFetchBody, type UrlFetchJobDto } from '@driftbox/contract';
import { pipeline } from 'node:stream';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Actor, AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertPermission } from '../../lib/auth/authz.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Lang } from '../../lib/i18n/i18n.js';
import { creatorOf } from '../shares/share-rules.js';
import { guardedRequest, type SsrfPolicy } from '../../lib/net/ssrf.js';
import type { FileUploadsService, UploadedShare } from '../files/files.module.js';
import type { SettingsService } from '../settings/settings.service.js';
import { uploadJobsRepository, type UploadJobRow } from './url-upload.repository.js';
import {
  filenameFromDisposition,
  filenameFromUrl,
  headerOf,
  pickFilename,
  sizeOf,
  sourceFailed,
} from './url-upload.rules.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { cancelled, presentJob, progressTracker, storedError } from './url-fetch.jobs.js';

export interface UrlFetchDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  settings: SettingsService;
  uploads: FileUploadsService;
  policy?: SsrfPolicy;
}

const HOUR_MS = 3600_000;

/**
 * Fetches one creator may run at once: each holds a connection and a stream for up to hours, so a key
 * cannot tie up the server with many slow sources.
 */
export const MAX_RUNNING_FETCHES = 4;

/**
 * Server-side URL fetches (`POST /api/url/fetch`): the server streams the source through the SSRF
 * guard straight into storage as a pending share — no browser round trip, no CORS — and records its
 * progress in `upload_jobs`, which any instance can answer and through which a cancel from any
 * instance reaches the one streaming. The request answers 202 as soon as the source has answered.
 */
export function createUrlFetchService(deps: UrlFetchDeps) {
  const repo = uploadJobsRepository(deps.db);
  const { clock, logger, settings, uploads, policy } = deps;
  /** The fetches running here: how to stop each, and its settling (shutdown waits for it before the database closes). */
  const running = new Map<string, { controller: AbortController; settled: Promise<void> }>();
  // Fetches being started here, per creator: counted with the running ones, so requests sent together
  // cannot all pass the limit while the first waits for its source.
  const starting = new Map<string, number>();

  async function settle(fileId: string, upload: Promise<UploadedShare>): Promise<void> {
    try {
      await upload;
      await repo.finish(fileId, 'completed', { progress: 100, error: null, updated_at: iso(clock.now()) });
    } catch (err) {
      const message = storedError(err instanceof AppError && err.text ? err.text : msg('urlUpload.fetch.failed'));
      if (!(err instanceof AppError)) logger.warn('URL fetch failed', { fileId, error: String(err) });
      await repo.finish(fileId, 'failed', { error: message, updated_at: iso(clock.now()) }).catch(() => undefined);
    } finally {
      running.delete(fileId);
    }
  }

  /** Starts a fetch once the limit let it: the source's answer first, then the pending share and its job. */
  async function begin(
    actor: AdminActor | ApiKeyActor,
    body: z.output<typeof UrlFetchBody>,
    origin: string,
    lang: Lang,
  ): Promise<UrlFetchJobDto> {
    const controller = new AbortController();
    const maxBytes = (await settings.maxUploadSize()).max_upload_size_bytes;
    const res = await guardedRequest(body.url, { maxBytes, signal: controller.signal }, policy);
    if (res.status >= 400) {
      res.body.destroy();
      throw sourceFailed(res.status);
    }
    const total = sizeOf(res.status, res.headers);
    const progress = progressTracker(repo, clock, total, controller);
    let onPending: (row: UploadedShare) => void = () => {};
    const created = new Promise<UploadedShare>((resolve) => {
      onPending = resolve;
    });
    const upload = uploads.uploadStream(actor, {
      configId: body.s3_config_id,
      filename: pickFilename(
        body.filename,
        filenameFromDisposition(headerOf(res.headers, 'content-disposition')),
        filenameFromUrl(res.url),
      ),
      mimetype: headerOf(res.headers, 'content-type'),
      options: body,
      body: pipeline(res.body, progress.counter, () => {}),
      contentLength: total ?? undefined,
      onBytes: progress.report,
      onPending,
    });
    // A failed upload leaves the source unpiped, not destroyed: end the remote request.
    upload.catch(() => res.body.destroy());
    // The pending share exists before any byte is read; a failure before that (limits, config) is the answer.
    const row = await Promise.race([created, upload]).catch((err: unknown) => {
      res.body.destroy();
      throw err;
    });
    const now = iso(clock.now());
    const job: UploadJobRow = {
      file_id: row.id,
      slug: row.slug,
      source_url: res.url,
      status: 'running',
      progress: 0,
      bytes_total: total,
      bytes_fetched: 0,
      bytes_stored: 0,
      error: null,
      created_by: creatorOf(actor),
      created_at: now,
      updated_at: now,
    };
    await repo.insert(job);
    const entry = { controller, settled: Promise.resolve() };
    running.set(row.id, entry);
    progress.arm(row.id);
    // settle() forgets the entry once the fetch has ended.
    entry.settled = settle(row.id, upload);
    return presentJob(job, origin, lang);
  }

  return {
    /** Starts a fetch; errors the source shows at once (refused address, 404, too large) are answered now. */
    async start(
      actor: Actor,
      body: z.output<typeof UrlFetchBody>,
      origin: string,
      lang: Lang,
    ): Promise<UrlFetchJobDto> {
      assertPermission(actor, Permission.FILE_SHARE);
      const creator = creatorOf(actor);
      const others = starting.get(creator) ?? 0;
      starting.set(creator, others + 1);
      try {
        if ((await repo.countRunning(creator)) + others >= MAX_RUNNING_FETCHES) {
          throw new AppError('RATE_LIMITED', { text: msg('urlUpload.fetch.tooMany', { max: MAX_RUNNING_FETCHES }) });
        }
        return await begin(actor, body, origin, lang);
      } finally {
        const left = (starting.get(creator) ?? 1) - 1;
        if (left > 0) starting.set(creator, left);
        else starting.delete(creator);
      }
    },

    /** `GET /api/url/fetch/{file_id}`: the job of the caller; 404 for anyone else's. */
    async status(actor: Actor, fileId: string, origin: string, lang: Lang): Promise<UrlFetchJobDto> {
      assertPermission(actor, Permission.FILE_SHARE);
      const row = await repo.find(fileId, creatorOf(actor));
      if (!row) throw notFound('upload');
      return presentJob(row, origin, lang);
    },

    /**
     * `POST /api/url/cancel`: stops the caller's running fetch (here, or through its row on another
     * instance) and deletes the share it was filling — or any upload of the caller by that id. A fetch
     * that has completed keeps its share (409): the cancel came too late.
     */
    async cancel(actor: Actor, fileId: string): Promise<void> {
      assertPermission(actor, Permission.FILE_SHARE);
      const job = await repo.find(fileId, creatorOf(actor));
      const stopped =
        job?.status === 'running' &&
        (await repo.finish(fileId, 'cancelled', {
          error: storedError(msg('urlUpload.fetch.cancelled')),
          updated_at: iso(clock.now()),
        }));
      // Too late (it completed before, or while, this cancel ran): the share stays; file management deletes it.
      if (job && !stopped && (await repo.find(fileId, creatorOf(actor)))?.status === 'completed') {
        throw new AppError('CONFLICT', { text: msg('urlUpload.fetch.alreadyDone') });
      }
      // Only the owner's cancel (the job row matched its creator) may stop the transfer.
      if (stopped) running.get(fileId)?.controller.abort(cancelled());
      try {
        await uploads.cancel(actor, fileId);
      } catch (err) {
        // The aborted stream may have discarded its share first.
        if (!(stopped && err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
      }
    },

    /**
     * Shutdown: stops the fetches running here and waits until each has discarded its share and
     * recorded why, before the database closes (a fetch cannot outlive its process).
     */
    async stop(): Promise<void> {
      // Said first, as a cancel does: the aborted transfer's own failure may only say "the upload failed".
      const now = iso(clock.now());
      const stopping = [...running];
      for (const [fileId, { controller }] of stopping) {
        await repo
          .finish(fileId, 'failed', { error: storedError(msg('urlUpload.fetch.interrupted')), updated_at: now })
          .catch(() => undefined);
        controller.abort(new AppError('UNAVAILABLE', { text: msg('urlUpload.fetch.interrupted') }));
      }
      await Promise.all(stopping.map(([, { settled }]) => settled));
    },

    /** Marks jobs of dead instances failed and forgets ended jobs after a day. Returns rows touched. */
    async sweep(): Promise<number> {
      const now = clock.now();
      const stale = await repo.failStale(
        iso(addMs(now, -HOUR_MS)),
        iso(now),
        storedError(msg('urlUpload.fetch.interrupted')),
      );
      return stale + (await repo.deleteEndedBefore(iso(addMs(now, -24 * HOUR_MS))));
    },
  };
}
export type UrlFetchService = ReturnType<typeof createUrlFetchService>;
