import { z } from 'zod';
import { MAX_VIRTUAL_PATH_LENGTH } from '../paths.js';
import { TaskDto } from './tasks.js';

/*
 * Copies in the mount tree (`/api/fs/batch-copy`, `/api/fs/batch-copy-commit`), with the original's field
 * names. Paths are virtual (`/<mount>/<sub/path>`); the server normalises and authorises each one.
 */

/** Items one batch-copy may name (a folder counts once, whatever it holds). */
export const BATCH_COPY_ITEMS_MAX = 1000;
/** Files one batch-copy-commit may report. */
export const BATCH_COPY_COMMIT_FILES_MAX = 1000;

const VirtualPathField = z.string().min(1).max(MAX_VIRTUAL_PATH_LENGTH);

/** One copy: a file or a folder at `sourcePath` becomes the file or folder at `targetPath` (its full path). */
export const CopyItem = z.object({ sourcePath: VirtualPathField, targetPath: VirtualPathField });
export type CopyItem = z.infer<typeof CopyItem>;

/** `POST /api/fs/batch-copy`: `skipExisting` (default true) leaves a file already at its target alone; false replaces it. */
export const BatchCopyBody = z.object({
  items: z.array(CopyItem).min(1).max(BATCH_COPY_ITEMS_MAX),
  skipExisting: z.boolean().default(true),
});
export type BatchCopyBody = z.input<typeof BatchCopyBody>;

/**
 * The answer: the original's fields (`crossStorage`, `success`, `skipped`, `failed`, `details`), but the
 * copy always runs on the server as one task (`requiresClientSideCopy` is always false): the counts are
 * the task's, followed at `/api/fs/jobs/{jobId}`.
 */
export const BatchCopyDto = z.object({
  crossStorage: z.boolean(),
  requiresClientSideCopy: z.literal(false),
  success: z.number(),
  skipped: z.number(),
  failed: z.number(),
  details: z.array(z.unknown()),
  jobId: z.string(),
  task: TaskDto,
});
export type BatchCopyDto = z.infer<typeof BatchCopyDto>;

/** A file an old client says it copied itself (`s3Path`, `etag` and the others are its claims, never trusted). */
export const CopyCommitFile = z.object({
  targetPath: VirtualPathField,
  s3Path: z.string().max(MAX_VIRTUAL_PATH_LENGTH).optional(),
  contentType: z.string().max(255).optional(),
  fileSize: z.number().int().min(0).optional(),
  etag: z.string().max(255).optional(),
});

/** `POST /api/fs/batch-copy-commit`, kept for clients of the original that copied across storages themselves. */
export const BatchCopyCommitBody = z.object({
  targetMountId: z.string().min(1).max(64),
  files: z.array(CopyCommitFile).min(1).max(BATCH_COPY_COMMIT_FILES_MAX),
});
export type BatchCopyCommitBody = z.input<typeof BatchCopyCommitBody>;

export const BatchCopyCommitDto = z.object({
  success: z.array(z.object({ targetPath: z.string(), size: z.number() })),
  failed: z.array(z.object({ targetPath: z.string(), error: z.string() })),
});
export type BatchCopyCommitDto = z.infer<typeof BatchCopyCommitDto>;
