import type { Logger } from '../../lib/logger.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { TasksService } from '../tasks/tasks.module.js';
import { copyHandler } from './fs-copy.handler.js';
import { createFsCopyService } from './fs-copy.service.js';
import { COPY_TASK, type CopyPayload } from './fs-copy.types.js';

/**
 * The module's one entrance: copies in the mount tree — the `copy` task's handler and the routes that
 * queue it (`/api/fs/batch-copy`) or check a client-side copy (`/api/fs/batch-copy-commit`).
 */
export { fsCopyRoutes } from './fs-copy.routes.js';
export type { FsCopyService } from './fs-copy.service.js';
export { copyHandler, type CopyHandlerDeps } from './fs-copy.handler.js';
export { COPY_TASK, type CopyPayload, type CopyState } from './fs-copy.types.js';

export interface FsCopyDeps {
  vfs: Vfs;
  tasks: TasksService;
  /** The store of a storage config (the storage-configs service's `storeFor`). */
  storeFor(configId: string): Promise<ObjectStore>;
  mountWrites: MountWrites;
  logger: Logger;
}

/** The copy service, with the `copy` handler registered on this instance's task engine. */
export function createFsCopyServices(deps: FsCopyDeps) {
  deps.tasks.registerHandler<CopyPayload>(COPY_TASK, copyHandler(deps));
  return { fsCopy: createFsCopyService(deps) };
}
