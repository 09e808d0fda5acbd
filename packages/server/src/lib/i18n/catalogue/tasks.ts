import type { Area } from './area.js';

/** Server-side tasks (`/api/fs/jobs`, `/api/fs/tasks`) and the worker that runs them. */
export const TASK_MESSAGES = {
  'tasks.cancelled': { en: 'Task cancelled', zh: '任务已取消' },
  'tasks.cancelRequested': { en: 'Cancelling the task', zh: '正在取消任务' },
  'tasks.retried': { en: 'Task queued again', zh: '任务已重新排队' },
  'tasks.deleted': { en: 'Task deleted', zh: '任务已删除' },
  'tasks.cleared': { en: 'Finished tasks cleared', zh: '已清除完成的任务' },
  'tasks.notCancellable': { en: 'The task has already finished', zh: '任务已经结束' },
  'tasks.notRetryable': {
    en: 'Only a failed or partly completed task can be retried',
    zh: '只有失败或部分完成的任务可以重试',
  },
  'tasks.notFinished': { en: 'A task still queued or running cannot be deleted', zh: '排队中或运行中的任务不能删除' },
  'tasks.workerLost': {
    en: 'The server running the task stopped {attempts} times; the task was given up',
    zh: '运行任务的服务器已 {attempts} 次中断，任务已放弃',
  },
  'tasks.failed': { en: 'The task failed', zh: '任务失败' },
  'tasks.archiveQueued': { en: 'The ZIP is being built as a task', zh: 'ZIP 正在作为任务生成' },
  'tasks.archiveNotReady': { en: 'The ZIP is not ready: its task has not completed', zh: 'ZIP 尚未就绪：任务还未完成' },
  'tasks.archiveLinkExpired': {
    en: 'This download link has expired; start the download again',
    zh: '此下载链接已过期，请重新下载',
  },
  'tasks.archiveExpired': { en: 'The ZIP is no longer kept; build it again', zh: 'ZIP 已不再保留，请重新生成' },
} as const satisfies Area<'tasks'>;
