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
import type { ArchiveLinks } from './fs-archive.link.js';
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

/** A built ZIP, ready to stream. */
export interface BuiltArchive {
  fileName: string;
  size: number;
  body: Readable;
}

export interface ArchiveTaskDeps {
  service: FsArchiveService;
  tasks: TasksService;
  /** Where built ZIPs are kept, one object `<task id>.zip` each (a LOCAL store of its own under DATA_DIR). */
  store: ObjectStore;
  clock: Clock;
  logger: Logger;
  links: ArchiveLinks;
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

  /** The built ZIP of an archive task row (`head` only checks it): 404 another type, 409 not built, 410 gone. */
  async function open(row: TaskRow, head = false): Promise<BuiltArchive | null> {
    if (row.type !== ARCHIVE_TASK) throw notFound('task');
    if (row.status !== 'completed') throw new AppError('CONFLICT', { text: msg('tasks.archiveNotReady') });
    const { fileName } = JSON.parse(row.payload) as ArchivePayload;
    try {
      if (head) {
        await deps.store.head(keyOf(row.id));
        return null;
      }
      const got = await deps.store.get(keyOf(row.id));
      return { fileName, size: got.size, body: got.body };
    } catch (err) {
      if (isStorageError(err, 'NOT_FOUND')) throw new AppError('GONE', { text: msg('tasks.archiveExpired') });
      throw err;
    }
  }
  const built = async (row: TaskRow) => (await open(row))!;

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
    async download(actor: Actor, id: string): Promise<BuiltArchive> {
      if (actor.type === 'anonymous') throw new AppError('UNAUTHORIZED');
      return built(await deps.tasks.get(actor, id));
    },

    /** A short-lived signed link to the built ZIP for the caller (checked as `download` is, before signing). */
    async link(actor: Actor, id: string): Promise<{ url: string; expiresAt: Date }> {
      if (actor.type === 'anonymous') throw new AppError('UNAUTHORIZED');
      await open(await deps.tasks.get(actor, id), true);
      return deps.links.sign(actor, id);
    },

    /**
     * The built ZIP by a signed link: the signature is the authorisation, made for this task and the caller
     * who asked (`by`), who must still be its owner or an admin (403 forged, 410 expired).
     */
    async downloadSigned(id: string, by: string | undefined, sign: string | undefined): Promise<BuiltArchive> {
      const check = deps.links.verify(id, by, sign);
      if (check === 'expired') throw new AppError('GONE', { text: msg('tasks.archiveLinkExpired') });
      if (check === 'bad') throw new AppError('FORBIDDEN', { text: msg('fsfiles.badSignature') });
      const row = await deps.tasks.get(TASK_RESOLVER, id);
      // `by` is signed: an admin's id came from an admin; a key's (`apikey:<id>`) must own the task.
      if (by!.startsWith('apikey:') && row.created_by !== by) throw notFound('task');
      return built(row);
    },
  };
}
export type ArchiveTasks = ReturnType<typeof createArchiveTasks>;
