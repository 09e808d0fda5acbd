import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FsArchiveLinkDto, FsArchiveQueuedDto, TaskDto, type FsArchiveBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { ApiError } from '../../../lib/api/api-error';
import { BACKEND_BASE } from '../../../lib/api/backend';
import { startDownload } from '../../../lib/download';
import { i18n } from '../../../lib/site/i18n';

/** The caller's task list (features/fs-tasks' key, repeated: features do not import each other). */
const TASKS_KEY = ['fs', 'tasks'] as const;
/** How often the build is asked about: soon at first (a small basket is done at once), then calmer. */
const FIRST_POLL_MS = 300;
const POLL_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `POST /api/fs/archive` with `mode: 'task'`: the server builds the ZIP as an `archive` task (202). */
export function queueArchive(body: FsArchiveBody): Promise<FsArchiveQueuedDto> {
  return apiRequest('/fs/archive', { method: 'POST', body: { ...body, mode: 'task' }, schema: FsArchiveQueuedDto });
}

/** Polls the task until it completed; a failed or cancelled build is an error saying why. */
export async function waitForArchive(id: string): Promise<TaskDto> {
  for (let round = 0; ; round += 1) {
    const task = await apiRequest(`/fs/tasks/${encodeURIComponent(id)}`, { schema: TaskDto });
    if (task.status === 'completed') return task;
    if (task.status !== 'pending' && task.status !== 'running') {
      const reason =
        task.errorMessage ?? i18n.t(`fsBasket.errors.${task.status === 'cancelled' ? 'cancelled' : 'build'}`);
      throw new ApiError({ status: 0, code: 'TASK_FAILED', message: reason, serverMessage: reason });
    }
    await sleep(round < 5 ? FIRST_POLL_MS : POLL_MS);
  }
}

/** `POST /api/fs/tasks/{id}/download-link`: a short-lived signed URL of the built ZIP, absolute on the backend. */
export async function archiveLink(id: string): Promise<string> {
  const link = await apiRequest(`/fs/tasks/${encodeURIComponent(id)}/download-link`, {
    method: 'POST',
    schema: FsArchiveLinkDto,
  });
  return backendHref(link.url);
}

/** A server-relative path (`/api/…`) as an absolute URL on the backend, its base path kept. */
export function backendHref(path: string, base = BACKEND_BASE): string {
  return new URL(`${base}${path}`, window.location.href).href;
}

/**
 * The basket's ZIP: built by the server as a task (shown in the task manager), then opened by the browser
 * through a signed link — it streams to disk, never held in memory here (a link cannot carry the
 * Authorization header; the signature stands in for it).
 */
export async function downloadArchive(body: FsArchiveBody): Promise<void> {
  const queued = await queueArchive(body);
  await waitForArchive(queued.jobId);
  startDownload(await archiveLink(queued.jobId), body.name);
}

export function useDownloadArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadArchive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
  });
}
