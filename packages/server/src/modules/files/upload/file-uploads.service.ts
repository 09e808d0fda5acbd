import {
  DirectUploadNaming,
  FileShareOptions,
  Filename,
  Permission,
  type FilePresignBody,
  type FileCommitBody,
  type FileDetailDto,
  type FilePresignDto,
} from '@driftbox/contract';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Actor, AdminActor, ApiKeyActor } from '../../../lib/auth/actor.js';
import { assertPermission } from '../../../lib/auth/authz.js';
import { iso, type Clock } from '../../../lib/clock.js';
import { badRequest, invalidField, notFound } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import { absoluteUrl } from '../../../http/origin.js';
import { parseWith } from '../../../http/request.js';
import { creatorOf } from '../../shares/share-rules.js';
import { storageToAppError } from '../../../storage/http-errors.js';
import type { BodySource } from '../../../storage/object-store.js';
import { toReadable } from '../../../storage/streams.js';
import { lateFormOptions, parseUploadForm, pipeDetached } from './upload-form.js';
import { presentDetail, presentPending, shareUrls } from '../files.presenter.js';
import type { FileChanges, FileRow } from '../files.repository.js';
import { mimetypeFor, uploadScope } from '../files.rules.js';
import type { NamingStrategy, ShareOptions, ShareWriter } from '../files.shares.js';
import { sizeLimiter, uploadUrlLifetime, type FileStorage, type UploadTarget } from '../files.storage.js';
import { createPendingUpload } from './pending-upload.js';
import { nothingUploadedIfMissing, oneAtATime, takeStagedObject } from './staged-commit.js';

export interface FileUploadsDeps {
  clock: Clock;
  storage: FileStorage;
  shares: ShareWriter;
}

/** A body streamed into storage as a new share (form file, upload-direct body, fetched URL). */
export interface StreamUpload {
  configId: string | undefined;
  filename: string;
  mimetype: string | undefined;
  options: ShareOptions;
  body: Readable;
  /** Exact length when known (checked against the limits before any byte is read). */
  contentLength?: number | undefined;
  /** A bound on the length when the exact one is unknown (a form's own Content-Length): the most the upload holds room for. */
  lengthAtMost?: number | undefined;
  /** How to name the object, when the request says (upload-direct's `original_filename`); else the setting. */
  naming?: NamingStrategy | undefined;
  useProxyDefault?: boolean;
  /** Bytes that have passed the limits so far (progress reporting). */
  onBytes?: (total: number) => void;
  /** Called once the pending share exists, before any byte is read (URL fetches report its id at once). */
  onPending?: (row: FileRow) => void;
  /** Options that only became known after the bytes (form fields after the file), applied at publish; gets the config the bytes went to. */
  lateOptions?: (usedConfigId: string) => Promise<ShareOptions | undefined>;
  /** A declared type that only came after the bytes (the spec's field order: file, then mimetype); the stored row takes it at publish. */
  lateMimetype?: () => Promise<string | undefined>;
}

export interface FormRequest {
  body: BodySource | null;
  contentType: string;
  /** The whole form's Content-Length: the file in it is no longer. */
  contentLength?: number | undefined;
}

export interface DirectRequest {
  filename: string;
  body: BodySource | null;
  contentLength: number | undefined;
  contentType: string | undefined;
  /** Query parameters and X-* headers, merged (headers win). */
  options: Record<string, string | undefined>;
}

// Long uploads say they are alive at this interval, so the cleanup job leaves them alone.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Uploads that pass through the server as streams, and the presigned single-PUT flow. */
export function createFileUploadsService(deps: FileUploadsDeps) {
  const { clock, storage, shares } = deps;
  const oneCommitAtATime = oneAtATime();

  function assertFileShare(actor: Actor): asserts actor is AdminActor | ApiKeyActor {
    assertPermission(actor, Permission.FILE_SHARE);
  }

  async function detail(row: FileRow, origin: string): Promise<FileDetailDto> {
    const full = await shares.repo.findDetail(row.id, undefined);
    if (!full) throw notFound('file');
    return presentDetail(full, shareUrls(origin, full.slug));
  }

  /** Pipes `body` through the limits into the store; on any failure nothing is left behind. */
  async function streamInto(
    row: FileRow,
    target: UploadTarget,
    input: StreamUpload,
  ): Promise<{ size: number; etag: string }> {
    let lastTouch = clock.now().getTime();
    const limiter = sizeLimiter(storage, target, (total) => {
      input.onBytes?.(total);
      const now = clock.now().getTime();
      if (now - lastTouch < TOUCH_EVERY_MS) return;
      lastTouch = now;
      void shares.touch(row).catch(() => undefined);
    });
    const limited = pipeDetached(input.body, limiter.stream);
    try {
      const info = await target.store.put(row.storage_path, limited, {
        contentLength: input.contentLength,
        contentType: row.mimetype,
      });
      return { size: info.size, etag: info.etag };
    } catch (err) {
      await shares.discard(row, target.store);
      throw limiter.error ?? storageToAppError(err);
    }
  }

  /** Streams a body into a new share and publishes it; the core of every pass-through upload. */
  async function uploadStream(actor: AdminActor | ApiKeyActor, input: StreamUpload): Promise<FileRow> {
    const { target, key } = await shares.destination(
      actor,
      input.configId,
      input.filename,
      input.options.path,
      input.naming,
    );
    if (input.contentLength !== undefined) storage.checkSize(target, input.contentLength);
    const mimetype = mimetypeFor(input.filename, input.mimetype);
    // A body of unknown length holds all the room it may take (the upload limit, what is left, and no
    // more than the request's own length), so uploads admitted beside it leave it that room; publish
    // records what it really took.
    const size =
      input.contentLength ??
      (target.remaining === null
        ? 0
        : Math.min(target.maxBytes, target.remaining, input.lengthAtMost ?? Number.POSITIVE_INFINITY));
    const row = await shares.createPending({
      actor,
      target,
      key,
      filename: input.filename,
      mimetype,
      size,
      options: input.options,
      ...(input.useProxyDefault === undefined ? {} : { useProxyDefault: input.useProxyDefault }),
    });
    input.onPending?.(row);
    const stored = await streamInto(row, target, input);
    let changes: FileChanges = {};
    try {
      const late = await input.lateOptions?.(target.config.id);
      if (late)
        changes = {
          ...(await shares.optionColumns(late, clock.now(), input.useProxyDefault)),
          ...(late.slug ? { slug: late.slug } : {}),
        };
      const lateType = await input.lateMimetype?.();
      if (lateType) changes = { ...changes, mimetype: mimetypeFor(input.filename, lateType) };
    } catch (err) {
      await shares.discard(row, target.store);
      throw err;
    }
    return shares.publish(row, actor, stored, changes);
  }

  return {
    uploadStream,

    /**
     * `POST /api/upload` (multipart form). Fields that choose where the bytes go (`s3_config_id`,
     * `path`) must come before the `file` part to choose — the bytes are streamed to storage as they
     * arrive; after it they may only repeat where the bytes went (the default config, the root). The
     * other options may come in any order and are applied when the upload is published.
     */
    async uploadForm(actor: Actor, request: FormRequest, origin: string): Promise<FileDetailDto> {
      assertFileShare(actor);
      if (!request.body) throw badRequest(msg('files.upload.bodyRequired'));
      const row = await parseUploadForm(request.body, request.contentType, (early, file, allFields) => {
        const options = parseWith(FileShareOptions, early);
        // The parser already cut a client's full path to its last segment (form-data-headers.ts).
        const filename = parseWith(Filename, file.filename || early.filename || 'file');
        const lateOptions = async (usedConfigId: string) => lateFormOptions(early, await allFields, usedConfigId);
        // A type given before the file was used as the bytes went in; one given after it replaces the part's own at publish.
        const lateMimetype = async () => (early.mimetype ? undefined : (await allFields).mimetype || undefined);
        return uploadStream(actor, {
          configId: options.s3_config_id,
          filename,
          mimetype: early.mimetype || file.mimetype,
          options,
          body: file.stream,
          lengthAtMost: request.contentLength,
          lateOptions,
          lateMimetype,
        });
      });
      return detail(row, origin);
    },

    /** `PUT /api/upload-direct/{filename}`: the raw body is the file; options from query or headers. */
    async uploadDirect(actor: Actor, request: DirectRequest, origin: string): Promise<FileDetailDto> {
      assertFileShare(actor);
      if (!request.body) throw badRequest(msg('files.upload.bodyRequired'));
      const options = parseWith(FileShareOptions, request.options);
      const filename = parseWith(Filename, request.filename);
      const original = parseWith(DirectUploadNaming, request.options).original_filename;
      const row = await uploadStream(actor, {
        naming: original === undefined ? undefined : original ? 'overwrite' : 'random_suffix',
        configId: options.s3_config_id,
        filename,
        mimetype: request.options.mimetype ?? request.contentType,
        options,
        body: toReadable(request.body),
        contentLength: request.contentLength,
        useProxyDefault: true,
      });
      return detail(row, origin);
    },

    /** `POST /api/s3/presign`: a pending share and a URL the browser PUTs the bytes to. */
    async presign(actor: Actor, body: z.output<typeof FilePresignBody>, origin: string): Promise<FilePresignDto> {
      assertFileShare(actor);
      // The URL is signed for the declared size: it can never store more than was checked here.
      if (body.size === undefined) throw invalidField('size', msg('files.upload.sizeRequired'));
      const upload = { ...body, size: body.size };
      const { target, mimetype, row } = await createPendingUpload(shares, storage, actor, upload, true);
      const expiresIn = uploadUrlLifetime(target);
      // The URL names the staging key, never the share's: it stays valid after the commit (takeStagedObject).
      const signed = await target.store
        .presignPut(row.staging_path ?? row.storage_path, {
          expiresIn,
          contentType: mimetype,
          contentLength: body.size,
          scope: uploadScope(row),
        })
        .catch(async (err: unknown) => {
          await shares.discard(row, target.store);
          throw storageToAppError(err);
        });
      return {
        file_id: row.id,
        slug: row.slug,
        // LOCAL's signed URL is origin-relative; a page served from another origin needs it absolute.
        upload_url: absoluteUrl(origin, signed.url),
        headers: signed.headers,
        storage_path: row.storage_path,
        storage_type: target.config.storage_type,
        provider_type: target.config.provider_type,
        contentType: mimetype,
        upload_expires_at: iso(signed.expiresAt),
        url: shareUrls(origin, row.slug).url,
        ...presentPending(row, target.config),
      };
    },

    /**
     * `POST /api/s3/commit`: checks the uploaded object (size from storage, the client's ETag) and
     * publishes the share; a staged upload's object is moved to the share's key first.
     */
    async commit(actor: Actor, body: z.output<typeof FileCommitBody>, origin: string): Promise<FileDetailDto> {
      assertFileShare(actor);
      const published = await oneCommitAtATime(body.file_id, async () => {
        const row = await shares.requirePending(actor, body.file_id);
        if (row.upload_id) throw badRequest(msg('files.upload.isMultipart'));
        const { store } = await storage.storeOf(row.storage_config_id);
        // Uploads presigned before staging keys existed wrote the share's key itself.
        const info = row.staging_path
          ? await takeStagedObject(shares, store, { ...row, staging_path: row.staging_path }, body.etag)
          : await store.head(row.storage_path).catch(nothingUploadedIfMissing);
        return shares.publish(row, actor, info);
      });
      return detail(published, origin);
    },

    /** Deletes the caller's own upload, pending or published (an upload that failed after it got an id). */
    async cancel(actor: Actor, fileId: string): Promise<void> {
      assertFileShare(actor);
      const row = await shares.repo.findById(fileId, creatorOf(actor));
      if (!row) throw notFound('upload');
      const { store } = await storage.storeOf(row.storage_config_id);
      await shares.discard(row, store);
    },
  };
}
export type FileUploadsService = ReturnType<typeof createFileUploadsService>;
