import { joinPath, type CopyItem } from '@driftbox/contract';
import type { AdminActor } from '../../lib/auth/actor.js';
import { isStorageError } from '../../storage/errors.js';
import { compareKeys } from '../../storage/keys.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Logger } from '../../lib/logger.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { MountLocation } from '../../vfs/mount-table.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { TaskContext, TaskHandler } from '../tasks/tasks.module.js';
import { copyObject, isCopied, kindOf, reasonOf, type Endpoint } from './fs-copy.transfer.js';
import { stateOf, type CopyPayload } from './fs-copy.types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';

export interface CopyHandlerDeps {
  vfs: Vfs;
  /** The store of a storage config. */
  storeFor(configId: string): Promise<ObjectStore>;
  mountWrites: MountWrites;
  /** Keys listed per page of a folder (default 500). */
  pageSize?: number;
  /** Where failures that are neither the storage's nor ours are logged (a bug, not a bad item). */
  logger?: Logger;
}

/**
 * The task resolves the paths the route authorised when it queued them (the caller's bits and base
 * path were checked then); it looks them up again, so a mount removed since fails its items.
 */
const TASK_RESOLVER: AdminActor = { type: 'admin', id: 'tasks', username: 'tasks' };

/**
 * The `copy` task: each item in turn, a file copied directly, a folder expanded page by page (never the
 * whole tree in memory). The state is checkpointed after every file, so a run that lost its worker
 * resumes after the last finished file; failures are recorded per file and the rest goes on.
 */
export function copyHandler(deps: CopyHandlerDeps): TaskHandler<CopyPayload> {
  const pageSize = deps.pageSize ?? 500;

  async function endpointOf(path: string, field: 'source' | 'target'): Promise<Endpoint & { at: MountLocation }> {
    const at = await deps.vfs.resolve(TASK_RESOLVER, path, 'copy');
    if (at.kind !== 'mount' || (field === 'target' && at.key === ''))
      throw new AppError('BAD_REQUEST', {
        text: msg(field === 'source' ? 'fsCopy.sourceNotInMount' : 'fsCopy.targetNotInMount'),
      });
    const configId = at.mount.storageConfigId;
    return { at, configId, store: await deps.storeFor(configId), key: at.key };
  }

  return async (ctx: TaskContext<CopyPayload>) => {
    const { items, skipExisting } = ctx.task.payload;
    const state = stateOf(ctx.task.checkpoint, items.length);
    const report = (currentFile: string | null) =>
      ctx.progress({
        total: state.total,
        current: state.done,
        currentFile,
        successCount: state.copied + state.skipped,
      });
    const count = (outcome: 'copied' | 'skipped') => {
      state.done += 1;
      state[outcome] += 1;
    };
    /** Saves the state with the progress it means, the file just finished named. */
    const save = (file: string | null) => {
      report(file);
      return ctx.checkpoint(state);
    };
    /** Records a failed item; an error that is neither a storage nor an app error is logged too. */
    const fail = (item: CopyItem, err: unknown) => {
      if (!(err instanceof AppError) && !isStorageError(err))
        deps.logger?.error('Copy of an item failed unexpectedly', { task: ctx.task.id, error: String(err) });
      return ctx.failItem(item, reasonOf(err));
    };
    report(null);

    /** Copies a folder's files from where the state says, page by page. */
    async function copyFolder(item: CopyItem, from: Endpoint, to: Endpoint & { at: MountLocation }) {
      const prefix = from.key === '' ? '' : from.key + '/';
      let written = false;
      try {
        for (;;) {
          ctx.signal.throwIfAborted();
          const page = await from.store.list({
            prefix,
            limit: pageSize,
            ...(state.cursor ? { cursor: state.cursor } : {}),
          });
          const files = page.objects.filter(isCopied);
          if (!state.pageCounted) {
            state.total += files.length;
            state.pageCounted = true;
            await save(null);
          }
          for (const object of files) {
            if (state.after !== null && compareKeys(object.key, state.after) <= 0) continue;
            const rel = object.key.slice(prefix.length);
            const targetKey = to.key === '' ? rel : `${to.key}/${rel}`;
            report(joinPath(item.sourcePath, rel));
            try {
              const outcome = await copyObject(
                { ...from, key: object.key },
                { ...to, key: targetKey },
                {
                  skipExisting,
                  signal: ctx.signal,
                },
              );
              count(outcome);
              written ||= outcome === 'copied';
            } catch (err) {
              if (ctx.signal.aborted) throw err;
              state.done += 1;
              await fail(
                { sourcePath: joinPath(item.sourcePath, rel), targetPath: joinPath(item.targetPath, rel) },
                err,
              );
            }
            state.after = object.key;
            await save(joinPath(item.sourcePath, rel));
          }
          if (!page.nextCursor) return;
          Object.assign(state, { cursor: page.nextCursor, after: null, pageCounted: false });
        }
      } finally {
        if (written) await deps.mountWrites.changed(to.at.mount.id, [item.targetPath]);
      }
    }

    while (state.index < items.length) {
      ctx.signal.throwIfAborted();
      const item = items[state.index]!;
      try {
        const from = await endpointOf(item.sourcePath, 'source');
        const to = await endpointOf(item.targetPath, 'target');
        const kind = state.inFolder ? 'folder' : await kindOf(from.store, from.key);
        if (kind === null) throw notFound('path');
        if (kind === 'file') {
          report(item.sourcePath);
          const outcome = await copyObject(from, to, { skipExisting, signal: ctx.signal });
          count(outcome);
          if (outcome === 'copied') await deps.mountWrites.changed(to.at.mount.id, [item.targetPath]);
        } else {
          if (!state.inFolder) {
            // The folder counts as the files listed of it.
            Object.assign(state, { inFolder: true, cursor: null, after: null, pageCounted: false });
            state.total -= 1;
          }
          await copyFolder(item, from, to);
        }
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        if (!state.inFolder) state.done += 1;
        await fail(item, err);
      }
      Object.assign(state, { index: state.index + 1, inFolder: false, cursor: null, after: null, pageCounted: false });
      await save(null);
    }
  };
}
