import { MOUNT_PERMISSIONS, hasAnyPermission, type TaskDto } from '@driftbox/contract';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { SideSheet } from '../../../components/ui/side-sheet';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useAuth } from '../../../lib/auth/auth-store';
import { useCancelTask, useClearFinishedTasks, useRemoveTask, useRetryTask, useTasks } from '../api/tasks';
import { isActiveTask, isOwnTask } from '../lib/task-display';
import { TaskItem } from './task-item';

/** Whoever can start a task (an admin, a key with a mount bit) sees the task manager. */
function useCanHaveTasks(): boolean {
  const auth = useAuth();
  return auth.kind === 'admin' || (auth.kind === 'apikey' && hasAnyPermission(auth.permissions, MOUNT_PERMISSIONS));
}

/**
 * The explorer's task manager (spec §2): a header button with the number of running tasks, opening a panel
 * of the caller's tasks. The list is the server's, polled under `['fs', 'tasks']`, so it survives a reload.
 */
export function TaskManagerButton() {
  const { t } = useTranslation();
  const allowed = useCanHaveTasks();
  const [open, setOpen] = useState(false);
  const tasks = useTasks(allowed);
  if (!allowed) return null;
  const own = (tasks.data?.jobs ?? []).filter(isOwnTask);
  const running = own.filter(isActiveTask).length;
  const label = running > 0 ? t('fsTasks.buttonRunning', { count: running }) : t('fsTasks.button');
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon={<ListChecks className={running > 0 ? 'text-accent' : undefined} />}
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
      >
        <span className="hidden sm:inline">{t('fsTasks.title')}</span>
        {running > 0 ? (
          <span
            className="min-w-5 rounded-full bg-accent px-1.5 text-xs leading-5 text-accent-fg tabular-nums"
            aria-hidden="true"
          >
            {running}
          </span>
        ) : null}
      </Button>
      <TaskPanel open={open} onOpenChange={setOpen} tasks={own} query={tasks} running={running} />
    </>
  );
}

function TaskPanel({
  open,
  onOpenChange,
  tasks,
  query,
  running,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tasks: TaskDto[];
  query: ReturnType<typeof useTasks>;
  running: number;
}) {
  const { t } = useTranslation();
  const cancel = useCancelTask();
  const retry = useRetryTask();
  const remove = useRemoveTask();
  const clear = useClearFinishedTasks();
  const finished = tasks.length - running;
  const busyId = [cancel, retry, remove].find((m) => m.isPending)?.variables;
  const onError = (title: string) => (error: unknown) => toast.error(title, { description: errorMessage(error) });

  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('fsTasks.title')}
      description={t('fsTasks.summary', { running, finished })}
      footer={
        <Button
          variant="outline"
          size="sm"
          disabled={finished === 0}
          loading={clear.isPending}
          onClick={() =>
            clear.mutate(undefined, {
              onSuccess: () => toast.success(t('fsTasks.toast.cleared')),
              onError: onError(t('fsTasks.errors.clear')),
            })
          }
        >
          {t('fsTasks.actions.clearFinished')}
        </Button>
      }
    >
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ErrorState
          title={t('fsTasks.errors.load')}
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : tasks.length === 0 ? (
        <EmptyState icon={ListChecks} title={t('fsTasks.empty.title')} description={t('fsTasks.empty.description')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('fsTasks.title')}>
          {tasks.map((task) => (
            <TaskItem
              key={task.jobId}
              task={task}
              now={query.dataUpdatedAt || Date.now()}
              busy={busyId === task.jobId}
              onCancel={(x) => cancel.mutate(x.jobId, { onError: onError(t('fsTasks.errors.cancel')) })}
              onRetry={(x) => retry.mutate(x.jobId, { onError: onError(t('fsTasks.errors.retry')) })}
              onRemove={(x) => remove.mutate(x.jobId, { onError: onError(t('fsTasks.errors.remove')) })}
            />
          ))}
        </ul>
      )}
    </SideSheet>
  );
}
