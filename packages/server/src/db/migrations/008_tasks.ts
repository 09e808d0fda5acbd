import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Server-side tasks (copies, folder deletes, ZIP builds): one row per task, so any instance can show,
 * cancel or retry it and exactly one worker runs it.
 *
 * A worker claims a `pending` row (or a `running` one whose lease ran out: its worker died) by setting
 * `worker_id` and `lease_expires_at` and adding one to `attempts`; it renews the lease while the handler
 * runs. `checkpoint` is the handler's own resume state (e.g. the files a copy has finished), kept across
 * claims. `failed_items` is a JSON array of `{ item, reason }`; `payload` is the handler's input (JSON).
 * `cancel_requested` is how a cancel on any instance reaches the worker running the task.
 * Numbered 007: 006 is the mounts migration.
 */
export const tasks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_tasks')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('checkpoint', 'text')
      .addColumn('progress_current', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('progress_total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('current_file', 'text')
      .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_items', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('worker_id', 'text')
      .addColumn('lease_expires_at', 'text')
      .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('completed_at', 'text')
      .addCheckConstraint(
        'fs_tasks_status_check',
        sql`status in ('pending', 'running', 'completed', 'failed', 'cancelled', 'partial')`,
      )
      .execute();
    // Claiming: the oldest pending task, or a running one whose lease expired.
    await db.schema
      .createIndex('fs_tasks_status_created_idx')
      .on('fs_tasks')
      .columns(['status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('fs_tasks_status_lease_idx')
      .on('fs_tasks')
      .columns(['status', 'lease_expires_at'])
      .execute();
    // A key's own tasks, newest first.
    await db.schema
      .createIndex('fs_tasks_created_by_idx')
      .on('fs_tasks')
      .columns(['created_by', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_tasks').execute();
  },
};
