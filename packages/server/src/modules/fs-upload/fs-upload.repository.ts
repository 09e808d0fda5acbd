import type { Kysely, Selectable } from 'kysely';
import type { Database, FsUploadsTable } from '../../db/schema.js';

/** One browser upload into a mount, with its sizes as numbers. */
export type FsUploadRow = Omit<Selectable<FsUploadsTable>, 'size' | 'part_size'> & {
  size: number;
  part_size: number | null;
};

const toRow = (r: Selectable<FsUploadsTable>): FsUploadRow => ({
  ...r,
  size: Number(r.size),
  part_size: r.part_size === null ? null : Number(r.part_size),
});

/** The `fs_uploads` table (migration 011). */
export function fsUploadsRepository(db: Kysely<Database>) {
  return {
    async insert(row: FsUploadRow): Promise<void> {
      await db.insertInto('fs_uploads').values(row).execute();
    },

    async findById(id: string): Promise<FsUploadRow | undefined> {
      const r = await db.selectFrom('fs_uploads').selectAll().where('id', '=', id).executeTakeFirst();
      return r && toRow(r);
    },

    /** The owner's pending upload of that kind: by id, by multipart upload id, or the newest at a path. */
    async findPending(
      owner: string,
      by: { id: string } | { uploadId: string } | { path: string; staged: true },
    ): Promise<FsUploadRow | undefined> {
      let q = db.selectFrom('fs_uploads').selectAll().where('owner', '=', owner).where('status', '=', 'pending');
      if ('id' in by) q = q.where('id', '=', by.id);
      else if ('uploadId' in by) q = q.where('upload_id', '=', by.uploadId);
      else q = q.where('path', '=', by.path).where('staging_key', 'is not', null);
      const r = await q.orderBy('created_at', 'desc').executeTakeFirst();
      return r && toRow(r);
    },

    /** The owner's pending multipart uploads, oldest first. */
    async listMultipart(owner: string, limit: number): Promise<FsUploadRow[]> {
      const rows = await db
        .selectFrom('fs_uploads')
        .selectAll()
        .where('owner', '=', owner)
        .where('status', '=', 'pending')
        .where('upload_id', 'is not', null)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },

    async update(id: string, patch: Partial<Pick<FsUploadRow, 'status' | 'touched_at' | 'expires_at'>>) {
      await db.updateTable('fs_uploads').set(patch).where('id', '=', id).execute();
    },

    /** Takes a pending row for a commit or abort: true for the one caller that changed it. */
    async claim(id: string, status: 'committed', expiresAt: string): Promise<boolean> {
      const res = await db
        .updateTable('fs_uploads')
        .set({ status, expires_at: expiresAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('fs_uploads').where('id', '=', id).execute();
    },

    /** Pending rows idle since `idleBefore` or started before `startedBefore`, and committed rows whose URL expired. */
    async findSweepable(now: string, idleBefore: string, startedBefore: string, limit: number): Promise<FsUploadRow[]> {
      const rows = await db
        .selectFrom('fs_uploads')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'pending'),
              eb.or([eb('touched_at', '<', idleBefore), eb('created_at', '<', startedBefore)]),
            ]),
            eb.and([eb('status', '=', 'committed'), eb('expires_at', '<', now)]),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map(toRow);
    },
  };
}
export type FsUploadsRepository = ReturnType<typeof fsUploadsRepository>;
