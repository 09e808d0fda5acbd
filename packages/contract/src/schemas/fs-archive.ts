import { z } from 'zod';
import { TaskDto } from './tasks.js';

/*
 * The file basket's download (spec §2 "file basket", issue 26): `POST /api/fs/archive` streams one ZIP
 * of the chosen files and folders. Paths are virtual paths as the explorer shows them; the server
 * normalises and authorises each one (400/403 for one it refuses, before any byte is sent).
 */
export const FS_ARCHIVE_MAX_PATHS = 1000;
/** Bounds the body only: the vfs refuses paths longer than MAX_VIRTUAL_PATH_LENGTH with its own message. */
const RAW_PATH_MAX = 8192;
export const FS_ARCHIVE_NAME_MAX = 255;

export const FsArchiveBody = z.object({
  paths: z.array(z.string().min(1).max(RAW_PATH_MAX)).min(1).max(FS_ARCHIVE_MAX_PATHS),
  /** The download's file name (`.zip` is added when missing); default: the one item's name, else `download.zip`. */
  name: z.string().trim().min(1).max(FS_ARCHIVE_NAME_MAX).optional(),
  /**
   * `stream` (default): the ZIP is the answer. `task`: the ZIP is built by an `archive` task (202 with the
   * task and its `downloadUrl`, `GET /api/fs/tasks/{id}/download` once completed) — for large selections.
   */
  mode: z.enum(['stream', 'task']).optional(),
});
export type FsArchiveBody = z.infer<typeof FsArchiveBody>;

/** 202 of `POST /api/fs/archive` with `mode: 'task'`: the queued task and where its ZIP will be. */
export const FsArchiveQueuedDto = z.object({ jobId: z.string(), task: TaskDto, downloadUrl: z.string() });
export type FsArchiveQueuedDto = z.infer<typeof FsArchiveQueuedDto>;

/**
 * `POST /api/fs/tasks/{id}/download-link`: a short-lived signed URL (`/api/fs/archive-download/{id}?by=…&sign=…`,
 * relative to the backend) that a browser opens by navigation, no credentials needed.
 */
export const FsArchiveLinkDto = z.object({ url: z.string(), expiresAt: z.string() });
export type FsArchiveLinkDto = z.infer<typeof FsArchiveLinkDto>;
