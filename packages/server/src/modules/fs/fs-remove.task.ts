import { joinPath } from '@driftbox/contract';
import type { AdminActor } from '../../lib/auth/actor.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import type { Logger } from '../../lib/logger.js';
import { ERROR_MESSAGES } from '../../lib/i18n/messages.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { TaskContext, TaskHandler } from '../tasks/tasks.module.js';
import { folderPrefix, type FsStores, type FsTarget } from './fs-store.js';
import { isStaging } from './fs-tree.js';

/** The task type folder deletes run as (the original's job type name). */
export const REMOVE_TASK = 'delete';

/** The folders to delete, normalised and authorised when `batch-remove` queued them. Retry keeps the failed ones. */
export interface RemovePayload {
  items: { path: string }[];
}

/**
 * Where a delete stands, saved after every page: folders before `index` are done; the current one is
 * deleted up to the listing cursor `cursor` (null: from its start). A resumed run starts there (keys
 * deleted since the checkpoint are simply no longer listed).
 */
interface RemoveState {
  index: number;
  cursor: string | null;
  /** Objects listed so far (the progress total grows as the folders are walked) and deleted. */
  listed: number;
  deleted: number;
}

function stateOf(checkpoint: unknown): RemoveState {
  const fresh: RemoveState = { index: 0, cursor: null, listed: 0, deleted: 0 };
  if (typeof checkpoint !== 'object' || checkpoint === null) return fresh;
  const saved = checkpoint as Partial<RemoveState>;
  return typeof saved.index === 'number' ? { ...fresh, ...saved } : fresh;
}

/** The task resolves the paths again (a mount removed since fails its items); the route checked the caller. */
const TASK_RESOLVER: AdminActor = { type: 'admin', id: 'tasks', username: 'tasks' };

function reasonOf(err: unknown): Text {
  const app = storageToAppError(err);
  if (app instanceof AppError) return app.text ?? ERROR_MESSAGES[app.code];
  return ERROR_MESSAGES.INTERNAL;
}

export interface RemoveHandlerDeps {
  vfs: Vfs;
  stores: FsStores;
  writes: MountWrites;
  /** Keys listed and deleted per page (default 1000, the largest listing page). */
  pageSize?: number;
  logger?: Logger;
}

/**
 * The `delete` task: each folder in turn, one listing page and one batch delete at a time (never the
 * tree in memory), `MountWrites.changed` after each page, a checkpoint after each page, and a stop
 * between pages when the task is cancelled (what is deleted stays deleted; the rest stays). Staging
 * keys of pending presigned uploads are left where their upload will look.
 */
export function removeHandler(deps: RemoveHandlerDeps): TaskHandler<RemovePayload> {
  const { vfs, stores, writes } = deps;
  const pageSize = deps.pageSize ?? 1000;

  return async (ctx: TaskContext<RemovePayload>) => {
    const { items } = ctx.task.payload;
    const state = stateOf(ctx.task.checkpoint);
    const save = (currentFile: string | null) => {
      ctx.progress({ total: state.listed, current: state.deleted, currentFile, successCount: state.deleted });
      return ctx.checkpoint(state);
    };

    async function removeFolder(target: FsTarget): Promise<void> {
      const prefix = folderPrefix(target.key);
      for (;;) {
        ctx.signal.throwIfAborted();
        const page = await target.store.list({
          prefix,
          limit: pageSize,
          ...(state.cursor ? { cursor: state.cursor } : {}),
        });
        const keys = page.objects.map((o) => o.key).filter((k) => !isStaging(k));
        if (keys.length > 0) {
          state.listed += keys.length;
          await target.store.delete(keys);
          state.deleted += keys.length;
          await writes.changed(target.location.mount.id, [target.location.path]);
        }
        state.cursor = page.nextCursor ?? null;
        const last = keys.at(-1);
        await save(last === undefined ? null : joinPath(target.location.path, last.slice(prefix.length)));
        if (!page.nextCursor) return;
      }
    }

    await save(null);
    while (state.index < items.length) {
      ctx.signal.throwIfAborted();
      const item = items[state.index]!;
      try {
        const target = await stores.open(stores.mountOf(await vfs.resolve(TASK_RESOLVER, item.path, 'delete')));
        if (target.key === '') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.mountRoot') });
        await removeFolder(target);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        if (!(err instanceof AppError))
          deps.logger?.warn('A folder delete failed', { task: ctx.task.id, error: String(err) });
        await ctx.failItem(item, reasonOf(err));
      }
      Object.assign(state, { index: state.index + 1, cursor: null });
      await save(null);
    }
  };
}
