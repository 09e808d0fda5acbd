import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { MountSource } from '../../vfs/vfs-types.js';
import type { MountsService } from '../mounts/mounts.module.js';
import type { TasksService } from '../tasks/tasks.module.js';
import { createIndexer } from './fs-search.indexer.js';
import { fsSearchRepository } from './fs-search.repository.js';
import { createSearchService, INDEX_TASK, type SearchService } from './fs-search.service.js';

// The module's one entrance: the search service, the index's write listener and the route.
export { fsSearchRoutes } from './fs-search.routes.js';
export type { SearchService } from './fs-search.service.js';
export { INDEX_TASK, INDEX_MIN_AGE_MS } from './fs-search.service.js';

export interface FsSearchDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  vfs: Pick<Vfs, 'resolve' | 'mountsFor'>;
  mounts: MountSource & Pick<MountsService, 'listVisible'>;
  storeFor(configId: string): Promise<{ store: ObjectStore }>;
  tasks: Pick<TasksService, 'registerHandler' | 'enqueue'>;
}

/**
 * Search of the mounts over an index in the database: the search service, the `index-mount` task
 * handler (registered here) that refreshes a mount's index, and `searchIndex`, the `MountWrites`
 * listener that every vfs write's notice must reach (fan it out with the listing cache's).
 */
export function createFsSearch(deps: FsSearchDeps): { search: SearchService; searchIndex: MountWrites } {
  const repo = fsSearchRepository(deps.db);
  const indexer = createIndexer({
    repo,
    clock: deps.clock,
    logger: deps.logger,
    mounts: deps.mounts,
    storeFor: deps.storeFor,
  });
  deps.tasks.registerHandler<{ mountId: string }>(INDEX_TASK, async (ctx) => {
    const { mountId } = ctx.task.payload;
    try {
      await indexer.refresh(mountId, ctx.signal, (count) => ctx.progress({ current: count, currentFile: null }));
    } finally {
      // Success or not, a later search may queue the next refresh (markRefreshed already cleared it).
      await repo.releaseQueue(mountId);
    }
  });
  const search = createSearchService({
    repo,
    clock: deps.clock,
    vfs: deps.vfs,
    enqueue: (type, payload, owner) => deps.tasks.enqueue(type, payload, owner),
    mountNames: async (actor) => new Map((await deps.mounts.listVisible(actor)).map((m) => [m.id, m.name])),
  });
  return { search, searchIndex: indexer.writes };
}
