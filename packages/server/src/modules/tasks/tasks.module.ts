/**
 * The tasks module's entrance: the persisted task engine (queue, worker, handler registry) and its
 * routes. Modules that do long work (copy, folder delete, ZIP build) register a handler here and
 * enqueue tasks; everything else goes through the service.
 */
export { createTasksService, type TasksService, type TasksServiceDeps } from './tasks.service.js';
export { tasksRoutes } from './tasks.routes.js';
/** For routes that answer with the task they queued (batch-copy answers with its task). */
export { presentTask } from './tasks.presenter.js';
export type { TaskRow } from './tasks.repository.js';
export type {
  HandlerOptions,
  ProgressUpdate,
  TaskContext,
  TaskEngineOptions,
  TaskHandler,
  TaskView,
} from './tasks.types.js';
export { DEFAULT_TASK_OPTIONS } from './tasks.types.js';
