import type { BatchCopyBody, BatchCopyCommitBody } from '@driftbox/contract';
import type { z } from 'zod';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { invalidField, notFound, notFoundText } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { authorize } from '../../vfs/authorize.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Resolved, Vfs } from '../../vfs/vfs.js';
import type { TaskRow, TasksService } from '../tasks/tasks.module.js';
import { isStagingKey } from '../../vfs/staging.js';
import { COPY_TASK, type CopyPayload } from './fs-copy.types.js';

type Caller = AdminActor | ApiKeyActor;

export interface FsCopyServiceDeps {
  vfs: Vfs;
  tasks: Pick<TasksService, 'enqueue'>;
  storeFor(configId: string): Promise<ObjectStore>;
  mountWrites: MountWrites;
}

/**
 * A path inside a staging folder (presigned uploads not yet committed) is nowhere: hidden from listings
 * and search, it can neither be copied nor be a copy's target.
 */
function assertNotStaging(path: string): void {
  if (isStagingKey(path)) throw notFound('path');
}

/**
 * Whether copying `source` to `target` would write into what it reads: the same path or one below it,
 * or — two mounts on one storage config — the same key or one below it.
 */
function overlaps(source: Resolved & { kind: 'mount' }, target: Resolved & { kind: 'mount' }): boolean {
  if (target.path === source.path || target.path.startsWith(source.path + '/')) return true;
  if (source.mount.storageConfigId !== target.mount.storageConfigId) return false;
  return source.key === '' || target.key === source.key || target.key.startsWith(source.key + '/');
}

export interface CommitResult {
  success: { targetPath: string; size: number }[];
  failed: { targetPath: string; error: Text }[];
}

/** Copies in the mount tree: queuing a copy task, and checking what an old client says it copied itself. */
export function createFsCopyService(deps: FsCopyServiceDeps) {
  return {
    /**
     * Checks every item (the path rules, the `copy` bit on both ends, reading the source, a target inside
     * a mount, no folder into itself) before anything is queued, then queues one `copy` task for all.
     */
    async batchCopy(
      actor: Caller,
      body: z.output<typeof BatchCopyBody>,
    ): Promise<{ task: TaskRow; crossStorage: boolean }> {
      const items: CopyPayload['items'] = [];
      let crossStorage = false;
      for (const [i, item] of body.items.entries()) {
        const sourceField = `items.${i}.sourcePath`;
        const targetField = `items.${i}.targetPath`;
        const source = await deps.vfs.resolve(actor, item.sourcePath, 'copy', { field: sourceField });
        // Copying reads the source: the key needs the view bit there too (notes §4.9).
        authorize(actor, source.path, 'get');
        const target = await deps.vfs.resolve(actor, item.targetPath, 'copy', { field: targetField });
        if (source.kind !== 'mount') throw invalidField(sourceField, msg('fsCopy.sourceNotInMount'));
        if (target.kind !== 'mount' || target.key === '')
          throw invalidField(targetField, msg('fsCopy.targetNotInMount'));
        if (overlaps(source, target)) throw invalidField(targetField, msg('fsCopy.intoItself'));
        assertNotStaging(source.path);
        assertNotStaging(target.path);
        crossStorage ||= source.mount.storageConfigId !== target.mount.storageConfigId;
        items.push({ sourcePath: source.path, targetPath: target.path });
      }
      const payload: CopyPayload = { items, skipExisting: body.skipExisting };
      return { task: await deps.tasks.enqueue(COPY_TASK, payload, actor), crossStorage };
    },

    /**
     * The original's commit of a client-side copy: every path goes through the vfs (refused as a whole
     * when one breaks the path rules or the base path); a file counts only when the object is really at
     * its target in the named mount, with the size the client reported. Nothing the client says is taken
     * on trust; the mount hears of the files that are there.
     */
    async commit(actor: Caller, body: z.output<typeof BatchCopyCommitBody>) {
      const mount = (await deps.vfs.mountsFor(actor)).find((m) => m.id === body.targetMountId);
      if (!mount) throw notFound('mount');
      const resolved = [];
      for (const [i, file] of body.files.entries()) {
        resolved.push(await deps.vfs.resolve(actor, file.targetPath, 'copy', { field: `files.${i}.targetPath` }));
        assertNotStaging(resolved[i]!.path);
      }
      const store = await deps.storeFor(mount.storageConfigId);
      const result: CommitResult = { success: [], failed: [] };
      for (const [i, at] of resolved.entries()) {
        const reported = body.files[i]!.fileSize;
        if (at.kind !== 'mount' || at.mount.id !== mount.id || at.key === '') {
          result.failed.push({ targetPath: at.path, error: msg('fsCopy.notInTargetMount') });
          continue;
        }
        try {
          const info = await store.head(at.key);
          if (reported !== undefined && reported !== info.size)
            result.failed.push({
              targetPath: at.path,
              error: msg('fsCopy.sizeMismatch', { size: info.size, reported }),
            });
          else result.success.push({ targetPath: at.path, size: info.size });
        } catch (err) {
          if (!isStorageError(err, 'NOT_FOUND')) throw err;
          result.failed.push({ targetPath: at.path, error: notFoundText('path') });
        }
      }
      if (result.success.length > 0)
        await deps.mountWrites.changed(
          mount.id,
          result.success.map((s) => s.targetPath),
        );
      return result;
    },
  };
}
export type FsCopyService = ReturnType<typeof createFsCopyService>;
