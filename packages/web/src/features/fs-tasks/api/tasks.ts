import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TaskListDto } from '@driftbox/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { isActiveTask } from '../lib/task-display';

/*
 * The caller's server-side tasks (`/api/fs/tasks`, the original's `/api/fs/jobs`): copies, folder deletes,
 * index builds. They are rows in the database, so the panel shows them again after a reload.
 */
export const tasksQueryKey = ['fs', 'tasks'] as const;
/** Newest first; the panel shows this many. */
export const TASK_PANEL_LIMIT = 50;
/** While a task is pending or running the list is polled this often; otherwise rarely. */
export const ACTIVE_POLL_MS = 1500;
export const IDLE_POLL_MS = 15_000;

export function getTasks(): Promise<TaskListDto> {
  return apiRequest('/fs/tasks', { query: { limit: TASK_PANEL_LIMIT }, schema: TaskListDto });
}

export const tasksQuery = queryOptions({
  queryKey: tasksQueryKey,
  queryFn: getTasks,
  refetchInterval: (query) => ((query.state.data?.jobs ?? []).some(isActiveTask) ? ACTIVE_POLL_MS : IDLE_POLL_MS),
});

export function useTasks(enabled = true) {
  return useQuery({ ...tasksQuery, enabled });
}

function useTaskMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
  });
}

/** `POST /api/fs/tasks/{id}/cancel`: a pending task ends at once, a running one soon after. */
export function useCancelTask() {
  return useTaskMutation((id: string) =>
    apiRequest(`/fs/tasks/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: z.unknown() }),
  );
}

/** `POST /api/fs/tasks/{id}/retry`: a failed or partial task again, with only its failed items. */
export function useRetryTask() {
  return useTaskMutation((id: string) =>
    apiRequest(`/fs/tasks/${encodeURIComponent(id)}/retry`, { method: 'POST', schema: z.unknown() }),
  );
}

/** `DELETE /api/fs/tasks/{id}`: one finished task off the list. */
export function useRemoveTask() {
  return useTaskMutation((id: string) =>
    apiRequest(`/fs/tasks/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
  );
}

/** `DELETE /api/fs/tasks`: every finished task off the list → `{ deleted }`. */
export function useClearFinishedTasks() {
  return useTaskMutation(() =>
    apiRequest('/fs/tasks', { method: 'DELETE', schema: z.object({ deleted: z.number() }).passthrough() }),
  );
}
