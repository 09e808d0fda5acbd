import { sql, type ExpressionBuilder, type Kysely, type Selectable, type Updateable } from 'kysely';
import { dialectOf } from '../../db/client.js';
import type { Database, FsTasksTable, TaskStatus } from '../../db/schema.js';

/** A task row with its bigint counters as numbers (PostgreSQL returns int8 as strings). */
export type TaskRow = Omit<Selectable<FsTasksTable>, 'progress_current' | 'progress_total'> & {
  progress_current: number;
  progress_total: number;
};

export type TaskChanges = Updateable<FsTasksTable>;

export interface TaskFilter {
  /** Only this creator's tasks (a key's own); undefined = every task (the admin). */
  createdBy?: string | undefined;
  type?: string | undefined;
  status?: TaskStatus | undefined;
  limit: number;
  offset: number;
}

export const FINISHED: TaskStatus[] = ['completed', 'failed', 'cancelled', 'partial'];

function normalize(row: Selectable<FsTasksTable>): TaskRow {
  return { ...row, progress_current: Number(row.progress_current), progress_total: Number(row.progress_total) };
}

type Eb = ExpressionBuilder<Database, 'fs_tasks'>;

/** Claimable: pending, or running with an expired lease (its worker died) and neither cancelled nor used up. */
function claimable(eb: Eb, now: string, maxAttempts: number) {
  return eb.or([
    eb('status', '=', 'pending'),
    eb.and([
      eb('status', '=', 'running'),
      eb('lease_expires_at', '<', now),
      eb('cancel_requested', '=', 0),
      eb('attempts', '<', maxAttempts),
    ]),
  ]);
}

/** Rows of `fs_tasks`; every write of a running task is conditional on the worker that holds it. */
export function tasksRepository(db: Kysely<Database>) {
  const postgres = dialectOf(db) === 'postgres';
  const scoped = (createdBy: string | undefined) =>
    createdBy === undefined ? db.selectFrom('fs_tasks') : db.selectFrom('fs_tasks').where('created_by', '=', createdBy);

  return {
    async insert(row: TaskRow): Promise<void> {
      await db.insertInto('fs_tasks').values(row).execute();
    },

    async find(id: string, createdBy?: string): Promise<TaskRow | undefined> {
      const row = await scoped(createdBy).selectAll().where('id', '=', id).executeTakeFirst();
      return row && normalize(row);
    },

    async countByStatus(): Promise<{ status: TaskStatus; count: number }[]> {
      const rows = await db
        .selectFrom('fs_tasks')
        .select((eb) => ['status', eb.fn.countAll<string | number>().as('count')])
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
    },

    async list(filter: TaskFilter): Promise<{ rows: TaskRow[]; total: number }> {
      let query = scoped(filter.createdBy);
      if (filter.type !== undefined) query = query.where('type', '=', filter.type);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(normalize), total: Number(count.n) };
    },

    /**
     * Claims the oldest claimable task of `types` for `workerId`: on PostgreSQL the row is locked with
     * FOR UPDATE SKIP LOCKED, so concurrent workers each get a different one; on SQLite (one process, one
     * connection) the UPDATE repeats the claimable condition, so a row taken meanwhile is not taken twice.
     */
    async claim(workerId: string, types: string[], now: string, leaseUntil: string, maxAttempts: number) {
      const take = (trx: Kysely<Database>, id: string) =>
        trx
          .updateTable('fs_tasks')
          .set((eb) => ({
            status: 'running',
            worker_id: workerId,
            lease_expires_at: leaseUntil,
            attempts: eb('attempts', '+', 1),
            started_at: sql<string>`coalesce(started_at, ${now})`,
            updated_at: now,
          }))
          .where('id', '=', id)
          .where((eb) => claimable(eb, now, maxAttempts))
          .returningAll()
          .executeTakeFirst();
      const candidate = (trx: Kysely<Database>) =>
        trx
          .selectFrom('fs_tasks')
          .select('id')
          .where('type', 'in', types)
          .where((eb) => claimable(eb, now, maxAttempts))
          .orderBy('created_at')
          .orderBy('id')
          .limit(1);
      if (postgres) {
        const row = await db.transaction().execute(async (trx) => {
          const found = await candidate(trx).forUpdate().skipLocked().executeTakeFirst();
          return found && take(trx, found.id);
        });
        return row && normalize(row);
      }
      for (let tries = 0; tries < 3; tries += 1) {
        const found = await candidate(db).executeTakeFirst();
        if (!found) return undefined;
        const row = await take(db, found.id);
        if (row) return normalize(row);
      }
      return undefined;
    },

    /**
     * Ends running tasks whose worker died and that may not run again: cancelled if a cancel was asked,
     * failed once `maxAttempts` claims are used up. Returns how many were ended.
     */
    async endAbandoned(now: string, maxAttempts: number, workerLost: string): Promise<number> {
      const ended = { worker_id: null, lease_expires_at: null, current_file: null, updated_at: now, completed_at: now };
      const cancelled = await db
        .updateTable('fs_tasks')
        .set({ ...ended, status: 'cancelled' })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', now)
        .where('cancel_requested', '=', 1)
        .executeTakeFirst();
      const failed = await db
        .updateTable('fs_tasks')
        .set({ ...ended, status: 'failed', error: workerLost })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<', now)
        .where('attempts', '>=', maxAttempts)
        .executeTakeFirst();
      return Number(cancelled.numUpdatedRows) + Number(failed.numUpdatedRows);
    },

    /** Writes a running task's changes if `workerId` still holds it; undefined when it lost the task. */
    async update(
      id: string,
      workerId: string,
      changes: TaskChanges,
    ): Promise<{ cancelRequested: boolean } | undefined> {
      const row = await db
        .updateTable('fs_tasks')
        .set(changes)
        .where('id', '=', id)
        .where('worker_id', '=', workerId)
        .where('status', '=', 'running')
        .returning('cancel_requested')
        .executeTakeFirst();
      return row && { cancelRequested: row.cancel_requested === 1 };
    },

    /** Gives a task back to the queue (graceful stop), not counting the interrupted claim as an attempt. */
    async release(id: string, workerId: string, now: string): Promise<void> {
      await db
        .updateTable('fs_tasks')
        .set((eb) => ({
          status: 'pending',
          worker_id: null,
          lease_expires_at: null,
          attempts: eb('attempts', '-', 1),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('worker_id', '=', workerId)
        .where('status', '=', 'running')
        .execute();
    },

    /** A pending task ends cancelled at once; a running one gets `cancel_requested`. */
    async requestCancel(id: string, createdBy: string | undefined, now: string): Promise<TaskRow | undefined> {
      let pending = db
        .updateTable('fs_tasks')
        .set({ status: 'cancelled', cancel_requested: 1, updated_at: now, completed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending');
      let running = db
        .updateTable('fs_tasks')
        .set({ cancel_requested: 1, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'running');
      if (createdBy !== undefined) {
        pending = pending.where('created_by', '=', createdBy);
        running = running.where('created_by', '=', createdBy);
      }
      await pending.execute();
      await running.execute();
      return this.find(id, createdBy);
    },

    /** Puts a failed or partial task back in the queue with `changes`; false when it is in another state. */
    async requeue(id: string, createdBy: string | undefined, changes: TaskChanges): Promise<boolean> {
      let query = db
        .updateTable('fs_tasks')
        .set({ ...changes, status: 'pending', worker_id: null, lease_expires_at: null, cancel_requested: 0 })
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'partial']);
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    },

    /** Deletes finished tasks (one, or all of a creator's, or all); returns how many. */
    async deleteFinished(createdBy: string | undefined, id?: string): Promise<number> {
      let query = db.deleteFrom('fs_tasks').where('status', 'in', FINISHED);
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      if (id !== undefined) query = query.where('id', '=', id);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },
  };
}
export type TasksRepository = ReturnType<typeof tasksRepository>;
