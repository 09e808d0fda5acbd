import type { FsArchiveBody } from '@driftbox/contract';
import { addAbortSignal, type Readable } from 'node:stream';
import type { AdminActor, Actor } from '../../lib/auth/actor.js';
import { addMs, type Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Logger } from '../../lib/logger.js';
import { zipStream, type ZipEntry, type ZipOptions } from '../../lib/zip/zip-writer.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { TaskContext, TaskRow, TasksService } from '../tasks/tasks.module.js';
import type { FsArchiveService } from './fs-archive.service.js';

/** The task type of a ZIP built in the background. */
export const ARCHIVE_TASK = 'archive';
/** How long a built ZIP stays downloadable; older ones are deleted when the next archive task is queued. */
export const ARCHIVE_KEEP_MS = 24 * 3600_000;

/** What the task keeps: the selection as the route checked it and the mounts its owner could see then. */
export interface ArchivePayload {
  paths: string[];
  fileName: string;
  mountIds: string[];
}

/**
 * The selection was authorised for its owner when it was queued (bits, base path, each path existing);
 * the task resolves the same paths again and walks only the mounts the owner saw then.
 */
const TASK_RESOLVER: AdminActor = { type: 'admin', id: 'tasks', username: 'tasks' };

export interface ArchiveTaskDeps {
  service: FsArchiveService;
  tasks: TasksService;
  /** Where built ZIPs are kept, one object `<task id>.zip` each (a LOCAL store of its own under DATA_DIR). */
  store: ObjectStore;
  clock: Clock;
  logger: Logger;
  zip?: ZipOptions;
}

/**
 * The file basket's large selections as a task (`POST /api/fs/archive` with `mode: 'task'`): the ZIP is
 * streamed into the archive store (its `put` is atomic: a cancelled or failed build leaves nothing), and
 * `GET /api/fs/tasks/{id}/download` serves it to the task's owner (or an admin) once completed.
 */
export function createArchiveTasks(deps: ArchiveTaskDeps) {
  const keyOf = (id: string) => `${id}.zip`;

  /** Deletes built ZIPs older than ARCHIVE_KEEP_MS (one listing page per 1 000). */
  async function sweep(): Promise<void> {
    const before = addMs(deps.clock.now(), -ARCHIVE_KEEP_MS).getTime();
    let cursor: string | undefined;
    do {
      const page = await deps.store.list(cursor ? { cursor } : {});
      const old = page.objects.filter((o) => o.lastModified.getTime() < before).map((o) => o.key);
      if (old.length > 0) await deps.store.delete(old);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  async function handler(ctx: TaskContext<ArchivePayload>): Promise<void> {
    const { paths, mountIds } = ctx.task.payload;
    const prepared = await deps.service.prepare(TASK_RESOLVER, { paths }, new Set(mountIds));
    let files = 0;
    async function* counted(): AsyncGenerator<ZipEntry> {
      for await (const entry of prepared.entries()) {
        if (entry.kind === 'file') {
          files += 1;
          ctx.progress({ current: files - 1, total: files, currentFile: entry.name });
        }
        yield entry;
      }
    }
    const zip = zipStream(counted(), deps.zip);
    await deps.store.put(keyOf(ctx.task.id), addAbortSignal(ctx.signal, zip));
    ctx.progress({ current: files, total: files, currentFile: null, successCount: files });
  }

  deps.tasks.registerHandler<ArchivePayload>(ARCHIVE_TASK, handler, { retryPayload: (payload) => payload });

  return {
    /** Checks the selection as the streamed archive does (400/403/404 now), then queues its build. */
    async queue(actor: Actor, body: FsArchiveBody): Promise<TaskRow> {
      if (actor.type === 'anonymous') throw new AppError('UNAUTHORIZED');
      const prepared = await deps.service.prepare(actor, body);
      await sweep().catch((err: unknown) => deps.logger.warn('archive sweep failed', { error: String(err) }));
      const payload: ArchivePayload = {
        paths: prepared.paths,
        fileName: prepared.fileName,
        mountIds: prepared.mountIds,
      };
      return deps.tasks.enqueue(ARCHIVE_TASK, payload, actor);
    },

    /** The built ZIP of a completed archive task the caller owns (an admin: any); 409 before it is built. */
    async download(actor: Actor, id: string): Promise<{ fileName: string; size: number; body: Readable }> {
      if (actor.type === 'anonymous') throw new AppError('UNAUTHORIZED');
      const row = await deps.tasks.get(actor, id);
      if (row.type !== ARCHIVE_TASK) throw notFound('task');
      if (row.status !== 'completed') throw new AppError('CONFLICT', { text: msg('tasks.archiveNotReady') });
      const { fileName } = JSON.parse(row.payload) as ArchivePayload;
      try {
        const got = await deps.store.get(keyOf(id));
        return { fileName, size: got.size, body: got.body };
      } catch (err) {
        if (isStorageError(err, 'NOT_FOUND')) throw new AppError('GONE', { text: msg('tasks.archiveExpired') });
        throw err;
      }
    },
  };
}
export type ArchiveTasks = ReturnType<typeof createArchiveTasks>;
