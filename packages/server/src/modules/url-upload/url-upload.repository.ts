import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadJobsTable } from '../../db/schema.js';

/** A job row with byte counts as numbers (PostgreSQL returns int8 as strings). */
export type UploadJobRow = Omit<Selectable<UploadJobsTable>, 'bytes_total' | 'bytes_fetched' | 'bytes_stored'> & {
  bytes_total: number | null;
  bytes_fetched: number;
  bytes_stored: number;
};

export interface JobProgress {
  progress: number;
  bytes_fetched: number;
  bytes_stored: number;
  updated_at: string;
}

function normalize(row: Selectable<UploadJobsTable>): UploadJobRow {
  const total = row.bytes_total;
  return {
    ...row,
    bytes_total: total === null ? null : Number(total),
    bytes_fetched: Number(row.bytes_fetched),
    bytes_stored: Number(row.bytes_stored),
  };
}

/** Progress rows of server-side URL fetches. */
export function uploadJobsRepository(db: Kysely<Database>) {
  return {
    async insert(row: UploadJobRow): Promise<void> {
      await db.insertInto('upload_jobs').values(row).execute();
    },

    /** How many fetches of a creator are running now. */
    async countRunning(createdBy: string): Promise<number> {
      const row = await db
        .selectFrom('upload_jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('created_by', '=', createdBy)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async find(fileId: string, createdBy: string): Promise<UploadJobRow | undefined> {
      const row = await db
        .selectFrom('upload_jobs')
        .selectAll()
        .where('file_id', '=', fileId)
        .where('created_by', '=', createdBy)
        .executeTakeFirst();
      return row && normalize(row);
    },

    /** Records progress of a running job; false when it is no longer running (cancelled elsewhere). */
    async progress(fileId: string, progress: JobProgress): Promise<boolean> {
      const result = await db
        .updateTable('upload_jobs')
        .set(progress)
        .where('file_id', '=', fileId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends a running job (completed, failed or cancelled); a job already ended keeps its status. */
    async finish(
      fileId: string,
      status: 'completed' | 'failed' | 'cancelled',
      changes: { error?: string | null; progress?: number; updated_at: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('upload_jobs')
        .set({ ...changes, status })
        .where('file_id', '=', fileId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Running jobs silent since `before` died with their instance: marked failed. Returns how many. */
    async failStale(before: string, now: string, error: string): Promise<number> {
      const result = await db
        .updateTable('upload_jobs')
        .set({ status: 'failed', error, updated_at: now })
        .where('status', '=', 'running')
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Ended jobs older than `before` are forgotten. Returns how many. */
    async deleteEndedBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom('upload_jobs')
        .where('status', '!=', 'running')
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type UploadJobsRepository = ReturnType<typeof uploadJobsRepository>;
