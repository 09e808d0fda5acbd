import {
  FS_UPDATE_MAX_BYTES,
  joinPath,
  parentPath,
  type FsMkdirDto,
  type FsRenameDto,
  type FsUpdateDto,
  type FsUploadDto,
} from '@driftbox/contract';
import { Readable } from 'node:stream';
import type { Actor } from '../../lib/auth/actor.js';
import { assertAuthenticated } from '../../lib/auth/authz.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { ERROR_MESSAGES } from '../../lib/i18n/messages.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { BodySource } from '../../storage/object-store.js';
import { isWithin } from '../../vfs/authorize.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { VfsOp } from '../../vfs/vfs-types.js';
import { mimetypeFor, parseUploadForm } from '../files/files.module.js';
import { FOLDER_MARKER, type FsStores, type FsTarget } from './fs-store.js';
import { folderExists, forEachPageBelow, headOrNull } from './fs-tree.js';
import type { TaskRow, TasksService } from '../tasks/tasks.module.js';
import { REMOVE_TASK, type RemovePayload } from './fs-remove.task.js';

export interface FsWriteDeps {
  vfs: Vfs;
  stores: FsStores;
  writes: MountWrites;
  /** Where folder deletes are queued (the `delete` task). */
  tasks: Pick<TasksService, 'enqueue'>;
}

const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

/** The last segment a client named a file by, made a plain name (the vfs then checks it like any path). */
function uploadName(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
}

/**
 * The mount explorer's simple writes: mkdir, upload, batch-remove, rename, update. Each resolves every
 * path through the vfs (one normalisation, the base path, the op's bit), refuses virtual folders and
 * mount roots where the operation means nothing there, and reports what it changed to `MountWrites`
 * after the storage call succeeded (listing caches of every instance, the search index).
 */
export function createFsWriteService(deps: FsWriteDeps) {
  const { vfs, stores, writes, tasks } = deps;

  async function targetAt(actor: Actor, path: string, op: VfsOp, field = 'path'): Promise<FsTarget> {
    return stores.open(stores.mountOf(await vfs.resolve(actor, path, op, { field })));
  }

  /** 400 for a mount's root (renaming or deleting it means nothing: it is the mount table's). */
  function notRoot(target: FsTarget): void {
    if (target.key === '') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.mountRoot') });
  }

  async function exists(target: FsTarget): Promise<boolean> {
    return (await headOrNull(target.store, target.key)) !== null || (await folderExists(target.store, target.key));
  }

  const changed = (target: FsTarget, ...paths: string[]) => writes.changed(target.location.mount.id, paths);

  return {
    /** A folder, kept by an empty marker object (keys cannot end with `/`); 409 if the name is taken. */
    async mkdir(actor: Actor, path: string): Promise<FsMkdirDto> {
      const target = await targetAt(actor, path, 'mkdir');
      if (target.key === '' || (await exists(target))) throw new AppError('CONFLICT', { text: msg('fsfiles.exists') });
      await target.store.put(`${target.key}/${FOLDER_MARKER}`, Readable.from([]), { contentLength: 0 }).catch(rethrow);
      await changed(target, target.location.path);
      return { path: target.location.path };
    },

    /**
     * `POST /api/fs/upload` (form fields `path` — the folder — and `file`, as the original): the file
     * streams from the form into storage as it arrives, like the share upload. `path` must come first.
     */
    async upload(actor: Actor, body: BodySource, contentType: string) {
      return parseUploadForm(body, contentType, async (fields, file): Promise<FsUploadDto> => {
        if (fields.path === undefined) {
          file.stream.resume();
          throw new AppError('BAD_REQUEST', { text: msg('fsfiles.pathFirst') });
        }
        const folder = stores.mountOf(await vfs.resolve(actor, fields.path, 'upload'));
        const name = uploadName(file.filename);
        if (!name) throw new AppError('BAD_REQUEST', { text: msg('files.form.noFile') });
        const target = await targetAt(actor, joinPath(folder.path, name), 'upload', 'file');
        // A folder of that name stays a folder (S3 would keep both, and the listing would show two entries).
        if (target.key === '' || (await folderExists(target.store, target.key)))
          throw new AppError('CONFLICT', { text: msg('fsfiles.exists') });
        const type = mimetypeFor(target.key, file.mimetype);
        const info = await target.store.put(target.key, file.stream, { contentType: type }).catch(rethrow);
        await changed(target, target.location.path);
        return {
          success: true,
          fileName: target.location.path.slice(target.location.path.lastIndexOf('/') + 1),
          path: target.location.path,
          size: info.size,
          contentType: type,
          s3Path: target.key,
          s3Url: null,
          etag: info.etag,
        };
      });
    },

    /**
     * Deletes files and folders (`{ success, failed }` as the original): a file at once, a folder queued as
     * one `delete` task for all the request's folders (`task`; counted in `success` as accepted).
     */
    async remove(actor: Actor, paths: readonly string[]) {
      assertAuthenticated(actor);
      // Every path is authorised before anything is deleted: one refused path refuses the whole request.
      const targets: FsTarget[] = [];
      for (const path of paths) targets.push(await targetAt(actor, path, 'delete', 'paths'));
      let success = 0;
      const failed: { path: string; error: Text }[] = [];
      const folders: RemovePayload['items'] = [];
      for (const [index, target] of targets.entries()) {
        try {
          notRoot(target);
          const file = await headOrNull(target.store, target.key);
          const folder = await folderExists(target.store, target.key);
          if (!file && !folder) throw notFound('path');
          if (file) {
            await target.store.delete([target.key]).catch(rethrow);
            await changed(target, target.location.path);
          }
          if (folder) folders.push({ path: target.location.path });
          success += 1;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failed.push({ path: paths[index]!, error: err.text ?? ERROR_MESSAGES[err.code] });
        }
      }
      const payload: RemovePayload = { items: folders };
      const task: TaskRow | null = folders.length > 0 ? await tasks.enqueue(REMOVE_TASK, payload, actor) : null;
      return { success, failed, task };
    },

    /** Renames (moves) a file or a folder inside one mount; a folder page by page (ObjectStore.move). */
    async rename(actor: Actor, oldPath: string, newPath: string): Promise<FsRenameDto> {
      const from = await targetAt(actor, oldPath, 'rename', 'oldPath');
      const to = await targetAt(actor, newPath, 'rename', 'newPath');
      notRoot(from);
      notRoot(to);
      if (from.location.mount.id !== to.location.mount.id)
        throw new AppError('BAD_REQUEST', { text: msg('fsfiles.crossMount') });
      if (isWithin(to.location.path, from.location.path))
        throw new AppError('BAD_REQUEST', { text: msg('fsfiles.intoItself') });
      if (await exists(to)) throw new AppError('CONFLICT', { text: msg('fsfiles.exists') });
      const file = await headOrNull(from.store, from.key);
      if (file) {
        await from.store.move(from.key, to.key, { ifMatch: file.etag }).catch(rethrow);
      } else {
        const moved = await forEachPageBelow(from.store, from.key, async (objects) => {
          for (const o of objects) await from.store.move(o.key, to.key + o.key.slice(from.key.length)).catch(rethrow);
        });
        if (moved === 0) throw notFound('path');
      }
      await changed(from, from.location.path, to.location.path);
      return { oldPath: from.location.path, newPath: to.location.path, isDirectory: !file };
    },

    /** Replaces (or creates) a text file with `content` (at most 10 MB, spec §9). */
    async update(actor: Actor, path: string, content: string): Promise<FsUpdateDto> {
      const target = await targetAt(actor, path, 'update');
      notRoot(target);
      const bytes = Buffer.from(content, 'utf8');
      if (bytes.length > FS_UPDATE_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', { text: msg('fsfiles.contentTooLarge') });
      if (await folderExists(target.store, target.key)) throw new AppError('CONFLICT', { text: msg('fsfiles.exists') });
      const type = mimetypeFor(target.key, undefined);
      const info = await target.store
        .put(target.key, Readable.from([bytes]), { contentLength: bytes.length, contentType: type })
        .catch(rethrow);
      await changed(target, target.location.path);
      return {
        success: true,
        path: target.location.path,
        folder: parentPath(target.location.path),
        size: info.size,
        etag: info.etag,
        modified: info.lastModified.toISOString(),
      };
    },
  };
}
export type FsWriteService = ReturnType<typeof createFsWriteService>;
